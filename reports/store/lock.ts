/**
 * One writer per output: an advisory lock file naming the process that holds it (pid, host, when, the command).
 * It is created whole or not at all (written to a temporary, then hard-linked into place, which fails if a lock
 * is there), so two writers starting together cannot both win. A lock left by a process that no longer exists on
 * this host is stale and taken over; one held by a live process, or by another host (whose processes cannot be
 * checked from here), is refused with a line saying who holds it. Nothing here knows what is written, so a
 * folder written in place (a sweep, a merge) holds its lock inside (`DIR/.hexa.lock`), and any output — a file,
 * a database, a folder published whole — has one beside it (`.NAME.hexa.lock`, `lockOutput`).
 */
import { existsSync, linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { msg, UsageError } from '../../sim/core/messages.js';
import { commandLine } from './provenance.js';

export const LOCK = '.hexa.lock';

/** The lock beside an output (its name, hidden): one writer of `target` at a time, whatever it is. */
export const outputLockOf = (target: string): string => join(dirname(target), `.${basename(target)}${LOCK}`);

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  readonly argv: readonly string[];
}

/** Who holds the lock file at `path`, if it is one hexa wrote. */
export function readOwner(path: string): LockOwner | undefined {
  try {
    const doc = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof doc.pid === 'number' && typeof doc.host === 'string' ? (doc as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock's process is gone: only decidable for a process of this host. */
export function isStale(owner: LockOwner): boolean {
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
 * Take the folder's lock (the folder exists), or throw a UsageError saying who holds it (`flag` names the output
 * in that line). Released at exit if not before.
 */
export function lockFolder(dir: string, flag = 'out'): FolderLock {
  return lockAt(join(dir, LOCK), dir, flag);
}

/**
 * Take the lock of the output `target` (a file, a database or a folder, written whole): beside it, in its folder
 * (which exists). Refused as lockFolder is, naming the output as the user gave it (`shown`).
 */
export function lockOutput(target: string, flag: string, shown = target): FolderLock {
  return lockAt(outputLockOf(target), shown, flag);
}

/** Distinguishes this process's temporaries for two locks taken in one folder. */
let taken = 0;

function lockAt(path: string, what: string, flag: string): FolderLock {
  const mine: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), argv: commandLine() };
  const text = `${JSON.stringify(mine)}\n`;
  // A short name of its own: the lock's name may already be near the system's limit on a name.
  const tmp = join(dirname(path), `.hexa-lock-${process.pid}-${taken++}`);
  writeFileSync(tmp, text);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, path);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(e, what, path, flag);
        takeOverStale(what, path, flag);
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

function lockError(e: unknown, what: string, path: string, flag: string): Error {
  return (e as NodeJS.ErrnoException).code === 'EEXIST' ? locked(what, readOwner(path), path, flag) : (e as Error);
}

/** Who holds a lock, in words. */
export function holderOf(owner: LockOwner | undefined): string {
  return owner === undefined
    ? 'another writer (its lock file is unreadable)'
    : `pid ${owner.pid} on ${owner.host} (${owner.argv.join(' ')}, since ${owner.since})`;
}

function locked(what: string, owner: LockOwner | undefined, path: string, flag: string): UsageError {
  return new UsageError(msg.folderLocked(flag, what, holderOf(owner), path));
}

/**
 * Set a stale lock aside (renamed, so of two processes finding it stale only one does), then check that what
 * was set aside is the stale lock and not a live one taken in between; if it was live, put it back and refuse.
 */
function takeOverStale(what: string, path: string, flag: string): void {
  const owner = readOwner(path);
  if (owner === undefined || !isStale(owner)) throw locked(what, owner, path, flag);
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
