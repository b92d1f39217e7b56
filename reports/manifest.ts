/**
 * manifest.json: what a result folder holds and how it was made. Every result folder (run, sweep,
 * reproduce) has one; `kind` tells readers (e.g. `hexa report`) which CSVs to expect.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What wrote a result folder: `hexa run`, `hexa sweep` or `hexa reproduce`. */
export type ResultKind = 'run' | 'sweep' | 'reproduce';

export interface Manifest {
  readonly kind: ResultKind;
  readonly tool: 'hexa-sim';
  readonly version: string;
  /** The source commit, when the package runs from a git checkout. */
  readonly gitCommit: string | null;
  readonly seed: number;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** Command-specific content: the configuration, the grid, the arms, file names … */
  readonly [key: string]: unknown;
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

let commit: string | null | undefined;

/** The checkout's commit, or null outside a git checkout (git is asked once per process). */
export function gitCommit(): string | null {
  if (commit !== undefined) return commit;
  try {
    commit =
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null;
  } catch {
    commit = null;
  }
  return commit;
}

export function makeManifest(
  kind: ResultKind,
  seed: number,
  startedAt: Date,
  content: Record<string, unknown>,
): Manifest {
  return {
    kind,
    tool: 'hexa-sim',
    version: packageVersion(),
    gitCommit: gitCommit(),
    seed,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    ...content,
  };
}
