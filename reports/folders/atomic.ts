/**
 * Files are written to a temporary sibling and renamed into place, so a reader never sees a torn file —
 * not even after the process is killed mid-write.
 */
import { closeSync, existsSync, openSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** Write a whole file atomically (temporary sibling, then rename). */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, path);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
}

/** Like writeFileAtomic, for content too large to hold in memory: `fill` writes to the open temporary. */
export function writeFileAtomicStreamed(path: string, fill: (fd: number) => void): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      fill(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
}
