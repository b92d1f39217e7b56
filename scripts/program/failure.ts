/**
 * How the command line ends on an error: always one line on stderr, `hexa: <what happened>`, and the exit
 * status that says whose it was — 2 for bad input (UsageError: refused before any work), 1 for work that
 * failed (plugin code that misbehaved, a file system that failed under the work, a fault of hexa's own).
 * A stack trace is printed only with `--debug`.
 */
import { relative, isAbsolute } from 'node:path';
import { UsageError } from '../../sim/core/messages.js';

/** What each file-system error means, and what the user can do about it. */
const FS_ERRORS: Readonly<Record<string, readonly [what: string, todo: string]>> = {
  ENOSPC: ['no space left on the device', 'free some space (or write elsewhere), then run again'],
  EDQUOT: ['the disk quota is used up', 'free some space (or write elsewhere), then run again'],
  EACCES: ['permission denied', 'choose a path you may write to, or change its permissions'],
  EPERM: ['operation not permitted', 'choose a path you may write to, or change its permissions'],
  EROFS: ['the file system is read-only', 'choose a path on a writable file system'],
  ELOOP: ['too many symbolic links (a link loop?)', 'fix or remove the link'],
  ENAMETOOLONG: ['the name is too long', 'choose a shorter name'],
  ENOENT: ['no such file or folder', 'check the path'],
  ENOTDIR: ['a part of the path is not a folder', 'check the path'],
  EISDIR: ['it is a folder', 'name a file'],
  EEXIST: ['it already exists', 'remove it or choose another path'],
  ENOTEMPTY: ['the folder is not empty', 'remove it or choose another path'],
  EMFILE: ['too many open files', 'raise the limit (ulimit -n) or use fewer --workers'],
  ENFILE: ['too many open files on the system', 'close other programs or use fewer --workers'],
  EIO: ['an input/output error', 'check the disk'],
  EXDEV: ['the paths are on different file systems', 'write the output on the same file system'],
  EBUSY: ['the file or folder is busy', 'wait for the program holding it, then run again'],
};

interface ErrnoLike {
  readonly code: string;
  readonly syscall?: string;
  readonly path?: string;
  readonly dest?: string;
}

function isErrno(e: unknown): e is Error & ErrnoLike {
  const code = e instanceof Error ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code in FS_ERRORS;
}

/** A path as the user would name it: relative to the working folder when under it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** One line for a file-system error: which path, what happened, what to do. */
export function fsErrorLine(e: Error & ErrnoLike): string {
  const [what, todo] = FS_ERRORS[e.code]!;
  const action = e.syscall === undefined ? 'file system' : e.syscall;
  const path = e.path === undefined ? '' : ` '${shown(e.path)}'`;
  const dest = e.dest === undefined ? '' : ` to '${shown(e.dest)}'`;
  return `${action}${path}${dest}: ${what} (${e.code}); ${todo}`;
}

/** The one line an error ends the command with, and its exit status. */
export function failureOf(e: unknown): { readonly line: string; readonly status: 1 | 2 } {
  if (e instanceof UsageError) return { line: e.message, status: 2 };
  if (isErrno(e)) return { line: fsErrorLine(e), status: 1 };
  // The skill database's writer (SQLite) on a full disk: said as the file system would say it.
  if ((e as { code?: unknown } | null)?.code === 'SQLITE_FULL')
    return {
      line: `write the skill database: ${FS_ERRORS.ENOSPC![0]} (SQLITE_FULL); ${FS_ERRORS.ENOSPC![1]}`,
      status: 1,
    };
  const text = e instanceof Error ? e.message : String(e);
  return { line: text.split('\n')[0] || String(e), status: 1 };
}

/** Print the error's line (its stack too with `debug`) and exit with its status. */
export function exitWith(e: unknown, debug: boolean): never {
  const { line, status } = failureOf(e);
  process.stderr.write(`hexa: ${line}\n`);
  if (debug && e instanceof Error && e.stack !== undefined) process.stderr.write(`${e.stack}\n`);
  process.exit(status);
}
