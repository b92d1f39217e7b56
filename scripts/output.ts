/**
 * Output paths are checked before any work starts (so bad input writes nothing), and files are written
 * to a temporary sibling and renamed into place, so a reader never sees a torn file.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { msg, UsageError } from '../sim/core/messages.js';

export { writeFileAtomic, writeFileAtomicStreamed } from '../reports/folders/atomic.js';

/** Fail (UsageError) unless `path` can be created: its folder exists and is writable, and it does not exist (or `force`). */
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
 * a writable folder. Returns the absolute path; creates nothing.
 */
export function checkOutputDir(flag: string, path: string, force: boolean): string {
  const full = resolve(path);
  if (existsSync(full)) {
    if (!statSync(full).isDirectory()) throw new UsageError(msg.outputExists(flag, path));
    if (!force) throw new UsageError(msg.outputExists(flag, path));
    requireWritable(flag, path, full);
    return full;
  }
  requireWritableFolder(flag, path, dirname(full));
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

/** UsageError unless `folder` exists, is a folder, and is writable. */
function requireWritableFolder(flag: string, path: string, folder: string): void {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(msg.outputNoDir(flag, path));
  requireWritable(flag, path, folder);
}
