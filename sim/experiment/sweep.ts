/**
 * A sweep in one process: a list of configurations (the cells) run one after the other, each named by its
 * cell id and kept in id order — the same cells, ids and rows as `hexa sweep` for the same grid. The cells
 * share the seed and the replicate count, so replicate r of every cell draws the same numbers (paired).
 * For grids too large for one process's memory or one core, use `hexa sweep` (workers, shards, resume).
 */
import type { RoundMetrics } from '../core/metrics.js';
import { msg } from '../core/messages.js';
import { cellId } from './cellId.js';
import type { Run } from './config.js';
import { runExperiment } from './experiment.js';

/** One configuration of a sweep, under its cell id, with every replicate's per-round metrics. */
export interface SweepCell {
  readonly id: string;
  readonly config: Run;
  /** [replicate][round] */
  readonly replicates: RoundMetrics[][];
}

/** A sweep run in this process: its cells in id order, sharing the seed and the replicate count. */
export interface SweepResult {
  readonly seed: number;
  readonly replicates: number;
  /** In cell-id order (as results.csv lists them). */
  readonly cells: readonly SweepCell[];
}

/**
 * Run every configuration; `onCell` reports progress. Throws RangeError on mixed seeds or replicate counts, or a
 * repeated cell.
 */
export function runSweep(configs: readonly Run[], onCell?: (done: number, total: number) => void): SweepResult {
  const first = configs[0];
  if (first === undefined) throw new RangeError(msg.sweepEmpty());
  for (const c of configs)
    if (c.seed !== first.seed || c.replicates !== first.replicates) throw new RangeError(msg.sweepMixed());
  const named = configs.map((config) => ({ id: cellId(config), config }));
  named.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 1; i < named.length; i++)
    if (named[i]!.id === named[i - 1]!.id) throw new RangeError(msg.sweepRepeatedCell(named[i]!.id));
  const cells = named.map(({ id, config }, i) => {
    const cell = { id, config, replicates: runExperiment(config).replicates };
    onCell?.(i + 1, named.length);
    return cell;
  });
  return { seed: first.seed, replicates: first.replicates, cells };
}
