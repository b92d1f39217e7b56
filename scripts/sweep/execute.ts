/**
 * Run a planned sweep into a folder: skip cells already finished there (resume), run the rest on the
 * worker pool, record failures, then assemble results.csv and the manifest in canonical order.
 *
 * Work is handed out in tasks sized to the machine: with fewer cells than the workers can share evenly
 * (a short sweep of 3 cells on 2 workers would leave one idle half the time), each cell is cut into parts
 * of consecutive replicates, joined in replicate order when all are in; with many small cells, a task
 * carries several, so the per-task overhead is spread over them. Either way the files are the same.
 */
import { mkdirSync } from 'node:fs';
import type { SweepPlan } from './cells.js';
import { cellConfig, idAt, positionOf, shardPositions } from './cells.js';
import { runTasks, startPool, type SweepPool } from './pool.js';
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
} from './store.js';
import {
  countCells,
  statusOf,
  writeSweepManifest,
  type CellCounts,
  type Shard,
  type SweepStatus,
} from './sweepManifest.js';
import type { CellSlice, SliceOutcome, SweepTask } from './worker.js';

/** Tasks per worker to aim at: enough that the last ones to finish are short. */
const TASKS_PER_WORKER = 16;
/** Most whole cells in one task (progress stays fine-grained, tasks stay small). */
const MAX_CELLS_PER_TASK = 64;

/**
 * How to cut `cells` pending cells of `replicates` each into tasks for `workers`: into `parts` parts of
 * consecutive replicates per cell, or `perTask` whole cells per task.
 */
export function chunking(cells: number, replicates: number, workers: number): { parts: number; perTask: number } {
  const perTaskReplicates = Math.max(1, Math.ceil((cells * replicates) / (workers * TASKS_PER_WORKER)));
  if (workers > 1 && perTaskReplicates < replicates)
    return { parts: Math.min(replicates, Math.ceil(replicates / perTaskReplicates)), perTask: 1 };
  return { parts: 1, perTask: Math.max(1, Math.min(MAX_CELLS_PER_TASK, Math.floor(perTaskReplicates / replicates))) };
}

/** Where part i of `parts` of a cell of `replicates` starts (the last ends at `replicates`). */
export const partStart = (i: number, parts: number, replicates: number): number => Math.floor((i * replicates) / parts);

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
  const replicates = plan.ids.length === 0 ? 1 : cellConfig(plan.grid, plan.combos[0]!).replicates;
  return Math.max(1, Math.min(workers, cells * replicates));
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
  const replicates = plan.ids.length === 0 ? 1 : cellConfig(plan.grid, plan.combos[0]!).replicates;
  const pool = options.pool ?? startPool(usefulWorkers(options.workers, plan, pending));
  const { parts, perTask } = chunking(pending, replicates, pool.workers);
  const starts = Array.from({ length: parts }, (_, i) => partStart(i, parts, replicates));
  function* tasks(): Generator<SweepTask> {
    let slices: CellSlice[] = [];
    for (const p of positions) {
      if (before.status[p] === DONE) continue;
      const id = idAt(plan, p);
      const config = cellConfig(plan.grid, plan.combos[p]!);
      for (let i = 0; i < parts; i++) {
        slices.push({ id, config, from: starts[i]!, to: i + 1 < parts ? starts[i + 1]! : replicates });
        // A part is a task of its own; whole cells go `perTask` to a task.
        if (slices.length >= perTask) {
          yield { dir, columns: plan.columns, slices };
          slices = [];
        }
      }
    }
    if (slices.length > 0) yield { dir, columns: plan.columns, slices };
  }

  // A cell run in parts is done when its last part is in: attempts so far, parts missing, whether one failed.
  const split = new Map<string, { attempts: number; missing: number; failed: boolean }>();
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
  try {
    await runTasks(pool, tasks(), {
      failFast: options.failFast,
      onOutcome(task, outcomes) {
        task.slices.forEach((slice, k) => {
          const outcome = outcomes[k]!;
          if (parts === 1) return cellEnded(slice.id, outcome);
          const cell = split.get(slice.id) ?? { attempts: 0, missing: parts, failed: false };
          split.set(slice.id, cell);
          cell.missing--;
          if (outcome.ok) cell.attempts += outcome.attempts;
          else if (!cell.failed) {
            cell.failed = true;
            cellEnded(slice.id, outcome);
          }
          if (cell.failed) dropCellParts(dir, slice.id, starts);
          else if (cell.missing === 0) {
            joinCellParts(dir, slice.id, starts);
            cellEnded(slice.id, { ok: true, attempts: cell.attempts });
          }
          if (cell.missing === 0) split.delete(slice.id);
        });
      },
    });
  } catch (e) {
    results.abandon();
    throw e;
  } finally {
    progress.stop();
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
