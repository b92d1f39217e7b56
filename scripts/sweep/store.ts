/**
 * The on-disk state of a sweep folder. Each finished cell is one file in `cells/`, written to a hidden
 * temporary name and renamed into place, so a cell's rows appear whole or not at all — even if the
 * process is killed with SIGKILL mid-write. `results.csv` is assembled from those files in canonical
 * order (by cell id), streaming one cell at a time, so memory does not grow with the number of cells.
 *
 *   cells/<id>.csv     the rows of a finished cell (no header)
 *   cells/<id>.failed  the error of a failed cell (JSON {"error": …})
 *   cells/.<…>.tmp-…   a write in progress (removed on resume)
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { toCsv } from '../../reports/csv.js';

export const CELLS = 'cells';
export const RESULTS = 'results.csv';
export const MANIFEST = 'manifest.json';

const ID = '[0-9a-f]{16}';
const DONE_FILE = new RegExp(`^(${ID})\\.csv$`);
const FAILED_FILE = new RegExp(`^(${ID})\\.failed$`);
const TEMP_FILE = /^\..*\.tmp-\d+-\d+$/;
/** Top-level files a sweep writes (and their temporaries); `--force` deletes only these. */
const OWN_TOP = /^(manifest\.json|results\.csv)(\.tmp-\d+(-\d+)?)?$/;

export const cellsDir = (dir: string): string => join(dir, CELLS);
export const doneFile = (dir: string, id: string): string => join(dir, CELLS, `${id}.csv`);
export const failedFile = (dir: string, id: string): string => join(dir, CELLS, `${id}.failed`);

/** Write `content` to `path` through a hidden temporary in the same folder, then rename (atomic). */
function publish(path: string, dir: string, name: string, content: string): void {
  const tmp = join(dir, `.${name}.tmp-${process.pid}-${threadId}`);
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
}

/** Copy a finished cell's file from another sweep folder (merge), atomically. */
export function copyCellRows(dir: string, id: string, from: string): void {
  saveCellRows(dir, id, readFileSync(from, 'utf8'));
}

/** Record a finished cell (called in the worker that ran it). */
export function saveCellRows(dir: string, id: string, csv: string): void {
  publish(doneFile(dir, id), cellsDir(dir), `${id}.csv`, csv);
  if (existsSync(failedFile(dir, id))) unlinkSync(failedFile(dir, id));
}

/** Record a failed cell. */
export function saveCellFailure(dir: string, id: string, error: string): void {
  publish(failedFile(dir, id), cellsDir(dir), `${id}.failed`, JSON.stringify({ error }) + '\n');
}

export interface CellStates {
  readonly done: ReadonlySet<string>;
  readonly failed: ReadonlyMap<string, string>;
}

/**
 * What the folder holds: finished cells, failed cells (with their errors). With `clean`, removes the
 * temporaries of writes that a kill interrupted (never when only reading, e.g. a shard being merged).
 */
export function scanCells(dir: string, clean = true): CellStates {
  const done = new Set<string>();
  const failed = new Map<string, string>();
  const cells = cellsDir(dir);
  if (!existsSync(cells)) return { done, failed };
  for (const name of readdirSync(cells)) {
    const d = DONE_FILE.exec(name);
    if (d) done.add(d[1]!);
    const f = FAILED_FILE.exec(name);
    if (f) failed.set(f[1]!, readFailure(join(cells, name)));
    if (clean && TEMP_FILE.test(name)) unlinkSync(join(cells, name));
  }
  for (const id of done) failed.delete(id);
  return { done, failed };
}

function readFailure(path: string): string {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { error?: unknown };
    return String(parsed.error);
  } catch {
    return 'failed (error record unreadable)';
  }
}

export function ensureCellsDir(dir: string): void {
  mkdirSync(cellsDir(dir), { recursive: true });
}

/**
 * Assemble results.csv: the header, then each finished cell's rows, cells in the given (canonical)
 * order. `source(id)` says where a cell's file is (its own folder, or a shard's when merging).
 */
export function assembleResults(dir: string, columns: readonly string[], ids: Iterable<string>, source: (id: string) => string | undefined): void {
  const path = join(dir, RESULTS);
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, toCsvHeader(columns));
    for (const id of ids) {
      const file = source(id);
      if (file !== undefined) writeSync(fd, readFileSync(file));
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

function toCsvHeader(columns: readonly string[]): string {
  const row: Record<string, string> = {};
  for (const c of columns) row[c] = c;
  return toCsv([row], false);
}

/**
 * `--force`: delete what a sweep writes in `dir` — manifest.json, results.csv, the cell files and
 * temporaries — and nothing else. Symbolic links are removed as links, never followed.
 */
export function clearSweepFiles(dir: string): void {
  for (const name of readdirSync(dir)) if (OWN_TOP.test(name) && !lstatSync(join(dir, name)).isDirectory()) unlinkSync(join(dir, name));
  const cells = cellsDir(dir);
  if (!existsSync(cells) && !isLink(cells)) return;
  if (!lstatSync(cells).isDirectory()) {
    unlinkSync(cells);
    return;
  }
  for (const name of readdirSync(cells)) {
    if ((DONE_FILE.test(name) || FAILED_FILE.test(name) || TEMP_FILE.test(name)) && !lstatSync(join(cells, name)).isDirectory()) unlinkSync(join(cells, name));
  }
  if (readdirSync(cells).length === 0) rmdirSync(cells);
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
