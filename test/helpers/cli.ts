/**
 * Run the hexa CLI in a child process, as a user would: every CLI test calls `hexa(args)` from here.
 *
 * The CLI runs compiled, from a build of the current sources in the git-ignored .vitest-cache/ (made once per
 * source state, by vitest's global setup before any test file starts, test/helpers/globalSetup.ts), because a
 * CLI started through tsx compiles every module again in the main thread and in every worker thread.
 * `fromSources` runs it through tsx instead, for the few tests that cover that path.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCES_BUILD } from '../../sim/core/host/node/threads.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const SOURCE_DIRS = ['sim', 'envs', 'reports', 'scripts'];
/** Where the global setup leaves the built CLI's path for the test files (and what a developer may set). */
export const BUILT_CLI_ENV = 'HEXA_TEST_CLI';

function sourceHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (rel.endsWith('.ts')) h.update(rel).update(readFileSync(join(ROOT, rel)));
    }
  };
  SOURCE_DIRS.forEach(walk);
  h.update(readFileSync(join(ROOT, 'tsconfig.json'))).update(readFileSync(join(ROOT, 'tsconfig.build.json')));
  return h.digest('hex').slice(0, 16);
}

let built: string | undefined;

/**
 * The compiled CLI for the current sources: the global setup's, or built here on first use when a test file runs
 * without it (an editor's runner); concurrent builds of the same sources keep the first.
 */
export function builtCli(): string {
  built ??= process.env[BUILT_CLI_ENV] || buildCli();
  return built;
}

function buildCli(): string {
  const dir = join(ROOT, '.vitest-cache', `cli-${sourceHash()}`);
  const entry = join(dir, 'scripts', 'hexa.js');
  if (!existsSync(entry)) {
    mkdirSync(join(ROOT, '.vitest-cache'), { recursive: true });
    const tmp = `${dir}.tmp-${process.pid}`;
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json', '--outDir', tmp], { cwd: ROOT, stdio: 'pipe' });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another run built it first
    }
  }
  return entry;
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Added to the test's environment. */
  readonly env?: NodeJS.ProcessEnv;
  /** The working directory (default: the repository), for relative output paths. */
  readonly cwd?: string;
  /** Run the TypeScript sources through tsx instead of the compiled CLI. */
  readonly fromSources?: boolean;
  /** What the CLI reads on stdin. */
  readonly input?: string;
}

/** node's arguments to run `hexa args…`. */
export function hexaArgv(args: readonly string[], fromSources = false): string[] {
  return fromSources ? ['--import', TSX, join(ROOT, 'scripts', 'hexa.ts'), ...args] : [builtCli(), ...args];
}

/** `hexa args…` run to its end, with its exit status and what it printed. */
export function hexa(args: readonly string[], options: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, hexaArgv(args, options.fromSources), {
    cwd: options.cwd ?? ROOT,
    // From the sources, the threads too: without the tests' build of them (globalSetup.ts), through tsx.
    env: { ...process.env, ...(options.fromSources === true ? { [SOURCES_BUILD]: undefined } : {}), ...options.env },
    encoding: 'utf8',
    input: options.input,
    // A hung CLI would block the test file for good (vitest's timeouts cannot interrupt a synchronous spawn).
    timeout: 600_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Start the CLI without waiting (for tests that kill it). */
export function hexaSpawn(args: readonly string[], options: { readonly cwd?: string } = {}): ChildProcess {
  return spawn(process.execPath, hexaArgv(args), { cwd: options.cwd ?? ROOT, stdio: 'ignore' });
}

/** A fresh temporary folder named after the test. */
export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `hexa-${tag}-`));
}
