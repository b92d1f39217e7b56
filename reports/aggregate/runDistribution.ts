/**
 * A group's runs as the aggregate charts need them: how many runs ended the final round at each mean
 * attempt count, on a grid fixed before any run is read (from the group's attempt cap and tasks per round).
 * A report streamed cell by cell can hold this (a few hundred counts a cell) where it cannot hold the runs,
 * and the performance profile, its band and the probability of improvement are all computed from it.
 *
 * A round's mean attempts is a whole number of attempts over `tasks` tasks, so on a grid of step 1/tasks
 * every run falls on a grid point and the counts lose nothing; a finer world than MAX_POINTS allows gets
 * the smallest multiple of that step that fits, and a run is counted at the first grid point at or above it.
 */
import type { GroupInfo } from '../resultFolder.js';

/** At most this many grid points a group: 30 tasks × cap 20 needs 601, and is kept exact. */
export const MAX_POINTS = 1200;

/** Grid points 0, step, 2·step … top, in attempts per task. */
export interface AttemptGrid {
  readonly step: number;
  /** Number of points: top = (size − 1) · step. */
  readonly size: number;
}

export interface RunDistribution {
  readonly grid: AttemptGrid;
  /** counts[i]: runs whose value v has (i − 1) · step < v ≤ i · step (the last point takes everything above). */
  readonly counts: Uint32Array;
  readonly runs: number;
}

/** The grid for a group of `tasks` tasks a round and an attempt cap `cap` (mean attempts lie in [0, cap]). */
export function attemptGrid(cap: number, tasks: number): AttemptGrid {
  const units = Math.max(1, Math.ceil(cap * tasks)); // grid steps of 1/tasks up to the cap
  const merge = Math.ceil((units + 1) / MAX_POINTS);
  return { step: merge / tasks, size: Math.ceil(units / merge) + 1 };
}

/** The grid point index a value is counted at. */
export function pointOf(grid: AttemptGrid, value: number): number {
  // A value on a grid point is k / tasks up to rounding; the tolerance keeps it there.
  const i = Math.ceil(value / grid.step - 1e-7);
  return Math.min(grid.size - 1, Math.max(0, i));
}

/** Counts runs one at a time, for a reader that sees a group's runs in passing. */
export class RunCounter {
  private readonly counts: Uint32Array;
  private runs = 0;

  constructor(readonly grid: AttemptGrid) {
    this.counts = new Uint32Array(grid.size);
  }

  add(value: number): void {
    if (!Number.isFinite(value)) return;
    this.counts[pointOf(this.grid, value)]!++;
    this.runs++;
  }

  done(): RunDistribution {
    return { grid: this.grid, counts: this.counts, runs: this.runs };
  }
}

/** The grid of a group, read off its configuration (cap and tasks, with the published 20 and 30 if absent). */
export function gridOf(params: Readonly<Record<string, string>>): AttemptGrid {
  const read = (text: string | undefined, fallback: number): number => {
    const x = Number(text);
    return text !== undefined && Number.isFinite(x) && x > 0 ? x : fallback;
  };
  return attemptGrid(read(params.cap, 20), Math.round(read(params.tasks, 30)));
}

/** A group's final-round mean attempts, run by run (a GroupSummary keeps them), counted on its grid. */
export function finalRoundDistribution(g: {
  readonly group: GroupInfo;
  readonly finalAttempts: ArrayLike<number>;
}): RunDistribution {
  const counter = new RunCounter(gridOf(g.group.params));
  for (let i = 0; i < g.finalAttempts.length; i++) counter.add(g.finalAttempts[i]!);
  return counter.done();
}
