/**
 * Run a planned sweep into a folder: skip cells already finished there (resume), run the rest on the
 * worker pool, record failures, then assemble results.csv and the manifest in canonical order.
 *
 * Work is handed out in tasks sized to the machine (the one replicate splitter, sim/core/parallel/split.ts):
 * with fewer cells than the workers can share evenly (a short sweep of 3 cells on 2 workers would leave one
 * idle half the time), each cell is cut into parts of consecutive replicates, joined in replicate order when
 * all are in; with many small cells, a task carries several, so the per-task overhead is spread over them.
 * Either way the files are the same.
 */
import { mkdirSync } from 'node:fs';
import type { SweepPlan } from './cells.js';
import { idAt, positionOf, shardPositions } from './cells.js';
import { WorkerPool } from '../../sim/core/parallel/pool.js';
import { PartJoiner, partStart, splitReplicates, type SplitOptions } from '../../sim/core/parallel/split.js';
import { startProgress, type ProgressMode } from './progress.js';
import {
  assembleResults,
  DONE,
  dropCellParts,
  ensureCellsDir,
  finishedFiles,
  joinCellParts,
  ResultsWriter,
  saveCellFailure,
  scanCells,
} from './folder/store.js';
import {
  countCells,
  statusOf,
  writeSweepManifest,
  type CellCounts,
  type Shard,
  type SweepStatus,
} from './folder/manifest.js';
import { runTask, type CellSlice, type SliceOutcome, type SweepTask } from './task.js';

/**
 * How a sweep's pending cells are cut for the pool (see splitReplicates): 16 tasks a thread; whole cells up to
 * 64 a task (progress stays fine-grained, tasks stay small).
 */
export const SWEEP_SPLIT: SplitOptions = { tasksPerThread: 16, maxUnitsPerTask: 64 };

/**
 * The sweep's threads: this one and `workers` − 1 worker threads (the one pool, sim/core/parallel/pool.ts),
 * started once for the sweep. Tasks are taken from a generator as threads free up, so the queue — and
 * memory — stays small however many cells the grid has.
 */
export type SweepPool = WorkerPool<SweepTask, SliceOutcome[]>;

/** Start the threads (early, so they load while the main thread prepares the folder). */
export function startPool(workers: number): SweepPool {
  // A cell allocates almost nothing per attempt, so a small young generation costs no speed and keeps each
  // worker's memory from growing with the length of the sweep (docs/performance.md).
  return new WorkerPool(new URL('./worker.js', import.meta.url), workers, runTask, { youngGenerationMb: 4 });
}

/** A task that throws, or whose worker thread dies, fails its cells. */
const failedTask = (task: SweepTask, e: Error): SliceOutcome[] =>
  task.slices.map(() => ({ ok: false, error: e.message }));

export interface SweepOptions {
  readonly dir: string;
  readonly plan: SweepPlan;
  readonly shard: Shard;
  readonly workers: number;
  readonly failFast: boolean;
  readonly progress: ProgressMode;
  /** Threads already started (`startPool`), so they loaded while the folder was prepared; else started here. */
  readonly pool?: SweepPool;
}

/** The threads a sweep can use: no more than it has replicates to share out (a tiny grid). */
export function usefulWorkers(workers: number, plan: SweepPlan, cells: number): number {
  return Math.max(1, Math.min(workers, cells * plan.replicates));
}

export interface SweepSummary extends CellCounts {
  readonly out: string;
  readonly status: SweepStatus;
  readonly gridId: string;
  readonly shard: Shard;
  /** Cells run by this invocation, and cells found finished (resume). */
  readonly ran: number;
  readonly skipped: number;
  readonly seconds: number;
  readonly failures: readonly { readonly id: string; readonly error: string }[];
}

export async function executeSweep(options: SweepOptions): Promise<SweepSummary> {
  const { dir, plan, shard } = options;
  const started = new Date();
  const positions = shardPositions(plan, shard.index, shard.count);
  mkdirSync(dir, { recursive: true });
  ensureCellsDir(dir);
  const before = scanCells(dir, plan);
  writeSweepManifest(dir, plan, shard, positions, started, 'running');

  const skipped = countCells(positions, before).done;
  const pending = positions.length - skipped;
  // Replicates take one value in a sweep: every cell has as many.
  const replicates = plan.replicates;
  const pool = options.pool ?? startPool(usefulWorkers(options.workers, plan, pending));
  const pendingAt = skipped === 0 ? positions : positions.filter((p) => before.status[p] !== DONE);
  function* tasks(): Generator<SweepTask> {
    for (const pieces of splitReplicates(pendingAt.length, () => replicates, pool.threads, SWEEP_SPLIT)) {
      const slices = pieces.map((piece) => {
        const p = pendingAt[piece.unit]!;
        return { id: idAt(plan, p), config: plan.configAt(p), piece };
      });
      yield { dir, columns: plan.columns, slices };
    }
  }

  // A cell run in parts is done when its last part is in; it has failed as soon as one part has.
  const joiner = new PartJoiner<SliceOutcome>();
  const failedCells = new Set<string>();
  const progress = await startProgress(options.progress, positions.length, skipped);
  const results = new ResultsWriter(dir, plan.columns, plan, positions);
  for (const p of positions) if (before.status[p] === DONE) results.cellEnded(p, true);
  let ran = 0;
  const cellEnded = (id: string, outcome: SliceOutcome): void => {
    ran++;
    if (!outcome.ok) saveCellFailure(dir, id, outcome.error);
    progress.cell(outcome.ok ? outcome.attempts : 0);
    results.cellEnded(positionOf(plan, id), outcome.ok);
  };
  const sliceEnded = ({ id, piece }: CellSlice, outcome: SliceOutcome): void => {
    if (piece.parts === 1) return cellEnded(id, outcome);
    if (!outcome.ok && !failedCells.has(id)) {
      failedCells.add(id);
      cellEnded(id, outcome);
    }
    const parts = joiner.add(piece, outcome);
    if (parts === null) return;
    const starts = Array.from({ length: piece.parts }, (_, i) => partStart(i, piece.parts, replicates));
    if (failedCells.delete(id)) return dropCellParts(dir, id, starts);
    joinCellParts(dir, id, starts);
    cellEnded(id, { ok: true, attempts: parts.reduce((n, o) => n + (o.ok ? o.attempts : 0), 0) });
  };
  let stop = false;
  try {
    // Each thread publishes its cells' files itself; which thread ran a cell does not change them.
    await pool.run(
      tasks(),
      (task, outcomes) => {
        if (options.failFast && outcomes.some((o) => !o.ok)) stop = true;
        task.slices.forEach((slice, k) => sliceEnded(slice, outcomes[k]!));
      },
      { stop: () => stop, failed: failedTask },
    );
  } catch (e) {
    results.abandon();
    throw e;
  } finally {
    progress.stop();
    await pool.close();
  }

  const after = scanCells(dir, plan);
  const counts = countCells(positions, after);
  const status = statusOf(counts);
  // The folder is the record: should it hold other finished cells than were written as they ended, assemble anew.
  if (results.finish() !== counts.done) assembleResults(dir, plan.columns, finishedFiles(dir, plan, positions, after));
  writeSweepManifest(dir, plan, shard, positions, started, status, after);
  const failures = [...after.errors].sort(([a], [b]) => a - b).map(([p, error]) => ({ id: idAt(plan, p), error }));
  return {
    out: dir,
    status,
    gridId: plan.gridId,
    shard,
    ...counts,
    ran,
    skipped,
    seconds: (Date.now() - started.getTime()) / 1000,
    failures,
  };
}
