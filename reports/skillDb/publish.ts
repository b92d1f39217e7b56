/**
 * How a skill database reaches its path: the scratch file it was written in is compacted into a temporary
 * sibling (`VACUUM INTO` lays every table out afresh in key order, so equal content gives equal bytes,
 * whatever order the rows came in) and renamed into place, so a reader never sees a torn file and a file
 * that was there is replaced only once the new one is whole. The one place a database file is published.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import type { Database } from '../../sim/experiment/libraryDb/sqlite.js';
import { temporaryFor, writeTarget } from '../folders/atomic.js';
import { settled, temporary } from '../store/temporaries.js';

/**
 * Publish the open scratch database `db` at `path` — through a symbolic link, to the file it points to (the
 * output checks refused a device or a pipe there); returns the SHA-256 (hex) of the file written.
 */
export function publishDatabase(db: Database, path: string): string {
  const target = writeTarget(path);
  const tmp = temporary(temporaryFor(target));
  try {
    if (existsSync(tmp)) unlinkSync(tmp);
    db.prepare('VACUUM INTO ?').run(tmp);
    const sha256 = createHash('sha256').update(readFileSync(tmp)).digest('hex');
    renameSync(tmp, target);
    return sha256;
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  } finally {
    settled(tmp);
  }
}
