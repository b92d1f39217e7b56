/**
 * Output paths are checked before any work starts (so bad input writes nothing), and files are written
 * to a temporary sibling and renamed into place, so a reader never sees a torn file. Missing parent
 * folders are allowed (a fresh cluster job writes to `out/grid-s3` in an empty directory): the check only
 * proves they can be made, and the writer makes them once the work is done.
 */
import { accessSync, constants, existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { msg, UsageError } from '../sim/core/messages.js';

export { writeFileAtomic, writeFileAtomicStreamed } from '../reports/folders/atomic.js';

/**
 * Fail (UsageError) unless `path` can be created: its folder exists and is writable, or can be made
 * (its nearest existing ancestor is a writable folder), and it does not exist (or `force`). Creates nothing.
 */
export function checkOutputFile(flag: string, path: string, force: boolean): string {
  const full = resolve(path);
  if (existsSync(full)) {
    if (statSync(full).isDirectory()) throw new UsageError(msg.outputIsDir(flag, path));
    if (!force) throw new UsageError(msg.outputExists(flag, path));
    requireWritable(flag, path, full);
  }
  requireWritableFolder(flag, path, dirname(full));
  return full;
}

/**
 * Check an output folder before work starts: it must not exist (unless `force`), and its parent must be
 * a writable folder or one that can be made. Returns the absolute path; creates nothing.
 */
export function checkOutputDir(flag: string, path: string, force: boolean): string {
  const full = resolve(path);
  if (existsSync(full)) {
    if (!statSync(full).isDirectory()) throw new UsageError(msg.outputExists(flag, path));
    if (!force) throw new UsageError(msg.outputExists(flag, path));
    requireWritable(flag, path, full);
    return full;
  }
  // From the folder itself: a dangling link in its place is caught here, not by mkdir after the work.
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

/** UsageError naming `--flag` and `path` unless `target` is writable. */
function requireWritable(flag: string, path: string, target: string): void {
  try {
    accessSync(target, constants.W_OK);
  } catch {
    throw new UsageError(msg.outputNotWritable(flag, path));
  }
}

/** Make the folders missing above the checked output file `full` (after the work, before the write). */
export function makeParentFolders(full: string): void {
  mkdirSync(dirname(full), { recursive: true });
}

/** UsageError unless `folder` is a writable folder, or its nearest existing ancestor is (so it can be made). */
function requireWritableFolder(flag: string, path: string, folder: string): void {
  const existing = nearestExisting(folder);
  // A dangling link counts as existing and not a folder: making folders through it would fail later.
  if (!existsSync(existing) || !statSync(existing).isDirectory()) {
    const shown = isAbsolute(path) ? existing : relative(process.cwd(), existing) || '.';
    throw new UsageError(msg.outputNotUnderFolder(flag, path, shown));
  }
  requireWritable(flag, path, existing);
}

/** `path` itself or its closest ancestor that is an entry on disk (a link is one, even dangling). */
function nearestExisting(path: string): string {
  for (let p = path; ; p = dirname(p)) {
    try {
      lstatSync(p);
      return p;
    } catch {
      // ENOENT or ENOTDIR: not there (ENOTDIR means an ancestor is a file; the walk reaches it).
      if (dirname(p) === p) return p;
    }
  }
}
