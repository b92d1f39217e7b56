/**
 * A sweep run in this process (`runSweep`), written as the folder `hexa sweep` writes — results.csv and
 * manifest.json (cells/ compacted away once every cell is done, unless `keepCells`), by the same store and
 * manifest writer — so `hexa report` reads it, and `hexa sweep --resume` over the same cells finds it done.
 */
import { prepareFolder, type FolderOptions } from '../../../reports/folders/folders.js';
import { replicateCsvLines } from '../../../reports/csv/rows.js';
import { cellPrefix } from '../../../reports/csv/sweepColumns.js';
import type { SweepResult } from '../../../sim/experiment/sweep.js';
import { idAt, planConfigs } from '../cells.js';
import { lockFolder } from '../../../reports/store/lock.js';
import { DEFAULT_FORMAT, type ResultFormat } from '../../../reports/parquet/sweepTables.js';
import { countCells, statusOf, writeSweepManifest } from './manifest.js';
import { COMPACTED } from './compacted.js';
import { clearSweepFiles, compactCells, ensureCellsDir, saveCellRows, scanCells } from './store.js';
import { assembleResults, finishedFiles } from './results.js';

/**
 * An in-process sweep's folder: cells/<id>.csv, results.csv (the columns and rows of `hexa sweep`) and
 * manifest.json (kind 'sweep'). A folder that exists is refused unless `force`, which replaces only the
 * files a sweep writes there.
 */
export function writeSweepFolder(
  dir: string,
  sweep: SweepResult,
  options: FolderOptions & {
    readonly format?: ResultFormat;
    /** Keep cells/ when every cell is done (compacted into the result tables otherwise). */
    readonly keepCells?: boolean;
  } = {},
): void {
  const startedAt = options.startedAt ?? new Date();
  prepareFolder(dir, options.force === true);
  const lock = lockFolder(dir);
  try {
    const keep = options.keepCells === true;
    writeCells(dir, sweep, startedAt, options.force === true, options.format ?? DEFAULT_FORMAT, keep);
  } finally {
    lock.release();
  }
}

function writeCells(
  dir: string,
  sweep: SweepResult,
  startedAt: Date,
  force: boolean,
  format: ResultFormat,
  keepCells: boolean,
): void {
  const plan = planConfigs(sweep.cells.map((c) => c.config));
  if (force) clearSweepFiles(dir);
  ensureCellsDir(dir);
  const byId = new Map(sweep.cells.map((c) => [c.id, c]));
  const all = Array.from({ length: plan.ids.length }, (_, p) => p);
  for (const p of all) {
    const id = idAt(plan, p);
    const cell = byId.get(id)!;
    const prefix = cellPrefix(plan.columns, id, cell.config);
    saveCellRows(dir, id, (emit) => cell.replicates.forEach((rounds, r) => emit(replicateCsvLines(prefix, r, rounds))));
  }
  const states = scanCells(dir, plan);
  const checksums = assembleResults(dir, plan, format, finishedFiles(dir, plan, all, states));
  const status = statusOf(countCells(all, states));
  const compact = status === 'done' && !keepCells;
  const extra = compact ? { store: COMPACTED } : {};
  writeSweepManifest(dir, plan, { index: 0, count: 1 }, all, startedAt, status, states, checksums, extra);
  if (compact) compactCells(dir);
}
