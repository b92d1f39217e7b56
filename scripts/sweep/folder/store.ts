/**
 * The on-disk state of a sweep folder. Each finished cell is one file in `cells/`, written to a
 * temporary name, flushed to the disk and renamed into place, so a cell's rows appear whole or not at all —
 * even if the process is killed with SIGKILL mid-write or the machine loses power. Each file ends with a footer
 * giving its rows' count and SHA-256 (cellFile.ts), and is trusted only when its rows match it: a resume runs
 * again a cell whose file does not verify, a merge refuses it. `results.csv` is assembled from those files in
 * canonical order (by cell id), streaming one cell at a time, so memory does not grow with the number of cells;
 * its own checksum is computed on the way and recorded in the manifest (results.ts). Once a sweep is done, the
 * cell files are deleted (`compactCells`, after results.csv and the manifest saying so are on the disk): the
 * folder then holds its rows once, and `--resume` and `hexa merge` read them from results.csv (compacted.ts).
 *
 *   cells/<id>.csv     the rows of a finished cell (no header), then its footer
 *   cells/<id>.failed  the error of a failed cell (JSON {"error": …})
 *   cells/<id>.part-<r>.csv  the rows of replicates r … of a cell run in parts, until all are joined
 *                      into its .csv (a run killed before that leaves them; removed on resume)
 *   cells/<id>.csv.tmp-<pid>  a write in progress (writeFileAtomic; removed on resume)
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  opendirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { syncFolder, writeDurableFile } from '../../../reports/store/durable.js';
import { positionOf, type SweepPlan } from '../cells.js';
import { readCellRows, writeCellFile, type CellSum, type RowSource } from './cellFile.js';

export const CELLS = 'cells';
export const RESULTS = 'results.csv';
export const MANIFEST = 'manifest.json';

const ID = '[0-9a-f]{16}';
const DONE_FILE = new RegExp(`^(${ID})\\.csv$`);
const FAILED_FILE = new RegExp(`^(${ID})\\.failed$`);
const PART_FILE = new RegExp(`^${ID}\\.part-\\d+\\.csv$`);
const TEMP_FILE = new RegExp(`^${ID}\\.(csv|failed|part-\\d+\\.csv)\\.tmp-\\d+$`);
/** Top-level files a sweep writes (and their temporaries); `--force` deletes only these. */
const OWN_TOP = /^(manifest\.json|results\.csv|results\.parquet|cells\.parquet|cells\.csv)(\.tmp-\d+)?$/;

/** Whether a sweep writes an entry of this name at the top of its folder (its files, cells/, its lock). */
export const isSweepEntry = (name: string): boolean => OWN_TOP.test(name) || name === CELLS || name === '.hexa.lock';

export const cellsDir = (dir: string): string => join(dir, CELLS);
export const doneFile = (dir: string, id: string): string => join(dir, CELLS, `${id}.csv`);
export const failedFile = (dir: string, id: string): string => join(dir, CELLS, `${id}.failed`);
export const partFile = (dir: string, id: string, from: number): string => join(dir, CELLS, `${id}.part-${from}.csv`);

/**
 * A finished cell's rows, wherever they are kept: passed on in chunks (each valid only during the call), verified
 * on the way; returns their sum. A cell file of the store (`fileRows`) or a compacted folder's results.csv.
 */
export type CellRows = (each: (chunk: Buffer) => void) => CellSum;

/** The rows of a cell file, verified against its footer as they are read. */
export const fileRows =
  (file: string): CellRows =>
  (each) =>
    copyRows(file, each);

/** Write a finished cell's rows (already verified, from another sweep folder: a merge) as a cell file, durably. */
export function copyCellRows(dir: string, id: string, from: CellRows): void {
  writeCellFile(doneFile(dir, id), (emit) => {
    from((chunk) => emit(chunk.toString('utf8')));
  });
}

export type { RowSource } from './cellFile.js';

/** Record a finished cell (called in the worker that ran it). */
export function saveCellRows(dir: string, id: string, rows: RowSource): void {
  writeCellFile(doneFile(dir, id), rows);
  if (existsSync(failedFile(dir, id))) unlinkSync(failedFile(dir, id));
}

/** Record the rows of replicates `from` … of a cell run in parts (called in the worker that ran them). */
export function saveCellPart(dir: string, id: string, from: number, rows: RowSource): void {
  writeCellFile(partFile(dir, id, from), rows);
}

/** All parts of a cell are in: join them, in replicate order, into the cell's file; then remove them. */
export function joinCellParts(dir: string, id: string, starts: readonly number[]): void {
  writeCellFile(doneFile(dir, id), (emit) => {
    for (const from of starts) copyRows(partFile(dir, id, from), (chunk) => emit(chunk.toString('utf8')));
  });
  if (existsSync(failedFile(dir, id))) unlinkSync(failedFile(dir, id));
  dropCellParts(dir, id, starts);
}

/** Remove whichever parts of a cell exist (a failed cell's). */
export function dropCellParts(dir: string, id: string, starts: readonly number[]): void {
  for (const from of starts) if (existsSync(partFile(dir, id, from))) unlinkSync(partFile(dir, id, from));
}

