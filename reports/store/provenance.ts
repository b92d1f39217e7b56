/**
 * Where a result came from, as every manifest records it: the Node version, platform and architecture, the
 * command line, and hexa-sim's own version and commit. The commit (with a dirty flag) is recorded only when
 * hexa-sim's folder is itself the root of a git checkout: installed inside someone's project, `git` would
 * answer for that project, not for hexa-sim. Kept apart from the manifest's layout so that any file written
 * beside the results (a library database, say) can carry the same record.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Provenance {
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  /** The command as typed: the program's name, then its arguments. */
  readonly argv: readonly string[];
  readonly hexaSim: {
    readonly version: string;
    /** null unless hexa-sim runs from its own git checkout. */
    readonly commit: string | null;
    /** Uncommitted changes to tracked files of that checkout; absent without a commit. */
    readonly dirty?: boolean;
  };
}

/** The package root (works from sources and from dist/). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'hexa-sim') return dir;
    } catch {
      // not here; go up
    }
    dir = dirname(dir);
  }
  throw new Error('hexa-sim: package.json not found');
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

const git = (root: string, args: readonly string[]): string =>
  execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();

export interface Checkout {
  readonly commit: string | null;
  readonly dirty?: boolean;
}

/**
 * The commit and dirty flag of the git checkout whose root is `folder`; no commit when `folder` is not a
 * checkout's root (inside another repository, or none) or git is missing.
 */
export function checkoutOf(folder: string): Checkout {
  try {
    const root = realpathSync(folder);
    if (realpathSync(git(root, ['rev-parse', '--show-toplevel'])) !== root) return { commit: null };
    const commit = git(root, ['rev-parse', 'HEAD']);
    if (!/^[0-9a-f]{40,64}$/.test(commit)) return { commit: null };
    return { commit, dirty: git(root, ['status', '--porcelain', '--untracked-files=no']) !== '' };
  } catch {
    return { commit: null };
  }
}

let checkout: Checkout | undefined;

/** hexa-sim's own commit and dirty flag (git is asked once per process). */
export function ownCheckout(): Checkout {
  checkout ??= checkoutOf(packageRoot());
  return checkout;
}

/** The command line as typed: `hexa sweep …` for the CLI, the script's name for a program using the API. */
export function commandLine(argv: readonly string[] = process.argv): string[] {
  const script = argv[1] === undefined ? 'node' : basename(argv[1]);
  return [/^hexa\.[jt]s$/.test(script) ? 'hexa' : script, ...argv.slice(2)];
}

export function provenance(): Provenance {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    argv: commandLine(),
    hexaSim: { version: packageVersion(), ...ownCheckout() },
  };
}
