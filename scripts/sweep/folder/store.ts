/**
 * The on-disk state of a sweep folder. Each finished cell is one file in `cells/`, written to a
 * temporary name and renamed into place, so a cell's rows appear whole or not at all — even if the
 * process is killed with SIGKILL mid-write. `results.csv` is assembled from those files in canonical
 * order (by cell id), streaming one cell at a time, so memory does not grow with the number of cells.
 *
 *   cells/<id>.csv     the rows of a finished cell (no header)
 *   cells/<id>.failed  the error of a failed cell (JSON {"error": …})
 *   cells/<id>.part-<r>.csv  the rows of replicates r … of a cell run in parts, until all are joined
 *                      into its .csv (a run killed before that leaves them; removed on resume)
 *   cells/<id>.csv.tmp-<pid>  a write in progress (writeFileAtomic; removed on resume)
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  opendirSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { toCsv } from '../../../reports/csv/csv.js';
import { writeFileAtomic, writeFileAtomicStreamed } from '../../output.js';
import { idAt, positionOf, type SweepPlan } from '../cells.js';

export const CELLS = 'cells';
export const RESULTS = 'results.csv';
export const MANIFEST = 'manifest.json';

const ID = '[0-9a-f]{16}';
const DONE_FILE = new RegExp(`^(${ID})\\.csv$`);
const FAILED_FILE = new RegExp(`^(${ID})\\.failed$`);
const PART_FILE = new RegExp(`^${ID}\\.part-\\d+\\.csv$`);
const TEMP_FILE = new RegExp(`^${ID}\\.(csv|failed|part-\\d+\\.csv)\\.tmp-\\d+$`);
/** Top-level files a sweep writes (and their temporaries); `--force` deletes only these. */
const OWN_TOP = /^(manifest\.json|results\.csv)(\.tmp-\d+)?$/;

export const cellsDir = (dir: string): string => join(dir, CELLS);
export const doneFile = (dir: string, id: string): string => join(dir, CELLS, `${id}.csv`);
export const failedFile = (dir: string, id: string): string => join(dir, CELLS, `${id}.failed`);
export const partFile = (dir: string, id: string, from: number): string => join(dir, CELLS, `${id}.part-${from}.csv`);

/** Copy a finished cell's file from another sweep folder (merge), atomically. */
export function copyCellRows(dir: string, id: string, from: string): void {
  saveCellRows(dir, id, readFileSync(from, 'utf8'));
}

/** Rows handed to `emit` as they are made: written in chunks, so a cell's rows never sit in memory whole. */
export type RowSource = (emit: (text: string) => void) => void;

/** Text bytes gathered before a write. */
const CHUNK = 1 << 16;

function writeRows(path: string, rows: string | RowSource): void {
  if (typeof rows === 'string') return writeFileAtomic(path, rows);
  writeFileAtomicStreamed(path, (fd) => {
    let chunk = '';
    rows((text) => {
      chunk += text;
      if (chunk.length >= CHUNK) {
        writeSync(fd, chunk);
        chunk = '';
      }
    });
    if (chunk !== '') writeSync(fd, chunk);
  });
}

/** Record a finished cell (called in the worker that ran it). */
export function saveCellRows(dir: string, id: string, rows: string | RowSource): void {
  writeRows(doneFile(dir, id), rows);
  if (existsSync(failedFile(dir, id))) unlinkSync(failedFile(dir, id));
}

/** Record the rows of replicates `from` … of a cell run in parts (called in the worker that ran them). */
export function saveCellPart(dir: string, id: string, from: number, rows: RowSource): void {
  writeRows(partFile(dir, id, from), rows);
}

