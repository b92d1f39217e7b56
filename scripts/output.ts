/**
 * Output paths are checked before any work starts (so bad input writes nothing), and files are written
 * to a temporary sibling and renamed into place, so a reader never sees a torn file. Missing parent
 * folders are allowed (a fresh cluster job writes to `out/grid-s3` in an empty directory): the check only
 * proves they can be made, and the writer makes them once the work is done.
 *
 * Nothing that is not hexa's is replaced: a symbolic link is written through (to the file it points to),
 * never replaced by a file; `--force` replaces only a folder hexa made (its manifest.json, or its report
 * page, says so) or an empty one, and never the root, the home folder, the working folder or one above it.
 */
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  closeSync,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { msg, UsageError } from '../sim/core/messages.js';
import { ownDescriptor, TEMP_SUFFIX_BYTES, writeTarget } from '../reports/folders/atomic.js';
import { LOCK, readOwner } from '../reports/store/lock.js';

export { publishFolder, writeFileAtomic, writeFileAtomicStreamed, writeTarget } from '../reports/folders/atomic.js';

/** The longest name of one folder entry most file systems take, in bytes. */
const NAME_MAX_BYTES = 255;

/** What a file-system entry that is neither a file nor a folder is, in words. */
export function nodeKind(s: Stats): string {
  return s.isFIFO()
    ? 'a pipe (FIFO)'
    : s.isCharacterDevice()
      ? 'a character device'
      : s.isBlockDevice()
        ? 'a block device'
        : s.isSocket()
          ? 'a socket'
          : 'not a regular file';
}

/**
 * Fail (UsageError) unless `path` can be created: its folder exists and is writable, or can be made
 * (its nearest existing ancestor is a writable folder), and it does not exist (or `force`). A link is
 * judged by what it points to. A device or a pipe is never replaced: a format written as a stream (`streams`,
 * CSV) is written into it, needing no `force`; one that must be a regular file (a SQLite database, renamed into
 * place whole) is refused there. Creates nothing.
 */
export function checkOutputFile(flag: string, path: string, force: boolean, streams = true): string {
  const full = resolve(path);
  if (ownDescriptor(full) !== undefined) {
    if (streams) return full;
    throw new UsageError(msg.outputNotRegular(flag, path, "one of this process's open streams"));
  }
  const target = linkTarget(flag, path, full);
  const found = entry(flag, path, target);
  if (found !== null) {
    if (found.isDirectory()) throw new UsageError(msg.outputIsDir(flag, path));
    if (!found.isFile()) {
      if (streams) return full;
      throw new UsageError(msg.outputNotRegular(flag, path, nodeKind(statSync(target))));
    }
    if (!force) throw new UsageError(msg.outputExists(flag, path));
    requireWritable(flag, path, target);
  }
  requireWritableFolder(flag, path, dirname(target));
  return full;
}

/**
 * A page rewritten in place (`--markdown FILE`: a region between its markers replaced): it must exist and be a
 * regular file (through links), since it is read first and then replaced whole, beside itself.
 */
export function checkOutputPage(flag: string, path: string): string {
  const full = resolve(path);
  const target = linkTarget(flag, path, full);
  let found: Stats;
  try {
    found = statSync(target);
  } catch {
    throw new UsageError(msg.pageUnreadable(flag, path));
  }
  if (!found.isFile())
    throw new UsageError(msg.pageNotFile(flag, path, found.isDirectory() ? 'a folder' : nodeKind(found)));
  requireWritable(flag, path, target);
  requireWritableFolder(flag, path, dirname(target));
  return full;
}

/**
 * Check an output folder before work starts: it must not exist (unless `force`, which also needs it to be
 * one hexa may replace: `replaces` — false where the caller continues the folder, as `--resume`), and its
 * parent must be a writable folder or one that can be made. A link to a folder stands for that folder; a
 * dangling link is refused. Returns the absolute path; creates nothing.
 */
export function checkOutputDir(flag: string, path: string, force: boolean, replaces = force): string {
  const full = resolve(path);
  const target = linkTarget(flag, path, full);
  const found = entry(flag, path, target);
  if (found === null && target !== full) throw new UsageError(msg.outputDanglingLink(flag, path, shownPath(target)));
  if (found !== null) {
    // --force replaces folders only: a file, a device or a pipe is named for what it is.
    if (!found.isDirectory())
      throw new UsageError(msg.outputNotFolder(flag, path, found.isFile() ? 'a file' : nodeKind(statSync(target))));
    if (!force) throw new UsageError(msg.outputExists(flag, path));
    if (replaces) requireReplaceable(flag, path, target);
    requireWritable(flag, path, target);
    return full;
  }
  // From the folder itself: a path through a file is caught here, not by mkdir after the work.
  requireWritableFolder(flag, path, full);
  return full;
}

/** A fresh folder name under the git-ignored `out/` of the current directory: out/<what>-<UTC stamp>. */
export function defaultOutputDir(what: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  let candidate = resolve('out', `${what}-${stamp}`);
  for (let i = 2; existsSync(candidate); i++) candidate = resolve('out', `${what}-${stamp}-${i}`);
  return candidate;
}

