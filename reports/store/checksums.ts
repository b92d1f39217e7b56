/**
 * SHA-256 of output files: computed while a file is written (`HashingWriter`) or read back (`sha256File`), listed
 * in the manifest and in a `SHA256SUMS` file beside the outputs, in the format `sha256sum -c SHA256SUMS` checks
 * (the manifest itself among them, since it cannot hold its own checksum).
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { writeDurableFile } from './durable.js';

export const SUMS = 'SHA256SUMS';

/** File name → SHA-256 (hex), as the manifest's `checksums` lists them. */
export type Checksums = Readonly<Record<string, string>>;

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

/** The checksums of the named files of `dir` that exist. */
export function checksumsOf(dir: string, names: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) if (existsSync(join(dir, name))) out[name] = sha256File(join(dir, name));
  return out;
}

/** Write `SHA256SUMS` for the named files of `dir` (sorted by name), durably. */
export function writeSums(dir: string, names: Iterable<string>): void {
  const sums = checksumsOf(dir, names);
  const lines = Object.keys(sums)
    .sort()
    .map((name) => `${sums[name]}  ${name}\n`);
  writeDurableFile(join(dir, SUMS), lines.join(''));
}

/** The checksums `SHA256SUMS` lists, or undefined without one. */
export function readSums(dir: string): Record<string, string> | undefined {
  const path = join(dir, SUMS);
  if (!existsSync(path)) return undefined;
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (m !== null) out[m[2]!] = m[1]!;
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