/** All parts of a cell are in: join them, in replicate order, into the cell's file; then remove them. */
export function joinCellParts(dir: string, id: string, starts: readonly number[]): void {
  writeFileAtomicStreamed(doneFile(dir, id), (fd) => {
    for (const from of starts) copyInto(fd, partFile(dir, id, from));
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
  writeFileAtomic(failedFile(dir, id), `${JSON.stringify({ error })}\n`);
}

/** What a folder holds for each cell of a plan, by canonical position. */
export interface CellStates {
  /** PENDING, DONE or FAILED per position. */
  readonly status: Uint8Array;
  /** The error of each failed cell, by position. */
  readonly errors: ReadonlyMap<number, string>;
}

export const PENDING = 0;
export const DONE = 1;
export const FAILED = 2;

/**
 * What the folder holds for the plan's cells: finished ones, failed ones (with their errors). The folder
 * is read entry by entry, so memory stays flat however many cells it has. With `clean`, removes the
 * temporaries of writes that a kill interrupted (never when only reading, e.g. a shard being merged).
 */
export function scanCells(dir: string, plan: SweepPlan, clean = true): CellStates {
  const status = new Uint8Array(plan.ids.length);
  const errors = new Map<number, string>();
  const cells = cellsDir(dir);
  if (!existsSync(cells)) return { status, errors };
  const stale: string[] = [];
  const folder = opendirSync(cells);
  try {
    for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
      const name = entry.name;
      const done = DONE_FILE.exec(name);
      const failed = done === null ? FAILED_FILE.exec(name) : null;
      const p = done !== null ? positionOf(plan, done[1]!) : failed !== null ? positionOf(plan, failed[1]!) : -1;
      if (p >= 0 && done !== null) status[p] = DONE;
      else if (p >= 0 && status[p] !== DONE) {
        status[p] = FAILED;
        errors.set(p, readFailure(join(cells, name)));
      } else if (TEMP_FILE.test(name) || PART_FILE.test(name)) stale.push(name);
    }
  } finally {
    folder.closeSync();
  }
  for (const [p] of errors) if (status[p] === DONE) errors.delete(p);
  if (clean) for (const name of stale) unlinkSync(join(cells, name));
  return { status, errors };
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
 * Assemble results.csv: the header, then each finished cell's rows, cells in the given (canonical)
 * order. `source` yields where each cell's file is (its own folder, or a shard's when merging), or
 * undefined for a cell without rows.
 */
export function assembleResults(dir: string, columns: readonly string[], sources: Iterable<string | undefined>): void {
  writeFileAtomicStreamed(join(dir, RESULTS), (fd) => {
    writeSync(fd, toCsvHeader(columns));
    for (const file of sources) if (file !== undefined) copyInto(fd, file);
  });
}

/** One copy buffer for every file: no garbage per cell. */
const copyBuffer = Buffer.allocUnsafe(1 << 16);

/** Append a file's bytes to an open file. */
function copyInto(fd: number, file: string): void {
  const from = openSync(file, 'r');
  try {
    for (let n = readSync(from, copyBuffer); n > 0; n = readSync(from, copyBuffer)) writeSync(fd, copyBuffer, 0, n);
  } finally {
    closeSync(from);
  }
}

/**
 * results.csv written while the sweep runs: the header, then each finished cell's rows as soon as every
 * cell before it in canonical order has ended, so little is left to copy once the last one ends. Until
 * `finish` renames it into place it is a temporary (removed on resume, like any other).
 */
export class ResultsWriter {
  /** Per plan position: 0 not ended, 1 ended with rows, 2 ended without (failed). */
  private readonly ended: Uint8Array;
  private next = 0;
  private readonly tmp: string;
  private readonly fd: number;
  /** Cells whose rows are in. */
  private written = 0;

  constructor(
    private readonly dir: string,
    columns: readonly string[],
    private readonly plan: SweepPlan,
    private readonly order: readonly number[],
  ) {
    this.ended = new Uint8Array(plan.ids.length);
    this.tmp = `${join(dir, RESULTS)}.tmp-${process.pid}`;
    this.fd = openSync(this.tmp, 'w');
    writeSync(this.fd, toCsvHeader(columns));
  }

  /** The cell at `position` has ended: with its rows file written, or without rows. */
  cellEnded(position: number, rows: boolean): void {
    this.ended[position] = rows ? 1 : 2;
    for (; this.next < this.order.length; this.next++) {
      const p = this.order[this.next]!;
      if (this.ended[p] === 0) return;
      if (this.ended[p] === 1) this.append(p);
    }
  }

  /**
   * Every cell has had its chance: those that never ended (fail-fast) are left out. Renames results.csv
   * into place; returns how many cells' rows it holds.
   */
  finish(): number {
    for (; this.next < this.order.length; this.next++)
      if (this.ended[this.order[this.next]!] === 1) this.append(this.order[this.next]!);
    closeSync(this.fd);
    renameSync(this.tmp, join(this.dir, RESULTS));
    return this.written;
  }

  abandon(): void {
    closeSync(this.fd);
    if (existsSync(this.tmp)) unlinkSync(this.tmp);
  }

  private append(position: number): void {
    copyInto(this.fd, doneFile(this.dir, idAt(this.plan, position)));
    this.written++;
  }
}

/** The rows file of each finished cell among `positions` (undefined for the others), in that order. */
export function* finishedFiles(
  dir: string,
  plan: SweepPlan,
  positions: Iterable<number>,
  states: CellStates,
): Generator<string | undefined> {
  for (const p of positions) yield states.status[p] === DONE ? doneFile(dir, idAt(plan, p)) : undefined;
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
  for (const name of readdirSync(dir))
    if (OWN_TOP.test(name) && !lstatSync(join(dir, name)).isDirectory()) unlinkSync(join(dir, name));
  const cells = cellsDir(dir);
  if (!existsSync(cells) && !isLink(cells)) return;
  if (!lstatSync(cells).isDirectory()) {
    unlinkSync(cells);
    return;
  }
  for (const name of readdirSync(cells)) {
    if (
      (DONE_FILE.test(name) || FAILED_FILE.test(name) || PART_FILE.test(name) || TEMP_FILE.test(name)) &&
      !lstatSync(join(cells, name)).isDirectory()
    )
      unlinkSync(join(cells, name));
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
