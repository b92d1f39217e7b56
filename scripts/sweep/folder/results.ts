/**
 * results.csv (and the typed Parquet tables beside it) from a sweep folder's cell files: assembled in canonical
 * order in one pass (`assembleResults`), or written while the sweep runs as cells end (`ResultsWriter`), the
 * rows counted and hashed on the way for the manifest. The cell files themselves are store.ts's.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { at } from '../../../sim/core/at.js';
import { toCsv } from '../../../reports/csv/table.js';
import { HashingWriter, type Checksums } from '../../../reports/store/checksums.js';
import { SweepTables, writesCsv, writesParquet, type ResultFormat } from '../../../reports/parquet/sweepTables.js';
import { syncFolder, temporaryOf, writeDurable } from '../../../reports/store/durable.js';
import { idAt, type SweepPlan } from '../cells.js';
import type { CellSum } from './cellFile.js';
import { DONE, doneFile, fileRows, RESULTS, type CellRows, type CellStates } from './store.js';

/** What was written as results.csv: its rows (without the header), bytes and SHA-256. */
export type ResultsSum = CellSum;

/**
 * Assemble results.csv: the header, then each finished cell's rows, cells in the given (canonical)
 * order. `source` yields where each cell's file is (its own folder, or a shard's when merging), or
 * undefined for a cell without rows.
 */
export function assembleResults(
  dir: string,
  plan: SweepPlan,
  format: ResultFormat,
  sources: Iterable<CellRows | undefined>,
): Checksums {
  const tables = writesParquet(format) ? new SweepTables(dir, plan.columns, plan.envKinds) : undefined;
  try {
    let sum: ResultsSum | undefined;
    const fill = (fd: number | undefined): void => {
      const out = new ResultsOut(fd, plan.columns, tables);
      for (const rows of sources) if (rows !== undefined) out.append(rows);
      sum = out.sum();
    };
    if (writesCsv(format)) writeDurable(join(dir, RESULTS), fill);
    else fill(undefined);
    return { ...(writesCsv(format) && sum !== undefined ? { [RESULTS]: sum } : {}), ...tables?.finish() };
  } catch (e) {
    tables?.abandon();
    throw e;
  }
}

/**
 * The cells' rows going out: to results.csv (the header, then the rows, counted and hashed as they are written;
 * no file with `--format parquet`) and to the typed tables when there are any.
 */
class ResultsOut {
  private readonly out: HashingWriter | undefined;
  private rows = 0;

  constructor(
    fd: number | undefined,
    columns: readonly string[],
    private readonly tables: SweepTables | undefined,
  ) {
    this.out = fd === undefined ? undefined : new HashingWriter(fd);
    this.out?.write(csvHeader(columns));
  }

  append(rows: CellRows): void {
    this.rows += rows((chunk) => {
      this.out?.write(chunk);
      this.tables?.add(chunk);
    }).rows;
    this.tables?.endCell();
  }

  sum(): ResultsSum {
    return { rows: this.rows, bytes: this.out?.bytes ?? 0, sha256: this.out?.digest() ?? '' };
  }
}

/**
 * results.csv written while the sweep runs: the header, then each finished cell's rows as soon as every
 * cell before it in canonical order has ended, so little is left to copy once the last one ends. Until
 * `finish` renames it into place it is a temporary (removed on resume, like any other).
 */
export class ResultsWriter {
  /** Per plan position: 0 not ended, 1 ended with rows, 2 ended without (failed). */
  private readonly ended: Uint8Array;
  private next = 0;
  private readonly tmp: string;
  private readonly fd: number | undefined;
  private readonly tables: SweepTables | undefined;
  private readonly out: ResultsOut;
  /** Cells whose rows are in. */
  private written = 0;

  constructor(
    private readonly dir: string,
    private readonly plan: SweepPlan,
    private readonly order: readonly number[],
    private readonly format: ResultFormat,
  ) {
    this.ended = new Uint8Array(plan.ids.length);
    this.tmp = temporaryOf(join(dir, RESULTS));
    this.fd = writesCsv(format) ? openSync(this.tmp, 'w') : undefined;
    try {
      this.tables = writesParquet(format) ? new SweepTables(dir, plan.columns, plan.envKinds) : undefined;
    } catch (e) {
      // The Parquet tables could not be started (a full disk): the CSV temporary goes too.
      if (this.fd !== undefined) {
        closeSync(this.fd);
        unlinkSync(this.tmp);
      }
      throw e;
    }
    this.out = new ResultsOut(this.fd, plan.columns, this.tables);
  }

  /** The cell at `position` has ended: with its rows file written, or without rows. */
  cellEnded(position: number, rows: boolean): void {
    this.ended[position] = rows ? 1 : 2;
    for (; this.next < this.order.length; this.next++) {
      const p = at(this.order, this.next, 'cells in order');
      if (this.ended[p] === 0) return;
      if (this.ended[p] === 1) this.append(p);
    }
  }

  /**
   * Every cell has had its chance: those that never ended (fail-fast) are left out. Flushes results.csv to the
   * disk and renames it into place; returns how many cells' rows it holds, and its sum.
   */
  finish(): { readonly cells: number; readonly checksums: Checksums } {
    for (; this.next < this.order.length; this.next++) {
      const p = at(this.order, this.next, 'cells in order');
      if (this.ended[p] === 1) this.append(p);
    }
    const tables = this.tables?.finish();
    if (this.fd !== undefined) {
      try {
        fsyncSync(this.fd);
      } finally {
        closeSync(this.fd);
      }
      const path = join(this.dir, RESULTS);
      renameSync(this.tmp, path);
      syncFolder(dirname(path));
    }
    const csv: Checksums = writesCsv(this.format) ? { [RESULTS]: this.out.sum() } : {};
    return { cells: this.written, checksums: { ...csv, ...tables } };
  }

  abandon(): void {
    this.tables?.abandon();
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    if (existsSync(this.tmp)) unlinkSync(this.tmp);
  }

  private append(position: number): void {
    this.out.append(fileRows(doneFile(this.dir, idAt(this.plan, position))));
    this.written++;
  }
}

/** The rows of each finished cell among `positions` (undefined for the others), in that order. */
export function* finishedFiles(
  dir: string,
  plan: SweepPlan,
  positions: Iterable<number>,
  states: CellStates,
): Generator<CellRows | undefined> {
  for (const p of positions) yield states.status[p] === DONE ? fileRows(doneFile(dir, idAt(plan, p))) : undefined;
}

/** results.csv's first line: the column names. */
export function csvHeader(columns: readonly string[]): string {
  const row: Record<string, string> = {};
  for (const c of columns) row[c] = c;
  return toCsv([row], false);
}
