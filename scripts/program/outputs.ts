/**
 * The one rule every output flag follows (--out, --csv, --library-db, --markdown, a report's folder …), in three
 * parts, all settled before any work starts:
 *
 * - **Kind.** A device or a pipe is never replaced: a format that streams (CSV) is written into it, one that must
 *   be a regular file (a SQLite database, renamed into place whole) is refused there; a symbolic link is written
 *   through; a folder is never put where a file is (scripts/output.ts checks each path).
 * - **Aliasing.** Two outputs of one command never land on one file, nor a file on a name an output folder
 *   writes; refused, exit 2, before any work.
 * - **One writer.** `claim` takes a lock beside each output (reports/store/lock.ts; a folder written in place
 *   holds one inside too), so a second process writing the same output is refused in one line, exit 2 —
 *   never a silent replacement — then checks each output again, now that no other process can write it, and
 *   removes what a killed writer of it left (its temporaries). Locks are released when the command ends.
 */
import { mkdirSync, realpathSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { msg, UsageError } from '../../sim/core/messages.js';
import { lockOutput, type FolderLock } from '../../reports/store/lock.js';
import { staleTemporaries } from '../../reports/store/temporaries.js';
import { checkOutputDir, checkOutputFile, checkOutputPage, writeTarget } from '../output.js';
import { ownDescriptor } from '../../reports/folders/atomic.js';

/** One output a command will write. */
interface Output {
  readonly flag: string;
  /** As typed. */
  readonly text: string;
  /** Where the write lands: the end of its links, made canonical (for comparing two outputs). */
  readonly target: string;
  /** A device or a pipe: written into as a stream, never replaced, so neither locked nor compared. */
  readonly special: boolean;
  /** A folder's: whether an entry of this name is one the folder's writer makes (undefined: not a folder). */
  readonly owns?: (name: string) => boolean;
  /** The output's check, run again once it is locked. */
  readonly check: () => void;
  readonly inPlace: boolean;
}

/** How a folder output is checked (checkOutputDir's `replaces`) and which names in it are its own. */
export interface FolderOutput {
  /** --force replaces it only if hexa made it (false where the command continues it, as --resume). */
  readonly replaces?: boolean;
  /** The names its writer puts in it (default: every name — nothing else may be written inside it). */
  readonly owns?: (name: string) => boolean;
  /** The folder's own check, instead of checkOutputDir (a sweep's, which knows --resume); returns its path. */
  readonly check?: () => string;
  /**
   * Written in place (a sweep, a merge), holding its own lock inside: where its parent folder may not be written
   * (a resume in a shared folder), the lock beside it is done without.
   */
  readonly inPlace?: boolean;
}

/** `path` made canonical as far as it exists (a link among its parents resolved), the rest appended. */
function canonical(path: string): string {
  const rest: string[] = [];
  for (let p = path; ; p = dirname(p)) {
    try {
      return join(realpathSync(p), ...rest.reverse());
    } catch {
      if (dirname(p) === p) return path;
      rest.push(basename(p));
    }
  }
}

/** Whether `path` is `folder` or inside it; the first name below `folder` when inside. */
function below(folder: string, path: string): string | null {
  const rel = relative(folder, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep)[0]!;
}

export class OutputPlan {
  private readonly outputs: Output[] = [];
  private readonly locks: FolderLock[] = [];
  /** Folders `claim` made for the locks (the outputs' parents), in the order made; removed if the command fails. */
  private readonly made: string[] = [];

  /** A file written as a stream (CSV): through a link, into a device or a pipe. Returns the absolute path. */
  file(flag: string, text: string, force: boolean): string {
    const check = (): string => checkOutputFile(flag, text, force, true);
    return this.add(flag, text, check(), check);
  }

  /** A file that must be a regular one (a SQLite database): a device or a pipe is refused. */
  database(flag: string, text: string, force: boolean): string {
    const check = (): string => checkOutputFile(flag, text, force, false);
    return this.add(flag, text, check(), check);
  }

  /** A page rewritten in place (`--markdown FILE`): a regular file that exists. */
  page(flag: string, text: string): string {
    const check = (): string => checkOutputPage(flag, text);
    return this.add(flag, text, check(), check);
  }

  /** A folder (published whole, or written in place by a sweep or a merge). Returns the absolute path. */
  folder(flag: string, text: string, force: boolean, how: FolderOutput = {}): string {
    const check = how.check ?? ((): string => checkOutputDir(flag, text, force, how.replaces ?? force));
    return this.add(flag, text, check(), check, how.owns ?? (() => true), how.inPlace === true);
  }

  private add(
    flag: string,
    text: string,
    full: string,
    check: () => unknown,
    owns?: (n: string) => boolean,
    inPlace = false,
  ): string {
    const target = writeTarget(full);
    const special = target === full && (isSpecial(full) || ownDescriptor(full) !== undefined);
    const output: Output = {
      flag,
      text,
      target: special ? full : canonical(target),
      special,
      check,
      inPlace,
      ...(owns ? { owns } : {}),
    };
    if (!special) for (const other of this.outputs) if (!other.special) refuseAliasing(output, other);
    this.outputs.push(output);
    return full;
  }

  /**
   * Lock every output (making the folders its lock needs), check each again, and remove what a killed writer
   * of it left. Throws a UsageError (exit 2) if another process holds one, having released what it took.
   */
  claim(): void {
    try {
      for (const output of this.outputs) {
        if (output.special) continue;
        this.makeFolder(dirname(output.target));
        const lock = tryLock(output);
        if (lock !== null) this.locks.push(lock);
        output.check();
        for (const stale of staleTemporaries(output.target)) rmSync(stale, { recursive: true, force: true });
      }
    } catch (e) {
      this.release(false);
      throw e;
    }
    if (!exitHooked) process.once('exit', (code) => releaseAll(code === 0));
    exitHooked = true;
    claimed.add(this);
  }

  /**
   * Release the locks; after a failure (`done` false) remove the folders `claim` made, if still empty. Done at
   * exit for a plan not released before (after a failure, when the exit status is not 0).
   */
  release(done = true): void {
    claimed.delete(this);
    for (const lock of this.locks.splice(0)) lock.release();
    if (done) {
      this.made.length = 0;
      return;
    }
    for (const dir of this.made.splice(0).reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty (an output went there after all), or already gone.
      }
    }
  }

  private makeFolder(dir: string): void {
    const first = mkdirSync(dir, { recursive: true });
    if (first === undefined) return;
    // Every folder from the first made down to `dir`, in the order made.
    const chain: string[] = [];
    for (let p = dir; ; p = dirname(p)) {
      chain.unshift(p);
      if (p === first || dirname(p) === p) break;
    }
    this.made.push(...chain);
  }
}

/** Plans claimed and not yet released, released at exit (one listener for them all). */
const claimed = new Set<OutputPlan>();
let exitHooked = false;

function releaseAll(done: boolean): void {
  for (const plan of [...claimed]) plan.release(done);
}

/** The lock beside an output; none for a folder written in place whose parent refuses it (it locks inside). */
function tryLock(output: Output): FolderLock | null {
  try {
    return lockOutput(output.target, output.flag, output.text);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (output.inPlace && (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')) return null;
    throw e;
  }
}

function isSpecial(path: string): boolean {
  try {
    const s = statSync(path);
    return !s.isFile() && !s.isDirectory();
  } catch {
    return false;
  }
}

/** UsageError when `a` and `b` write one file, or one writes a name inside the other's folder. */
function refuseAliasing(a: Output, b: Output): void {
  if (a.target === b.target) throw new UsageError(msg.sameOutput(a.flag, a.text, b.flag, b.text));
  for (const [inner, outer] of [
    [a, b],
    [b, a],
  ] as const) {
    if (outer.owns === undefined) continue;
    const name = below(outer.target, inner.target);
    if (name !== null && outer.owns(name))
      throw new UsageError(msg.outputInside(inner.flag, inner.text, outer.flag, outer.text));
  }
}