/** Make the folders missing above the checked output file `full` (after the work, before the write). */
export function makeParentFolders(full: string): void {
  mkdirSync(dirname(writeTarget(full)), { recursive: true });
}

/**
 * Whether `dir` is a folder hexa made (or an empty one): the only kind `--force` replaces. A folder hexa left
 * half-written (a kill -9 before its manifest) is hexa's too: its lock file names the writer.
 */
export function isReplaceable(dir: string): boolean {
  const names = readdirSync(dir);
  if (names.length === 0) return true;
  // A writer of hexa's (a sweep, a merge) killed before its manifest: its lock says whose the folder is.
  if (names.includes(LOCK) && readOwner(resolve(dir, LOCK)) !== undefined) return true;
  if (names.includes('manifest.json')) {
    try {
      const doc = JSON.parse(readFileSync(resolve(dir, 'manifest.json'), 'utf8')) as { tool?: unknown };
      if (doc.tool === 'hexa-sim') return true;
    } catch {
      // Not a manifest of hexa's: the report page may still say so.
    }
  }
  return names.includes('index.html') && startsAsReport(resolve(dir, 'index.html'));
}

/** A report page of hexa's (`hexa report`) names the tool in its title near the top. */
function startsAsReport(file: string): boolean {
  const head = Buffer.alloc(2048);
  let n = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      n = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  return head.subarray(0, n).toString('utf8').includes('<title>hexa-sim report');
}

/** UsageError unless `--force` may replace the folder `target`. */
function requireReplaceable(flag: string, path: string, target: string): void {
  const real = realpathSync(target);
  const cwd = realpathSync(process.cwd());
  const home = safeReal(homedir());
  const above = relative(real, cwd);
  const protectedAs =
    dirname(real) === real
      ? 'the root folder'
      : real === home
        ? 'the home folder'
        : real === cwd
          ? 'the working folder'
          : !above.startsWith('..') && !isAbsolute(above)
            ? 'a folder above the working folder'
            : null;
  if (protectedAs !== null) throw new UsageError(msg.outputProtected(flag, path, protectedAs));
  if (!isReplaceable(target)) throw new UsageError(msg.outputNotOurs(flag, path));
}

function safeReal(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** The end of the links at `full` (itself when no link), or the user's error for a link loop. */
function linkTarget(flag: string, path: string, full: string): string {
  try {
    return writeTarget(full);
  } catch (e) {
    throw pathError(flag, path, e);
  }
}

/** What is at `target` (links not followed), null when nothing; the user's error when the path is unusable. */
function entry(flag: string, path: string, target: string): Stats | null {
  if (Buffer.byteLength(basename(target)) + TEMP_SUFFIX_BYTES > NAME_MAX_BYTES)
    throw new UsageError(msg.outputNameTooLong(flag, path, NAME_MAX_BYTES - TEMP_SUFFIX_BYTES));
  try {
    return lstatSync(target);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw pathError(flag, path, e);
  }
}

/** The user's error for a path the system refuses before anything is written (exit 2). */
function pathError(flag: string, path: string, e: unknown): unknown {
  switch ((e as { code?: unknown }).code) {
    case 'ELOOP':
      return new UsageError(msg.outputLinkLoop(flag, path));
    case 'ENAMETOOLONG':
      return new UsageError(msg.outputNameTooLong(flag, path, NAME_MAX_BYTES - TEMP_SUFFIX_BYTES));
    case 'EACCES':
    case 'EPERM':
      return new UsageError(msg.outputNotWritable(flag, path));
    default:
      return e;
  }
}

/** UsageError naming `--flag` and `path` unless `target` is writable. */
function requireWritable(flag: string, path: string, target: string): void {
  try {
    accessSync(target, constants.W_OK);
  } catch {
    throw new UsageError(msg.outputNotWritable(flag, path));
  }
}

/** UsageError unless `folder` is a writable folder, or its nearest existing ancestor is (so it can be made). */
function requireWritableFolder(flag: string, path: string, folder: string): void {
  const existing = nearestExisting(folder);
  let isFolder: boolean;
  try {
    isFolder = statSync(existing).isDirectory();
  } catch (e) {
    // A dangling link or a loop among the ancestors: making folders through it would fail later.
    const code = (e as { code?: unknown }).code;
    if (code !== 'ENOENT') throw pathError(flag, path, e);
    isFolder = false;
  }
  if (!isFolder) throw new UsageError(msg.outputNotUnderFolder(flag, path, shownFrom(path, existing)));
  requireWritable(flag, path, existing);
}

const shownFrom = (path: string, existing: string): string =>
  isAbsolute(path) ? existing : relative(process.cwd(), existing) || '.';

/** A path as the user sees it: relative to the working folder when under it. */
function shownPath(full: string): string {
  const rel = relative(process.cwd(), full);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : full;
}

/** `path` itself or its closest ancestor that is an entry on disk (a link is one, even dangling). */
function nearestExisting(path: string): string {
  for (let p = path; ; p = dirname(p)) {
    try {
      lstatSync(p);
      return p;
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'ENAMETOOLONG') throw e;
      // ENOENT or ENOTDIR: not there (ENOTDIR means an ancestor is a file; the walk reaches it).
      if (dirname(p) === p) return p;
    }
  }
}
