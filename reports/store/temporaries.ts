/**
 * What this thread is writing that is not yet in place — a file's temporary sibling, a folder's staging folder,
 * a database's scratch file — listed while it exists, so that however the process ends before renaming it (an
 * error, SIGINT or SIGTERM: scripts/program/interrupt.ts) nothing of it stays behind. A kill -9 cannot be
 * caught: what it leaves carries this process's id in its name, and the next writer of the same output removes
 * it (`staleTemporaries`), once it holds that output's lock.
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const open = new Set<string>();

/** `path` is being written and will be renamed or removed; until then an exit removes it. Returns it. */
export function temporary(path: string): string {
  open.add(path);
  return path;
}

/** `path` was renamed into place or removed: no longer this process's to clean. */
export function settled(path: string): void {
  open.delete(path);
}

/** Remove everything still being written (an exit or a signal before the work ended). */
export function removeTemporaries(): void {
  for (const path of open) {
    try {
      rmSync(path, { recursive: true, force: true });
    } catch {
      // Exiting: what cannot be removed is left to the next writer of the output.
    }
  }
  open.clear();
}

/**
 * The names a writer of `NAME` gives its temporaries: NAME.tmp-PID, NAME.work-PID (and SQLite's
 * NAME.work-PID-journal beside it), NAME.runs-PID.parquet.
 */
const TEMPORARY = /^\.(?:tmp|work|runs)-(\d+)(?:\.parquet|-journal)?$/;

/**
 * The temporaries beside `target` that another process left (a kill -9): called by the writer that now holds
 * the output's lock, so no live writer of it can own them. Returns their paths.
 */
export function staleTemporaries(target: string): string[] {
  const name = basename(target);
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return [];
  }
  return names
    .filter((n) => {
      const pid = n.startsWith(name) ? TEMPORARY.exec(n.slice(name.length))?.[1] : undefined;
      return pid !== undefined && pid !== String(process.pid);
    })
    .map((n) => join(dirname(target), n));
}
