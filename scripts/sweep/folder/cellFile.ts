/**
 * A finished cell's rows file in the resume store (`cells/<id>.csv`): the cell's CSV rows, then one footer line
 * with their count, their bytes and their SHA-256, written durably (flushed before the rename). A file is
 * trusted only when its footer is there and its rows match it: a file cut mid-row, with rows appended, or
 * written by anything else does not verify, and is run again (resume) or refused (merge).
 *
 *   <rows…>
 *   #hexa-cell rows=<n> bytes=<b> sha256=<hex>
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync, type PathLike } from 'node:fs';
import { writeDurable } from '../../../reports/store/durable.js';

/** What a cell's rows are: their number, their bytes, and the SHA-256 of those bytes (hex). */
export interface CellSum {
  readonly rows: number;
  readonly bytes: number;
  readonly sha256: string;
}

/** Rows handed to `emit` as they are made: written in chunks, so a cell's rows never sit in memory whole. */
export type RowSource = (emit: (text: string) => void) => void;

const FOOTER = /^#hexa-cell rows=(\d+) bytes=(\d+) sha256=([0-9a-f]{64})\n$/;
/** Longer than any footer: the tail read to find it. */
const FOOTER_MAX = 160;
/** Text gathered before a write. */
const CHUNK = 1 << 16;

const footerOf = (sum: CellSum): string => `#hexa-cell rows=${sum.rows} bytes=${sum.bytes} sha256=${sum.sha256}\n`;

/** Counts, hashes and writes rows text as it comes. */
export class RowDigest {
  private readonly hash = createHash('sha256');
  rows = 0;
  bytes = 0;

  add(data: string | Uint8Array): Buffer {
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.length);
    this.hash.update(bytes);
    this.bytes += bytes.length;
    for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) this.rows++;
    return bytes;
  }

  sum(): CellSum {
    return { rows: this.rows, bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** Write a cell's rows with their footer, durably; returns their sum. */
export function writeCellFile(path: string, rows: RowSource): CellSum {
  let sum: CellSum | undefined;
  writeDurable(path, (fd) => {
    const digest = new RowDigest();
    let chunk = '';
    const flush = (): void => {
      writeAll(fd, digest.add(chunk));
      chunk = '';
    };
    rows((text) => {
      chunk += text;
      if (chunk.length >= CHUNK) flush();
    });
    if (chunk !== '') flush();
    sum = digest.sum();
    writeAll(fd, Buffer.from(footerOf(sum)));
  });
  return sum!;
}

function writeAll(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
}

/** The sum the file's footer claims, or undefined when it has none; does not read the rows. */
export function footerSum(path: PathLike): CellSum | undefined {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, FOOTER_MAX));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    const text = tail.toString('latin1');
    const start = text.lastIndexOf('\n#hexa-cell ', text.length - 2);
    const line = start >= 0 ? text.slice(start + 1) : size === tail.length ? text : '';
    const m = FOOTER.exec(line);
    if (m === null) return undefined;
    const sum = { rows: Number(m[1]), bytes: Number(m[2]), sha256: m[3]! };
    // The rows end where the footer begins: anything else (bytes appended after it, a cut) is not this file.
    return sum.bytes + line.length === size ? sum : undefined;
  } finally {
    closeSync(fd);
  }
}

/** One read buffer for every file: no garbage per cell. */
const readBuffer = Buffer.allocUnsafe(1 << 16);

/**
 * Read a cell file's rows in chunks (each chunk is valid only during the call), checking them against the
 * footer as they go. Returns the sum when every byte matched, undefined when the file does not verify
 * (chunks already passed on must then be thrown away by the caller).
 */
export function readCellRows(path: string, each?: (chunk: Buffer) => void): CellSum | undefined {
  const claimed = footerSum(path);
  if (claimed === undefined) return undefined;
  const digest = new RowDigest();
  const fd = openSync(path, 'r');
  try {
    let left = claimed.bytes;
    let position = 0;
    while (left > 0) {
      const n = readSync(fd, readBuffer, 0, Math.min(readBuffer.length, left), position);
      if (n === 0) return undefined;
      const chunk = readBuffer.subarray(0, n);
      digest.add(chunk);
      each?.(chunk);
      position += n;
      left -= n;
    }
  } finally {
    closeSync(fd);
  }
  const sum = digest.sum();
  return sum.rows === claimed.rows && sum.sha256 === claimed.sha256 ? sum : undefined;
}
