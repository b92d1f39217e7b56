/**
 * Durable, atomic files: written to a temporary sibling, flushed to the disk (fsync), renamed into place,
 * and the folder's entry flushed too — so after a crash or a power cut a file is either absent or whole,
 * never a torn or empty file under its final name.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** The temporary name a write in progress uses (a kill leaves it; a resume removes it). */
export const temporaryOf = (path: string): string => `${path}.tmp-${process.pid}`;

/** Flush a folder's entries (the rename), where the platform allows opening a folder. */
export function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder; the rename is as durable as that file system makes it.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Write a file durably: `fill` writes to the open temporary, which is flushed and renamed into place. */
export function writeDurable(path: string, fill: (fd: number) => void): void {
  const tmp = temporaryOf(path);
  try {
    const fd = openSync(tmp, 'w');
    try {
      fill(fd);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
  syncFolder(dirname(path));
}

/** A whole text or byte content, durably. */
export function writeDurableFile(path: string, content: string | Uint8Array): void {
  writeDurable(path, (fd) => {
    if (typeof content === 'string') writeSync(fd, content);
    else writeSync(fd, content);
  });
}
