/**
 * manifest.json: what a result folder holds and how it was made. Every result folder (run, sweep,
 * reproduce) has one; `kind` tells readers (e.g. `hexa report`) which CSVs to expect.
 */
import { ownCheckout, packageVersion, provenance } from './store/provenance.js';

export { packageRoot, packageVersion } from './store/provenance.js';

/** What wrote a result folder: `hexa run`, `hexa sweep` or `hexa reproduce`. */
export type ResultKind = 'run' | 'sweep' | 'reproduce';

export interface Manifest {
  readonly kind: ResultKind;
  readonly tool: 'hexa-sim';
  readonly version: string;
  /** hexa-sim's commit, when it runs from its own git checkout (never the commit of a project it is installed in). */
  readonly gitCommit: string | null;
  readonly seed: number;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** Node, platform, command line, hexa-sim's version, commit and dirty flag (reports/store/provenance.ts). */
  readonly provenance: ReturnType<typeof provenance>;
  /** Command-specific content: the configuration, the grid, the arms, file names, checksums … */
  readonly [key: string]: unknown;
}

/** hexa-sim's own commit, or null (see ownCheckout). */
export function gitCommit(): string | null {
  return ownCheckout().commit;
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
    provenance: provenance(),
    ...content,
  };
}
