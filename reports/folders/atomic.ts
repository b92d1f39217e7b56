/**
 * Files are written to a temporary sibling and renamed into place, so a reader never sees a torn file —
 * not even after the process is killed mid-write. A path that is a symbolic link is written through: the
 * file it points to is replaced, the link stays (a rename onto the link itself would replace it with a
 * regular file). What is not a regular file (a device such as /dev/stdout, a pipe) is written as it is.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { settled, temporary } from '../store/temporaries.js';

/** As the system counts them before it gives up with ELOOP. */
const MAX_LINKS = 40;

/** The error the system gives for a link loop, for a loop found while following links here. */
function loopError(path: string): Error {
  return Object.assign(new Error(`ELOOP: too many symbolic links encountered, '${path}'`), {
    code: 'ELOOP',
    syscall: 'open',
    path,
  });
}

/**
 * Where a write to `path` lands: the path itself, or — for a symbolic link — the end of its chain of links
 * (which may not exist yet: a dangling link). Throws ELOOP for a loop.
 */
export function writeTarget(path: string): string {
  const full = resolve(path);
  if (ownDescriptor(full) !== undefined) return full;
  try {
    const s = statSync(full);
    // A device or a pipe (/dev/stdout, whose links end in the process's own descriptors) is opened as named.
    return s.isFile() || s.isDirectory() ? realpathSync(full) : full;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
  }
  // Nothing there yet, or a dangling link: follow the links by hand to the name that is missing.
  let p = full;
  for (let hops = 0; ; hops++) {
    let link: boolean;
    try {
      link = lstatSync(p).isSymbolicLink();
    } catch (e) {
      // Not there, or under a file (ENOTDIR): the checks and the write itself say which.
      const code = (e as { code?: unknown }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return p;
      throw e;
    }
    if (!link) return p;
    if (hops === MAX_LINKS) throw loopError(path);
    p = resolve(dirname(p), readlinkSync(p));
  }
}

/**
 * The temporary beside `target`, named as the sweep folder's readers expect (`NAME.tmp-PID`): the output
 * checks leave room for the suffix under the system's limit on a name (TEMP_SUFFIX_BYTES).
 */
export const temporaryFor = (target: string): string => `${target}.tmp-${process.pid}`;

/** The longest suffix `temporaryFor` adds (a pid has at most 10 digits). */
export const TEMP_SUFFIX_BYTES = '.tmp-'.length + 10;

/** Whether `target` exists and is something other than a regular file or folder (a device, a pipe). */
function isSpecial(target: string): boolean {
  try {
    const s = statSync(target);
    return !s.isFile() && !s.isDirectory();
  } catch {
    return false;
  }
}

/**
 * The descriptor a name of this process's own open files stands for (/dev/stdout, /dev/fd/3, /proc/self/fd/1),
 * written to as it is — a stream whatever it leads to (`> file` included, which is the shell's to replace, not
 * hexa's): opening the name fails when the descriptor is a socket (a parent's pipe, often).
 */
export function ownDescriptor(path: string): number | undefined {
  const m = /^\/(?:dev\/(stdout|stderr|fd\/(\d+))|proc\/self\/fd\/(\d+))$/.exec(path);
  if (m === null) return undefined;
  return m[1] === 'stdout' ? 1 : m[1] === 'stderr' ? 2 : Number(m[2] ?? m[3]);
}

/** Write a whole file atomically (temporary sibling, then rename), through a link if `path` is one. */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  writeFileAtomicStreamed(path, (fd) => writeFileSync(fd, content));
}

/** How a file is written by writeFileAtomicStreamed. */
export interface AtomicWrite {
  /**
   * Flushed to the disk before the rename, and the folder's entry after it, so that after a crash or a power cut
   * the file is absent or whole — never torn, never empty under its final name (the sweep store, the manifests).
   */
  readonly durable?: boolean;
  /**
   * A link at `path` is replaced, not written through (files inside hexa's own folders, where a link is not the
   * user's choice of where an output goes); a device or a pipe there is replaced too.
   */
  readonly replaceLinks?: boolean;
}

/**
 * Like writeFileAtomic, for content too large to hold in memory: `fill` writes to the open temporary, which is
 * renamed into place (the one atomic writer: every result file, and the sweep store's through writeDurable).
 */
export function writeFileAtomicStreamed(path: string, fill: (fd: number) => void, how: AtomicWrite = {}): void {
  const target = how.replaceLinks === true ? path : writeTarget(path);
  const special = how.replaceLinks !== true && (isSpecial(target) || ownDescriptor(target) !== undefined);
  const tmp = special ? target : temporary(temporaryFor(target));
  try {
    const own = special ? ownDescriptor(target) : undefined;
    const fd = own ?? openSync(tmp, 'w');
    try {
      fill(fd);
      if (how.durable === true && !special) fsyncSync(fd);
    } finally {
      if (own === undefined) closeSync(fd);
    }
    if (!special) renameSync(tmp, target);
  } catch (e) {
    if (!special && existsSync(tmp)) unlinkSync(tmp);
    throw named(e, target);
  } finally {
    if (!special) settled(tmp);
  }
  if (how.durable === true && !special) syncFolder(dirname(target));
}

/** Flush a folder's entries (a rename), where the platform allows opening a folder. */
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

/** A system error from a write on a descriptor names no file: name the one being written (for its message). */
function named(e: unknown, path: string): unknown {
  if (e instanceof Error && typeof (e as { code?: unknown }).code === 'string' && !('path' in e))
    Object.assign(e, { path });
  return e;
}

/**
 * Make a folder's files appear at once: `fill` writes them into a temporary folder beside `dir`, which is
 * then renamed to `dir` — or, when `dir` exists (a replaced result folder), whose files are each renamed
 * into it. On a failure the temporary folder is removed and `dir` is as it was. A link to a folder is
 * written through.
 */
export function publishFolder(dir: string, fill: (staging: string) => void): void {
  const target = writeTarget(dir);
  mkdirSync(dirname(target), { recursive: true });
  const staging = temporary(temporaryFor(target));
  mkdirSync(staging);
  try {
    fill(staging);
    if (!existsSync(target)) {
      renameSync(staging, target);
      settled(staging);
      return;
    }
    for (const name of readdirSync(staging)) {
      const into = join(target, name);
      if (isLink(into)) writeFileAtomic(into, readFileSync(join(staging, name)));
      else renameSync(join(staging, name), into);
    }
    rmdirSync(staging);
    settled(staging);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    settled(staging);
    // The message names the folder the user asked for, not the temporary one.
    const path = (e as { path?: unknown }).path;
    if (typeof path === 'string' && path.startsWith(staging))
      Object.assign(e as object, { path: target + path.slice(staging.length) });
    throw e;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
