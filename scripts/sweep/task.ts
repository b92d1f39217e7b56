/**
 * A task of the sweep's pool: run the replicates of a few whole cells (or of one part of a cell) and publish
 * their rows (cells/<id>.csv, or a part file the main thread joins). Rows go straight to disk from the thread
 * that made them, so the main thread only counts; a failure is returned, and recorded there.
 */
import type { Run, RunConfig } from '../../sim/experiment/config.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { ensureModules } from '../../sim/agent/plugins/load.js';
import { threadTrespass } from '../../sim/core/guard/sandbox.js';
import { runReplicate } from '../../sim/experiment/replicate.js';
import { configColumns, replicateCsvLines } from '../../reports/csv/rows.js';
import { cellPrefix } from '../../reports/csv/sweepColumns.js';
import type { Piece } from '../../sim/core/parallel/split.js';
import { saveCellPart, saveCellRows } from './folder/store.js';
import type { ReplicateRecord } from '../../reports/skillDb/writer.js';
import { isDiskFull } from './diskFull.js';

/** Some replicates of one cell (`piece`): the whole cell, or one part of a cell split across threads. */
export interface CellSlice {
  readonly id: string;
  /** Normalized where the sweep was planned; it crosses to the worker as plain data. */
  readonly config: Run;
  readonly piece: Piece;
  /** false: the cell's rows are already in the folder (a resume): run it only for its skill histories. */
  readonly rows: boolean;
}

/** One task of the pool: a few whole small cells, or one part of a large one. */
export interface SweepTask {
  readonly dir: string;
  readonly columns: readonly string[];
  readonly slices: readonly CellSlice[];
  /** Record each replicate's skill history and send it back (a sweep writing --library-db). */
  readonly histories: boolean;
}

export type SliceOutcome =
  | { readonly ok: true; readonly attempts: number; readonly records?: readonly ReplicateRecord[] }
  | { readonly ok: false; readonly error: string; readonly diskFull?: true };

/**
 * Test hook, not a user feature: HEXA_SWEEP_FAIL_WHEN="column=value" makes every cell whose tidy
 * configuration column has that value throw, so tests can check failure recording end to end.
 */
function injectedFailure(config: RunConfig): void {
  const rule = process.env.HEXA_SWEEP_FAIL_WHEN;
  if (rule === undefined || rule === '') return;
  const eq = rule.indexOf('=');
  const value = configColumns(config)[rule.slice(0, eq)];
  if (value !== undefined && String(value) === rule.slice(eq + 1)) throw new Error(`injected failure (${rule})`);
}

/** Run every slice of the task; a whole cell is published as its file, a part as a part file. */
export async function runTask(task: SweepTask): Promise<SliceOutcome[]> {
  const outcomes: SliceOutcome[] = [];
  for (const slice of task.slices) outcomes.push(await runSlice(task, slice));
  return outcomes;
}

async function runSlice({ dir, columns, histories }: SweepTask, slice: CellSlice): Promise<SliceOutcome> {
  const { id, config } = slice;
  const { from, to } = slice.piece;
  try {
    // A worker loads the plugin files the cell names, and refuses one that changed since the sweep began.
    if (config.modules !== undefined) await ensureModules(config.modules);
    injectedFailure(config);
    const spec = envSpecOf(config);
    const prefix = cellPrefix(columns, id, config);
    let attempts = 0;
    const records: ReplicateRecord[] = [];
    const options = histories
      ? {
          onHistory: (history: ReplicateRecord['history'], rounds: ReplicateRecord['rounds']) =>
            void records.push({ history, rounds }),
        }
      : {};
    const rows = (emit: (text: string) => void): void => {
      for (let r = from; r < to; r++) {
        const rounds = runReplicate(config, spec, r, options);
        for (const m of rounds) attempts += m.attempts;
        emit(replicateCsvLines(prefix, r, rounds));
      }
      // Before the cell is published: rows made while a plugin changed the built-ins are not the cell's.
      const trespass = threadTrespass();
      if (trespass !== null) throw trespass;
    };
    if (!slice.rows) rows(() => {});
    else if (slice.piece.parts === 1) saveCellRows(dir, id, rows);
    else saveCellPart(dir, id, from, rows);
    return histories ? { ok: true, attempts, records } : { ok: true, attempts };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    // A full disk is not the cell's fault: it ends the sweep, the cell left to a resume (execute.ts).
    return isDiskFull(e) ? { ok: false, error, diskFull: true } : { ok: false, error };
  }
}
