/**
 * Run a planned sweep into a folder: skip cells already finished there (resume), run the rest on the
 * worker pool, record failures, then assemble results.csv and the manifest in canonical order.
 */
import { mkdirSync } from 'node:fs';
import type { SweepPlan } from './cells.js';
import { cellConfig, idAt, shardPositions } from './cells.js';
import { runCells } from './pool.js';
import { startProgress, type ProgressMode } from './progress.js';
import { assembleResults, DONE, ensureCellsDir, finishedFiles, saveCellFailure, scanCells } from './store.js';
import { countCells, statusOf, writeSweepManifest, type CellCounts, type Shard, type SweepStatus } from './sweepManifest.js';
import type { CellTask } from './worker.js';

export interface SweepOptions {
  readonly dir: string;
  readonly plan: SweepPlan;
  readonly shard: Shard;
  readonly workers: number;
  readonly failFast: boolean;
  readonly progress: ProgressMode;
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
  function* tasks(): Generator<CellTask> {
    for (const p of positions) {
      if (before.status[p] !== DONE) yield { dir, id: idAt(plan, p), config: cellConfig(plan.grid, plan.combos[p]!), columns: plan.columns };
    }
  }

  const progress = await startProgress(options.progress, positions.length, skipped);
  let ran = 0;
  try {
    await runCells(tasks(), {
      workers: Math.max(1, Math.min(options.workers, positions.length - skipped)), // no idle threads for a small grid
      failFast: options.failFast,
      onOutcome(task, outcome) {
        ran++;
        if (!outcome.ok) saveCellFailure(dir, task.id, outcome.error);
        progress.cell(outcome.ok ? outcome.attempts : 0);
      },
    });
  } finally {
    progress.stop();
  }

  const after = scanCells(dir, plan);
  const counts = countCells(positions, after);
  const status = statusOf(counts);
  assembleResults(dir, plan.columns, finishedFiles(dir, plan, positions, after));
  writeSweepManifest(dir, plan, shard, positions, started, status, after);
  const failures = [...after.errors].sort(([a], [b]) => a - b).map(([p, error]) => ({ id: idAt(plan, p), error }));
  return { out: dir, status, gridId: plan.gridId, shard, ...counts, ran, skipped, seconds: (Date.now() - started.getTime()) / 1000, failures };
}
