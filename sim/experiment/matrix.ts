/**
 * The HExA configuration matrix run cell by cell: the same world, protocol, agent and seed under each of
 * the nine library modes, scored with the paper's run-level metrics. Evaluation rounds draw the same random
 * numbers in every mode (see sim/experiment/replicate.ts), so the cells are paired.
 */
import type { Run } from './config.js';
import { runExperiment } from './experiment.js';
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

/** `configFor` builds (and validates) the run for one mode; `onCell` reports progress. */
export function runMatrix(
  configFor: (mode: LibraryMode) => Run,
  onCell?: (done: number, total: number) => void,
): MatrixCell[] {
  const cells: MatrixCell[] = [];
  const total = LIBRARY_SOURCES.length * LIBRARY_DYNAMICS.length;
  for (const source of LIBRARY_SOURCES) {
    for (const dynamics of LIBRARY_DYNAMICS) {
      const mode: LibraryMode = `${source}-${dynamics}`;
      const config = configFor(mode);
      cells.push({ mode, source, dynamics, config, ...runMetrics(runExperiment(config).replicates) });
      onCell?.(cells.length, total);
    }
  }
  return cells;
}
