/**
 * SHA-256 of output files, as manifests record them (`checksums`: file name → its SHA-256, bytes and, for a
 * table, rows): computed while a file is written (`HashingWriter`) or read back (`fileRecord`). A reader checks
 * a file against its record (`verifyFile`) before trusting it — a results file cut short, or changed after it
 * was written, no longer matches. Nothing here knows a folder's layout, so any file written beside results (a
 * database, say) can be recorded and checked the same way.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** What a manifest records of one output file. */
export interface FileRecord {
  readonly sha256: string;
  readonly bytes: number;
  /** Data rows (without the header), for a table. */
  readonly rows?: number;
}

/** File name → its record, as a manifest's `checksums` lists them. */
export type Checksums = Readonly<Record<string, FileRecord>>;

/** One read buffer for every file: no garbage per file. */
const readBuffer = Buffer.allocUnsafe(1 << 16);

/** SHA-256 (hex) of a file's bytes, read in chunks; `range` limits it to `length` bytes from `start`. */
export function sha256File(path: string, range?: { readonly start: number; readonly length: number }): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    let position = range?.start ?? 0;
    let left = range?.length ?? Number.POSITIVE_INFINITY;
    while (left > 0) {
      const n = readSync(fd, readBuffer, 0, Math.min(readBuffer.length, left), position);
      if (n === 0) break;
      hash.update(readBuffer.subarray(0, n));
      position += n;
      left -= n;
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** The record of a file of `dir`, read back (sha256 and bytes). */
export function fileRecord(dir: string, name: string): FileRecord {
  const path = join(dir, name);
  return { sha256: sha256File(path), bytes: statSync(path).size };
}

/** The records of the named files of `dir` that exist, by name. */
export function checksumsOf(dir: string, names: Iterable<string>): Record<string, FileRecord> {
  const out: Record<string, FileRecord> = {};
  for (const name of names) if (existsSync(join(dir, name))) out[name] = fileRecord(dir, name);
  return out;
}

/** Why a file does not match its record (its size first: cheap, and what a cut changes), or null when it does. */
export function verifyFile(dir: string, name: string, record: FileRecord): string | null {
  const path = join(dir, name);
  if (!existsSync(path)) return 'it is missing';
  const bytes = statSync(path).size;
  if (bytes !== record.bytes) return `it has ${bytes} bytes, the manifest records ${record.bytes}`;
  if (sha256File(path) !== record.sha256) return 'its SHA-256 differs from the one the manifest records';
  return null;
}

/** The `checksums` a manifest records, keeping only well-formed entries (an old manifest has none). */
export function recordedChecksums(manifest: Readonly<Record<string, unknown>>): Checksums {
  const raw = manifest.checksums;
  const out: Record<string, FileRecord> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [name, r] of Object.entries(raw as Record<string, unknown>)) {
    const rec = r as Partial<FileRecord> | null;
    if (rec !== null && typeof rec?.sha256 === 'string' && typeof rec.bytes === 'number')
      out[name] = { sha256: rec.sha256, bytes: rec.bytes, ...(typeof rec.rows === 'number' ? { rows: rec.rows } : {}) };
  }
  return out;
}

/**
 * Bytes written to an open file, hashed and counted on the way: the whole file's checksum is known once it
 * is written, without reading it back.
 */
export class HashingWriter {
  private readonly hash: Hash = createHash('sha256');
  bytes = 0;

  constructor(readonly fd: number) {}

  write(data: string | Uint8Array): void {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    writeSync(this.fd, bytes);
    this.hash.update(bytes);
    this.bytes += bytes.length;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
