/**
 * Run the hexa CLI in a child process, as a user would. By default from a build of the current sources
 * (compiled once per source state into the git-ignored .vitest-cache/), because a CLI started through
 * tsx pays the loader in the main thread and again in every worker thread; `fromSources` runs it
 * through tsx to cover that path too.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const SOURCE_DIRS = ['sim', 'envs', 'reports', 'scripts'];

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

/** The compiled CLI for the current sources (built on first use; concurrent test files share it). */
export function builtCli(): string {
  if (built !== undefined) return built;
  const dir = join(ROOT, '.vitest-cache', `cli-${sourceHash()}`);
  const entry = join(dir, 'scripts', 'hexa.js');
  if (!existsSync(entry)) {
    mkdirSync(join(ROOT, '.vitest-cache'), { recursive: true });
    const tmp = `${dir}.tmp-${process.pid}`;
    execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json', '--outDir', tmp], { cwd: ROOT, stdio: 'pipe' });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another test file built it first
    }
  }
  built = entry;
  return entry;
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly env?: Record<string, string>;
  /** The working directory (default: the repository), for relative output paths. */
  readonly cwd?: string;
  readonly fromSources?: boolean;
}

/** node's arguments to run `hexa args…`. */
export function hexaArgv(args: readonly string[], fromSources = false): string[] {
  return fromSources ? ['--import', TSX, join(ROOT, 'scripts', 'hexa.ts'), ...args] : [builtCli(), ...args];
}

export function hexa(args: readonly string[], options: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, hexaArgv(args, options.fromSources), {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Start the CLI without waiting (for tests that kill it). */
export function hexaSpawn(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, hexaArgv(args), { cwd: ROOT, stdio: 'ignore' });
}

export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `hexa-${tag}-`));
}
