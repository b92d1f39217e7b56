/**
 * A sweep's typed tables, written from the same cell rows as results.csv while it is assembled: the rows as
 * `results.parquet` (cell, replicate, round and the metrics), and each cell's configuration once, in
 * `cells.parquet` and `cells.csv` (cell and every configuration column), joined to the rows by `cell`. The
 * configuration is constant within a cell — most of a results.csv row — so it is not repeated per row.
 * Rows arrive as CSV text chunks, one cell at a time; memory holds one row group, never the sweep.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { csvField } from '../csv/csv.js';
import { HashingWriter, type FileRecord } from '../store/checksums.js';
import { syncFolder, temporaryOf } from '../store/durable.js';
import { typedColumn, type EnvParamKind } from './columns.js';
import { ParquetTableWriter } from './tableWriter.js';

export const RESULTS_PARQUET = 'results.parquet';
export const CELLS_PARQUET = 'cells.parquet';
export const CELLS_CSV = 'cells.csv';

export { DEFAULT_FORMAT, RESULT_FORMATS, type ResultFormat, writesCsv, writesParquet } from './formats.js';

/** Split one CSV record (no line end) into its fields, undoing the quoting `csvField` applies. */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line.charCodeAt(i) === 34) {
      let text = '';
      let j = i + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) throw new Error(`unterminated quoted field in ${JSON.stringify(line.slice(0, 80))}`);
        text += line.slice(j, q);
        if (line.charCodeAt(q + 1) === 34) {
          text += '"';
          j = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      out.push(text);
    } else {
      const comma = line.indexOf(',', i);
      out.push(line.slice(i, comma < 0 ? line.length : comma));
      i = comma < 0 ? line.length : comma;
    }
    if (i >= line.length) return out;
    i++; // the comma
    if (i === line.length) {
      out.push('');
      return out;
    }
  }
}

/** Characters of cells.csv gathered before a write. */
const CELLS_CSV_FLUSH = 1 << 16;

/** Cells a row group of cells.parquet holds: its rows are wide (every configuration column), and few. */
const CELL_GROUP_ROWS = 4096;

export class SweepTables {
  private readonly results: ParquetTableWriter;
  private readonly cells: ParquetTableWriter;
  private readonly cellsCsv: HashingWriter;
  private readonly cellsCsvTmp: string;
  /** cells.csv lines not yet written: one write per 64 kB, not one per cell. */
  private cellsCsvText = '';
  /** Positions in a results.csv row of the results table's columns, and of the configuration. */
  private readonly rowFields: readonly number[];
  private readonly configEnd: number;
  private pending = '';
  private firstOfCell = true;
  /**
   * The current cell's id, one string for all its rows: a slice of each row would keep the whole row's text
   * alive for as long as the row group holds it.
   */
  private cellId = '';

  constructor(
    private readonly dir: string,
    columns: readonly string[],
    envKinds: Readonly<Record<string, EnvParamKind>>,
  ) {
    this.configEnd = columns.indexOf('replicate');
    this.rowFields = [0, ...columns.map((_, j) => j).slice(this.configEnd)];
    const typed = (names: readonly string[]) => names.map((n) => typedColumn(n, envKinds));
    const config = columns.slice(0, this.configEnd);
    this.cellsCsvTmp = temporaryOf(join(dir, CELLS_CSV));
    // Made one after another, each removed again should a later one fail (a full disk): nothing half-made stays.
    const made: { results?: ParquetTableWriter; cells?: ParquetTableWriter; fd?: number } = {};
    try {
      made.results = new ParquetTableWriter(join(dir, RESULTS_PARQUET), typed(this.rowFields.map((j) => columns[j]!)));
      made.cells = new ParquetTableWriter(join(dir, CELLS_PARQUET), typed(config), CELL_GROUP_ROWS);
      made.fd = openSync(this.cellsCsvTmp, 'w');
      this.cellsCsv = new HashingWriter(made.fd);
      this.cellsCsv.write(`${config.map((c) => csvField(c)).join(',')}\n`);
    } catch (e) {
      made.results?.abandon();
      made.cells?.abandon();
      if (made.fd !== undefined) closeSync(made.fd);
      if (existsSync(this.cellsCsvTmp)) unlinkSync(this.cellsCsvTmp);
      throw e;
    }
    this.results = made.results;
    this.cells = made.cells;
  }

  /** More of the current cell's rows, as CSV text (chunks may end mid-row). */
  add(chunk: Buffer): void {
    const text = this.pending + chunk.toString('utf8');
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.row(text.slice(start, end));
      start = end + 1;
    }
    this.pending = text.slice(start);
  }

  /** The current cell's rows are all in; the next rows are another cell's. */
  endCell(): void {
    if (this.pending !== '') throw new Error('a cell’s rows end mid-row');
    this.firstOfCell = true;
  }

  private row(line: string): void {
    if (this.firstOfCell) {
      this.firstOfCell = false;
      this.cellId = Buffer.from(line.slice(0, line.indexOf(','))).toString('latin1');
      const fields = csvFields(line);
      for (let j = 0; j < this.configEnd; j++) this.cells.set(j, fields[j]);
      this.cells.endRow();
      this.cellsCsvText += `${line.slice(0, prefixLength(line, this.configEnd))}\n`;
      if (this.cellsCsvText.length >= CELLS_CSV_FLUSH) this.flushCellsCsv();
    }
    // The row's own columns: the cell id, which leads it, and the numbers that end it (never quoted), read from
    // the end so the configuration between them is not split again for every row.
    let end = line.length;
    for (let k = this.rowFields.length - 1; k >= 1; k--) {
      const comma = line.lastIndexOf(',', end - 1);
      this.results.setNumber(k, Number(line.slice(comma + 1, end)));
      end = comma;
    }
    this.results.set(0, this.cellId);
    this.results.endRow();
  }

  /** Flush every table to the disk and into place; their records, by file name. */
  finish(): Record<string, FileRecord> {
    const results = this.results.finish();
    const cells = this.cells.finish();
    try {
      this.flushCellsCsv();
      fsyncSync(this.cellsCsv.fd);
    } finally {
      closeSync(this.cellsCsv.fd);
    }
    renameSync(this.cellsCsvTmp, join(this.dir, CELLS_CSV));
    syncFolder(this.dir);
    return {
      [RESULTS_PARQUET]: { sha256: results.sha256, bytes: results.bytes, rows: results.rows },
      [CELLS_PARQUET]: { sha256: cells.sha256, bytes: cells.bytes, rows: cells.rows },
      [CELLS_CSV]: { sha256: this.cellsCsv.digest(), bytes: this.cellsCsv.bytes, rows: cells.rows },
    };
  }

  private flushCellsCsv(): void {
    if (this.cellsCsvText === '') return;
    this.cellsCsv.write(this.cellsCsvText);
    this.cellsCsvText = '';
  }

  abandon(): void {
    this.results.abandon();
    this.cells.abandon();
    try {
      closeSync(this.cellsCsv.fd);
    } catch {
      // already closed
    }
    if (existsSync(this.cellsCsvTmp)) unlinkSync(this.cellsCsvTmp);
  }
}

/** The length of a record's first `n` fields (without the comma after them). */
function prefixLength(line: string, n: number): number {
  let inQuotes = false;
  let fields = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 34) inQuotes = !inQuotes;
    else if (c === 44 && !inQuotes && ++fields === n) return i;
  }
  return line.length;
}
