/**
 * A compacted sweep folder: done, its cell files deleted, its rows kept once, in results.csv (and the Parquet
 * tables). The manifest says so (`"store": "compacted"`) and records each table's checksum, which is what a
 * resume or a merge trusts instead of the cells' footers: the file is verified whole before it is read, then
 * read once, front to back, one cell's rows after the other, since they are in canonical order.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { recordedChecksums, verifyFile, type Checksums } from '../../../reports/store/checksums.js';
import { CELLS_CSV, CELLS_PARQUET, RESULTS_PARQUET } from '../../../reports/parquet/sweepTables.js';
import { RowDigest, type CellSum } from './cellFile.js';
import type { CellRows } from './store.js';

export const COMPACTED = 'compacted';

/** The tables a compacted folder's rows are in, as far as its manifest records them. */
const TABLES = ['results.csv', RESULTS_PARQUET, CELLS_PARQUET, CELLS_CSV];

/**
 * Check every table the manifest records against its record; returns the first that does not match, with
 * why, or null when they all do. With no record of results.csv nor results.parquet, nothing holds the rows.
 */
export function unverifiedTable(
  dir: string,
  manifest: Readonly<Record<string, unknown>>,
): { readonly file: string; readonly why: string } | null {
  const records: Checksums = recordedChecksums(manifest);
  const data = records['results.csv'] !== undefined ? 'results.csv' : RESULTS_PARQUET;
  if (records[data] === undefined) return { file: data, why: 'the manifest records no checksum of it' };
  for (const file of TABLES) {
    const record = records[file];
    const why = record === undefined ? null : verifyFile(dir, file, record);
    if (why !== null) return { file, why };
  }
  return null;
}

/** Bytes read at once; a longer row grows the buffer. */
const READ_BYTES = 1 << 16;

/**
 * results.csv of a compacted folder read as cells: `rowsOf(id)` passes on the rows of cell `id`, which must
 * be the next cell in the file. The file was verified whole before; what is checked here is the order.
 */
export class CompactedRows {
  private readonly fd: number;
  private buffer = Buffer.allocUnsafe(READ_BYTES);
  private start = 0;
  private end = 0;
  private ended = false;

  constructor(
    private readonly path: string,
    header: string,
  ) {
    this.fd = openSync(path, 'r');
    const first = this.lineEnd();
    if (first < 0 || this.buffer.toString('utf8', 0, first + 1) !== header) {
      this.close();
      throw new Error(`${path}: its header is not this sweep's columns`);
    }
    this.start = first + 1;
  }

  static open(dir: string, header: string): CompactedRows {
    return new CompactedRows(join(dir, 'results.csv'), header);
  }

  rowsOf(id: string): CellRows {
    return (each) => this.cell(Buffer.from(`${id},`), each);
  }

  /** Every cell has been read: nothing may be left. */
  finish(): void {
    const left = this.lineEnd() >= 0 || this.end > this.start;
    this.close();
    if (left) throw new Error(`${this.path}: rows of cells this sweep does not list follow its last cell`);
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
  }

  private cell(prefix: Buffer, each: (chunk: Buffer) => void): CellSum {
    const digest = new RowDigest();
    for (;;) {
      // The run of this cell's whole rows in the buffer, passed on as one chunk.
      // lineEnd may read more, moving the buffer's contents: `at` is taken after it.
      let nl = this.lineEnd();
      let at = this.start;
      for (; nl >= 0 && this.startsWith(at, prefix); nl = this.buffer.indexOf(10, at)) {
        if (nl >= this.end) break;
        at = nl + 1;
      }
      if (at > this.start) {
        const chunk = this.buffer.subarray(this.start, at);
        digest.add(chunk);
        each(chunk);
        this.start = at;
        continue;
      }
      break;
    }
    const sum = digest.sum();
    if (sum.rows === 0)
      throw new Error(`${this.path}: no rows of cell ${prefix.toString('utf8', 0, prefix.length - 1)} where expected`);
    return sum;
  }

  private startsWith(at: number, prefix: Buffer): boolean {
    return (
      this.end - at >= prefix.length && this.buffer.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0
    );
  }

  /** The index of the end of the line at `start` (reading more when it is not in the buffer), or −1 at the end. */
  private lineEnd(): number {
    for (;;) {
      const nl = this.buffer.indexOf(10, this.start);
      if (nl >= 0 && nl < this.end) return nl;
      if (this.ended) return -1;
      this.fill();
    }
  }

  private fill(): void {
    const kept = this.end - this.start;
    if (kept * 2 > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(bigger, 0, this.start, this.end);
      this.buffer = bigger;
    } else this.buffer.copy(this.buffer, 0, this.start, this.end);
    this.start = 0;
    this.end = kept;
    const n = readSync(this.fd, this.buffer, this.end, this.buffer.length - this.end, null);
    if (n === 0) this.ended = true;
    this.end += n;
  }
}
