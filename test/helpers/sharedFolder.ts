/**
 * A folder of results that test files share, made once in the git-ignored .vitest-cache/ even when the files that
 * need it run side by side: the first to ask makes it, the others wait for it instead of making it again.
 * Name it after everything it depends on (the built CLI's path holds the sources' hash), so a stale one is
 * never read.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

const WAIT_MS = 200;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder `name` under .vitest-cache/, made by `make(folder)` in a temporary folder and renamed in place. */
export function sharedFolder(name: string, make: (folder: string) => void): string {
  const dir = join(ROOT, '.vitest-cache', name);
  const lock = `${dir}.lock`;
  mkdirSync(join(ROOT, '.vitest-cache'), { recursive: true });
  while (!existsSync(dir)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another process makes it: wait, unless it died without finishing (then take its lock over).
      let pid = 0;
      try {
        pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // not written yet, or the lock is gone already
      }
      if (pid > 0 && !alive(pid)) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(sleeper, 0, 0, WAIT_MS);
      continue;
    }
    writeFileSync(join(lock, 'pid'), String(process.pid));
    const tmp = `${dir}.tmp-${process.pid}`;
    try {
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp);
      make(tmp);
      renameSync(tmp, dir);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}