/** Record a failed cell. */
export function saveCellFailure(dir: string, id: string, error: string): void {
  writeDurableFile(failedFile(dir, id), `${JSON.stringify({ error })}\n`);
}

/** What a folder holds for each cell of a plan, by canonical position. */
export interface CellStates {
  /** PENDING, DONE or FAILED per position. */
  readonly status: Uint8Array;
  /** The error of each failed cell, by position. */
  readonly errors: ReadonlyMap<number, string>;
  /** Positions whose rows file does not verify (cut, changed, not written by hexa-sim): counted as pending. */
  readonly unverified: readonly number[];
}

export const PENDING = 0;
export const DONE = 1;
export const FAILED = 2;

/**
 * What the folder holds for the plan's cells: finished ones (whose rows verify), failed ones (with their errors).
 * The folder is read entry by entry and each rows file in chunks, so memory stays flat however many cells it has.
 * With `clean` (a sweep about to run), removes the temporaries of writes that a kill interrupted and the rows
 * files that do not verify, so those cells run again; without (a shard being merged), only reads.
 */
export function scanCells(dir: string, plan: SweepPlan, clean = true): CellStates {
  const status = new Uint8Array(plan.ids.length);
  const errors = new Map<number, string>();
  const unverified: number[] = [];
  const cells = cellsDir(dir);
  if (!existsSync(cells)) return { status, errors, unverified };
  const stale: string[] = [];
  const folder = opendirSync(cells);
  try {
    for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
      const name = entry.name;
      const done = DONE_FILE.exec(name);
      const failed = done === null ? FAILED_FILE.exec(name) : null;
      const p = done !== null ? positionOf(plan, done[1]!) : failed !== null ? positionOf(plan, failed[1]!) : -1;
      if (p >= 0 && done !== null) {
        if (readCellRows(join(cells, name)) !== undefined) status[p] = DONE;
        else {
          unverified.push(p);
          stale.push(name);
        }
      } else if (p >= 0 && status[p] !== DONE) {
        status[p] = FAILED;
        errors.set(p, readFailure(join(cells, name)));
      } else if (TEMP_FILE.test(name) || PART_FILE.test(name)) stale.push(name);
    }
  } finally {
    folder.closeSync();
  }
  for (const [p] of errors) if (status[p] === DONE) errors.delete(p);
  if (clean) for (const name of stale) unlinkSync(join(cells, name));
  unverified.sort((a, b) => a - b);
  return { status, errors, unverified };
}

function readFailure(path: string): string {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { error?: unknown };
    return String(parsed.error);
  } catch {
    return 'failed (error record unreadable)';
  }
}

/** Create `cells/`, and remove temporaries of results.csv or manifest.json that a kill left behind. */
export function ensureCellsDir(dir: string): void {
  mkdirSync(cellsDir(dir), { recursive: true });
  for (const name of readdirSync(dir)) if (OWN_TOP.test(name) && name.includes('.tmp-')) unlinkSync(join(dir, name));
}

/**
 * Copy a cell file's rows (not its footer) to `each`, verifying them on the way; a file that does not verify
 * is an error naming it (the rows already passed on must be thrown away: every caller writes a temporary).
 */
function copyRows(file: string, each: (chunk: Buffer) => void): CellSum {
  const sum = readCellRows(file, each);
  if (sum === undefined) throw new Error(`${file}: the rows do not match their footer (cut or changed)`);
  return sum;
}

/**
 * `--force`: delete what a sweep writes in `dir` — manifest.json, results.csv, the cell files and
 * temporaries — and nothing else. Symbolic links are removed as links, never followed.
 */
export function clearSweepFiles(dir: string): void {
  for (const name of readdirSync(dir))
    if (OWN_TOP.test(name) && !lstatSync(join(dir, name)).isDirectory()) unlinkSync(join(dir, name));
  const cells = cellsDir(dir);
  if (!existsSync(cells) && !isLink(cells)) return;
  if (!lstatSync(cells).isDirectory()) {
    unlinkSync(cells);
    return;
  }
  compactCells(dir);
}

/**
 * A done sweep's store is no longer needed once results.csv (or the Parquet tables) and the manifest saying
 * `"store": "compacted"` are on the disk: delete its cell files (and `cells/` when nothing else is in it), so the
 * folder holds its rows once. Files a sweep did not write are left where they are.
 */
export function compactCells(dir: string): void {
  const cells = cellsDir(dir);
  if (!existsSync(cells) || !lstatSync(cells).isDirectory()) return;
  for (const name of readdirSync(cells)) {
    if (
      (DONE_FILE.test(name) || FAILED_FILE.test(name) || PART_FILE.test(name) || TEMP_FILE.test(name)) &&
      !lstatSync(join(cells, name)).isDirectory()
    )
      unlinkSync(join(cells, name));
  }
  if (readdirSync(cells).length === 0) {
    rmdirSync(cells);
    syncFolder(dir);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
