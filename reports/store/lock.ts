/**
 * One writer per folder: an advisory lock file (`.hexa.lock`) naming the process that holds it (pid, host, when,
 * the command). It is created whole or not at all (written to a temporary, then hard-linked into place, which
 * fails if a lock is there), so two writers starting together cannot both win. A lock left by a process that no
 * longer exists on this host is stale and taken over; one held by a live process, or by another host (whose
 * processes cannot be checked from here), is refused with a line saying who holds it. Nothing here knows what
 * the folder holds, so a sweep folder, a merge's output or a library database's folder are locked the same way.
 */
import { existsSync, linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { msg, UsageError } from '../../sim/core/messages.js';
import { commandLine } from './provenance.js';

export const LOCK = '.hexa.lock';

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  readonly argv: readonly string[];
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const doc = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof doc.pid === 'number' && typeof doc.host === 'string' ? (doc as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock's process is gone: only decidable for a process of this host. */
function isStale(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface FolderLock {
  readonly path: string;
  /** Remove the lock if it is still this process's (idempotent). */
  release(): void;
}

/**
 * Take the folder's lock (the folder exists), or throw a UsageError saying who holds it. Released at exit if not
 * before.
 */
export function lockFolder(dir: string): FolderLock {
  const path = join(dir, LOCK);
  const mine: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), argv: commandLine() };
  const text = `${JSON.stringify(mine)}\n`;
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, path);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(e, dir, path);
        takeOverStale(dir, path);
      }
    }
  } finally {
    unlinkSync(tmp);
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    const owner = existsSync(path) ? readOwner(path) : undefined;
    if (owner?.pid === mine.pid && owner.host === mine.host && owner.since === mine.since) unlinkSync(path);
  };
  process.on('exit', release);
  return { path, release };
}

function lockError(e: unknown, dir: string, path: string): Error {
  return (e as NodeJS.ErrnoException).code === 'EEXIST' ? locked(dir, readOwner(path)) : (e as Error);
}

function locked(dir: string, owner: LockOwner | undefined): UsageError {
  const who =
    owner === undefined
      ? 'another writer (its lock file is unreadable)'
      : `pid ${owner.pid} on ${owner.host} (${owner.argv.join(' ')}, since ${owner.since})`;
  return new UsageError(msg.folderLocked(dir, who, join(dir, LOCK)));
}

/**
 * Set a stale lock aside (renamed, so of two processes finding it stale only one does), then check that what
 * was set aside is the stale lock and not a live one taken in between; if it was live, put it back and refuse.
 */
function takeOverStale(dir: string, path: string): void {
  const owner = readOwner(path);
  if (owner === undefined || !isStale(owner)) throw locked(dir, owner);
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // another process set it aside first; the next link decides
  }
  const setAside = readOwner(aside);
  if (setAside !== undefined && !isStale(setAside)) {
    try {
      linkSync(aside, path);
    } catch {
      // a third writer took the place; the link that follows fails and names it
    }
  }
  unlinkSync(aside);
}
