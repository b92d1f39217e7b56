/**
 * The HExA configuration matrix run cell by cell: the same world, protocol, agent and seed under each of
 * the nine library modes, scored with the paper's run-level metrics. Evaluation rounds draw the same random
 * numbers in every mode (see sim/experiment/replicate.ts), so the cells are paired.
 */
import type { Run } from './config.js';
import { runExperiments } from './watched.js';
import {
  LIBRARY_DYNAMICS,
  LIBRARY_SOURCES,
  type LibraryDynamics,
  type LibraryMode,
  type LibrarySource,
} from '../agent/modes.js';
import { runMetrics, type RunMetrics } from './runMetrics.js';

export interface MatrixCell extends RunMetrics {
  readonly mode: LibraryMode;
  readonly source: LibrarySource;
  readonly dynamics: LibraryDynamics;
  readonly config: Run;
}

/**
 * `configFor` builds (and validates) the run for one mode; `onCell` reports progress. Runs that call plugin
 * code run on a watched worker thread (watched.ts).
 */
export async function runMatrix(
  configFor: (mode: LibraryMode) => Run,
  onCell?: (done: number, total: number) => void,
): Promise<MatrixCell[]> {
  const modes: { mode: LibraryMode; source: LibrarySource; dynamics: LibraryDynamics; config: Run }[] = [];
  for (const source of LIBRARY_SOURCES) {
    for (const dynamics of LIBRARY_DYNAMICS) {
      const mode: LibraryMode = `${source}-${dynamics}`;
      modes.push({ mode, source, dynamics, config: configFor(mode) });
    }
  }
  const results = await runExperiments(
    modes.map((m) => m.config),
    onCell,
  );
  return modes.map((m, i) => ({ ...m, ...runMetrics(results[i]!.replicates) }));
}
