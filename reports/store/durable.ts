/**
 * Durable, atomic files: written to a temporary sibling, flushed to the disk (fsync), renamed into place,
 * and the folder's entry flushed too — so after a crash or a power cut a file is either absent or whole,
 * never a torn or empty file under its final name. The one atomic writer (reports/folders/atomic.ts) does it;
 * this is how the sweep store and the manifests ask for it: durable, and a link in the folder replaced, never
 * written through.
 */
import { writeSync } from 'node:fs';
import { syncFolder, temporaryFor, writeFileAtomicStreamed } from '../folders/atomic.js';

export { syncFolder };

/** The temporary name a write in progress uses (a kill leaves it; a resume removes it). */
export const temporaryOf = temporaryFor;

/** Write a file durably: `fill` writes to the open temporary, which is flushed and renamed into place. */
export function writeDurable(path: string, fill: (fd: number) => void): void {
  writeFileAtomicStreamed(path, fill, { durable: true, replaceLinks: true });
}

/** A whole text or byte content, durably. */
export function writeDurableFile(path: string, content: string | Uint8Array): void {
  writeDurable(path, (fd) => {
    if (typeof content === 'string') writeSync(fd, content);
    else writeSync(fd, content);
  });
}
