/**
 * A sweep that runs out of disk space: not a fault of any cell, so no cell is recorded as failed. The sweep
 * stops, removes what it had half-written (results.csv in progress, temporaries), and leaves the folder
 * resumable — the finished cells' files are whole and verified, the manifest says "failed" — so that
 * `--resume` finishes it once space is freed. The command ends with one line saying so, exit 1.
 */
import { relative, isAbsolute } from 'node:path';

/** The error codes of a full disk or a used-up quota (SQLITE_FULL: the skill database's writer says so). */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

export function isDiskFull(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && FULL.has(code);
}

/** The code of a disk-full error, or of a worker's message (which keeps only the text). */
export function diskFullCode(e: unknown): string {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  if (code === 'SQLITE_FULL') return 'ENOSPC';
  if (typeof code === 'string') return code;
  return String(e instanceof Error ? e.message : e).startsWith('EDQUOT') ? 'EDQUOT' : 'ENOSPC';
}

/** A folder as the user named it: relative to the working folder when under it. */
export const shownDir = (path: string): string => {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
};

/** The one line the sweep ends with (no `code` of its own, so it is printed as it is). */
export class SweepDiskFull extends Error {
  constructor(dir: string, code: string, done: number, cells: number, recorded: boolean) {
    const what = code === 'EDQUOT' ? 'the disk quota is used up' : 'no space left on the device';
    const kept = recorded
      ? `${done} of ${cells} cells are finished and kept, the manifest says "failed"; free some space, then run ` +
        'the same command with --resume to finish it'
      : `${done} of ${cells} cells are finished and kept, but the manifest could not be written; free some ` +
        'space, then run the same command with --resume to finish it';
    super(`sweep '${shownDir(dir)}': ${what} (${code}); ${kept}`);
    this.name = 'SweepDiskFull';
  }
}
