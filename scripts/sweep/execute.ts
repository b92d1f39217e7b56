/**
 * Run a planned sweep into a folder: skip cells already finished there (resume), run the rest on the
 * worker pool, record failures, then assemble results.csv and the manifest in canonical order.
 *
 * Work is handed out in tasks sized to the machine (the one replicate splitter, sim/core/parallel/split.ts):
 * with fewer cells than the workers can share evenly (a short sweep of 3 cells on 2 workers would leave one
 * idle half the time), each cell is cut into parts of consecutive replicates, joined in replicate order when
 * all are in; with many small cells, a task carries several, so the per-task overhead is spread over them.
 * Either way the files are the same.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SweepPlan } from './cells.js';
import { idAt, positionOf, shardPositions } from './cells.js';
import { WorkerPool } from '../../sim/core/parallel/pool.js';
import { stepTimeoutSeconds } from '../../sim/core/guard/deadline.js';
import { PartJoiner, partStart, splitReplicates, type SplitOptions } from '../../sim/core/parallel/split.js';
import { startProgress, type ProgressMode } from './progress.js';
import { writesCsv, type ResultFormat } from '../../reports/parquet/sweepTables.js';
import { COMPACTED, unverifiedTable } from './folder/compacted.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import {
  compactCells,
  DONE,
  dropCellParts,
  FAILED,
  ensureCellsDir,
  joinCellParts,
  MANIFEST,
  saveCellFailure,
  scanCells,
  type CellStates,
} from './folder/store.js';
import { assembleResults, finishedFiles, ResultsWriter } from './folder/results.js';
import {
  countCells,
  readSweepManifest,
  statusOf,
  writeSweepManifest,
  type CellCounts,
  type Shard,
  type SweepStatus,
} from './folder/manifest.js';
import { runTask, type CellSlice, type SliceOutcome, type SweepTask } from './task.js';
import { diskFullCode, isDiskFull, shownDir, SweepDiskFull } from './diskFull.js';
import type { SkillDbWriter } from '../../reports/skillDb/writer.js';
import { libraryDbEntry } from '../../reports/folders/folders.js';
import { onStop } from '../program/interrupt.js';

/**
 * How a sweep's pending cells are cut for the pool (see splitReplicates): 16 tasks a thread; whole cells up to
 * 64 a task (progress stays fine-grained, tasks stay small).
 */
export const SWEEP_SPLIT: SplitOptions = { tasksPerThread: 16, maxUnitsPerTask: 64 };

/**
 * The sweep's threads: this one and `workers` − 1 worker threads (the one pool, sim/core/parallel/pool.ts),
 * started once for the sweep. Tasks are taken from a generator as threads free up, so the queue — and
 * memory — stays small however many cells the grid has.
 */
export type SweepPool = WorkerPool<SweepTask, SliceOutcome[]>;

/**
 * Start the threads (early, so they load while the main thread prepares the folder). With `plugins` (cells
 * calling plugin modules) they are watched: a cell stuck in plugin code past --step-timeout fails.
 */
export function startPool(workers: number, plugins = false): SweepPool {
  // A cell allocates almost nothing per attempt, so a small young generation costs no speed and keeps each
  // worker's memory from growing with the length of the sweep (docs/performance.md).
  const watch = plugins ? { watch: { seconds: stepTimeoutSeconds() } } : {};
  return new WorkerPool(new URL('./worker.js', import.meta.url), workers, runTask, { youngGenerationMb: 4, ...watch });
}

/** How the skill database labels a sweep cell: its swept values, `flag=value` joined by spaces. */
function cellLabel(values: Readonly<Record<string, string>>): string | null {
  const parts = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  return parts.length === 0 ? null : parts.join(' ');
}

/** A task that throws, or whose worker thread dies, fails its cells. */
const failedTask = (task: SweepTask, e: Error): SliceOutcome[] =>
  task.slices.map(() => ({ ok: false, error: e.message }));

export interface SweepOptions {
  readonly dir: string;
  readonly plan: SweepPlan;
  readonly shard: Shard;
  readonly workers: number;
  readonly failFast: boolean;
  readonly progress: ProgressMode;
  /** Which result tables to write (results.csv, the Parquet tables, or both). */
  readonly format: ResultFormat;
  /** Threads already started (`startPool`), so they loaded while the folder was prepared; else started here. */
  readonly pool?: SweepPool;
  /**
   * Where the cells' skill histories go (`--library-db`): every cell of the shard, those already finished (a
   * resume) run again for their histories only. Published at `path` when the sweep ends (the manifest names
   * it), abandoned if it throws.
   */
  readonly libraryDb?: { readonly writer: SkillDbWriter; readonly path: string };
  /** Keep cells/ when the sweep is done (it is compacted into the result tables otherwise). */
  readonly keepCells?: boolean;
  /** The command that resumes it (resumeCommand.ts), for the line a signal ends it with. */
  readonly resume?: string;
}

/** The threads a sweep can use: no more than it has replicates to share out (a tiny grid). */
export function usefulWorkers(workers: number, plan: SweepPlan, cells: number): number {
  return Math.max(1, Math.min(workers, cells * plan.replicates));
}

export interface SweepSummary extends CellCounts {
  readonly out: string;
  readonly status: SweepStatus;
  readonly gridId: string;
  readonly shard: Shard;
  /** Cells run by this invocation, and cells found finished (resume). */
  readonly ran: number;
  readonly skipped: number;
  readonly seconds: number;
  readonly failures: readonly { readonly id: string; readonly error: string }[];
}

/**
 * --resume of a compacted folder: the sweep is done, its rows are in its tables. Verify them against the
 * manifest and stop (a table that does not verify is refused: nothing else holds those rows).
 */
function resumeCompacted(options: SweepOptions, positions: readonly number[], started: Date): SweepSummary {
  const { dir, plan, shard } = options;
  if (options.libraryDb !== undefined) throw new UsageError(msg.resumeLibraryDbCompacted(dir));
  const doc = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Record<string, unknown>;
  const bad = unverifiedTable(dir, doc);
  if (bad !== null) throw new UsageError(msg.compactedUnverified('resume', dir, bad.file, bad.why));
  // A kill between the manifest and the deletion leaves cell files: finish deleting them.
  compactCells(dir);
  const cells = positions.length;
  const seconds = (Date.now() - started.getTime()) / 1000;
  const counts = { cells, done: cells, failed: 0, pending: 0 };
  return {
    out: dir,
    status: 'done',
    gridId: plan.gridId,
    shard,
    ...counts,
    ran: 0,
    skipped: cells,
    seconds,
    failures: [],
  };
}

export async function executeSweep(options: SweepOptions): Promise<SweepSummary> {
  const { dir, plan, shard } = options;
  const started = new Date();
  const positions = shardPositions(plan, shard.index, shard.count);
  if (readSweepManifest(dir)?.store === COMPACTED) return resumeCompacted(options, positions, started);
  let before: CellStates;
  try {
    mkdirSync(dir, { recursive: true });
    ensureCellsDir(dir);
    before = scanCells(dir, plan);
    writeSweepManifest(dir, plan, shard, positions, started, 'running');
  } catch (e) {
    await options.pool?.close();
    if (!isDiskFull(e)) throw e;
    return endOnFullDisk(options, positions, started, null, e);
  }

  const skipped = countCells(positions, before).done;
  const pending = positions.length - skipped;
  // Replicates take one value in a sweep: every cell has as many.
  const replicates = plan.replicates;
  const pool = options.pool ?? startPool(usefulWorkers(options.workers, plan, pending), plan.modules.length > 0);
  const db = options.libraryDb?.writer;
  const pendingAt = skipped === 0 || db !== undefined ? positions : positions.filter((p) => before.status[p] !== DONE);
  function* tasks(): Generator<SweepTask> {
    for (const pieces of splitReplicates(pendingAt.length, () => replicates, pool.threads, SWEEP_SPLIT)) {
      const slices = pieces.map((piece) => {
        const p = pendingAt[piece.unit]!;
        const config = plan.configAt(p);
        if (db !== undefined) db.addCell(config, cellLabel(plan.valuesAt(p)), idAt(plan, p));
        return { id: idAt(plan, p), config, piece, rows: before.status[p] !== DONE };
      });
      yield { dir, columns: plan.columns, slices, histories: db !== undefined };
    }
  }

  // A cell run in parts is done when its last part is in; it has failed as soon as one part has.
  const joiner = new PartJoiner<SliceOutcome>();
  const failedCells = new Set<string>();
  const dbFailed = new Set<string>();
  const progress = await startProgress(options.progress, positions.length, skipped);
  let results: ResultsWriter;
  try {
    results = new ResultsWriter(dir, plan, positions, options.format);
  } catch (e) {
    progress.stop();
    await pool.close();
    if (!isDiskFull(e)) throw e;
    return endOnFullDisk(options, positions, started, null, e);
  }
  for (const p of positions) if (before.status[p] === DONE) results.cellEnded(p, true);
  // What the folder holds as cells end, for the manifest a signal leaves (no rescan of the folder then).
  const live = { status: Uint8Array.from(before.status), errors: new Map(before.errors), unverified: [] };
  // SIGINT or SIGTERM while cells run: the manifest says `stopped` (the finished cells' files are whole, so
  // --resume continues).
  const stopOnSignal = onStop(() => {
    progress.stop();
    results.abandon();
    db?.abandon();
    writeSweepManifest(dir, plan, shard, positions, started, 'stopped', live);
    const done = countCells(positions, live).done;
    const resume = options.resume === undefined ? 'the same command with --resume' : options.resume;
    return (
      `sweep '${shownDir(dir)}': ${done} of ${positions.length} cells are finished and kept, the manifest says ` +
      `"stopped"; to finish it, run ${resume}`
    );
  });
  let ran = 0;
  const cellEnded = (id: string, outcome: SliceOutcome): void => {
    ran++;
    if (!outcome.ok) saveCellFailure(dir, id, outcome.error);
    progress.cell(outcome.ok ? outcome.attempts : 0);
    const p = positionOf(plan, id);
    live.status[p] = outcome.ok ? DONE : FAILED;
    if (outcome.ok) live.errors.delete(p);
    else live.errors.set(p, outcome.error);
    results.cellEnded(p, outcome.ok);
  };
  const sliceEnded = ({ id, piece, rows }: CellSlice, outcome: SliceOutcome): void => {
    if (db !== undefined) {
      // A cell with a failed part leaves the database whole: parts in before are dropped, later ones ignored.
      if (!outcome.ok && !dbFailed.has(id)) {
        dbFailed.add(id);
        db.dropCell(id);
      } else if (outcome.ok && !dbFailed.has(id)) db.add(id, outcome.records ?? []);
    }
    // A finished cell run again for its histories: its folder entry stays as it was.
    if (!rows) return;
    if (piece.parts === 1) return cellEnded(id, outcome);
    if (!outcome.ok && !failedCells.has(id)) {
      failedCells.add(id);
      cellEnded(id, outcome);
    }
    const parts = joiner.add(piece, outcome);
    if (parts === null) return;
    const starts = Array.from({ length: piece.parts }, (_, i) => partStart(i, piece.parts, replicates));
    if (failedCells.delete(id)) return dropCellParts(dir, id, starts);
    joinCellParts(dir, id, starts);
    cellEnded(id, { ok: true, attempts: parts.reduce((n, o) => n + (o.ok ? o.attempts : 0), 0) });
  };
  let stop = false;
  // The first disk-full error, in this thread or a worker's: the sweep stops there (diskFull.ts).
  const full: { error?: unknown } = {};
  try {
    // Each thread publishes its cells' files itself; which thread ran a cell does not change them.
    await pool.run(
      tasks(),
      (task, outcomes) => {
        if ('error' in full) return;
        const noSpace = outcomes.find((o) => !o.ok && o.diskFull === true);
        if (noSpace !== undefined && !noSpace.ok) {
          full.error = new Error(noSpace.error);
          stop = true;
          return;
        }
        if (options.failFast && outcomes.some((o) => !o.ok)) stop = true;
        try {
          task.slices.forEach((slice, k) => sliceEnded(slice, outcomes[k]!));
        } catch (e) {
          if (!isDiskFull(e)) throw e;
          full.error = e;
          stop = true;
        }
      },
      { stop: () => stop, failed: failedTask },
    );
  } catch (e) {
    if (!isDiskFull(e)) {
      results.abandon();
      db?.abandon();
      failed(options, positions, started, live);
      throw e;
    }
    full.error = e;
  } finally {
    stopOnSignal.remove();
    progress.stop();
    await pool.close();
  }
  if ('error' in full) return endOnFullDisk(options, positions, started, results, full.error);

  let after: CellStates;
  let counts: CellCounts;
  let status: SweepStatus;
  try {
    after = scanCells(dir, plan);
    counts = countCells(positions, after);
    status = statusOf(counts);
    // The folder is the record: should it hold other finished cells than were written as they ended, assemble
    // anew.
    const written = results.finish();
    const checksums =
      written.cells === counts.done
        ? written.checksums
        : assembleResults(dir, plan, options.format, finishedFiles(dir, plan, positions, after));
    const published = db === undefined ? undefined : { path: options.libraryDb!.path, sha256: db.finish() };
    // Only a done sweep is compacted: a failed or stopped one keeps its cells for --resume, and a shard written
    // only as Parquet keeps them for hexa merge, which streams a shard's rows as results.csv text.
    const mergeNeedsCells = shard.count > 1 && !writesCsv(options.format);
    const compact = status === 'done' && options.keepCells !== true && !mergeNeedsCells;
    const extra = {
      ...(published === undefined ? {} : { libraryDb: libraryDbEntry(dir, published) }),
      ...(compact ? { store: COMPACTED } : {}),
      // Cells an earlier run of this folder finished (a resume): once compacted, only the manifest can say so.
      ...(skipped > 0 ? { resumedCells: skipped } : {}),
    };
    writeSweepManifest(dir, plan, shard, positions, started, status, after, checksums, extra);
    if (compact) compactCells(dir);
  } catch (e) {
    if (!isDiskFull(e)) {
      results.abandon();
      db?.abandon();
      failed(options, positions, started, live);
      throw e;
    }
    return endOnFullDisk(options, positions, started, results, e);
  }
  const failures = [...after.errors].sort(([a], [b]) => a - b).map(([p, error]) => ({ id: idAt(plan, p), error }));
  return {
    out: dir,
    status,
    gridId: plan.gridId,
    shard,
    ...counts,
    ran,
    skipped,
    seconds: (Date.now() - started.getTime()) / 1000,
    failures,
  };
}

/**
 * A fault that is not the disk's ended the sweep after it began (the error is thrown on): the manifest says
 * "failed", never "running", with the cells finished so far kept for --resume. Best effort: the fault may be
 * the file system's.
 */
function failed(options: SweepOptions, positions: readonly number[], started: Date, live: CellStates): void {
  try {
    writeSweepManifest(options.dir, options.plan, options.shard, positions, started, 'failed', live);
  } catch {
    // The error being thrown says what happened; a manifest left "running" is read as unfinished.
  }
}

/**
 * The disk filled under the sweep: drop what was half-written (results.csv in progress, the database,
 * temporaries and cut cell files, which a scan removes), record the folder as "failed" with every finished
 * cell kept, and end with the line that says --resume finishes it (diskFull.ts).
 */
function endOnFullDisk(
  options: SweepOptions,
  positions: readonly number[],
  started: Date,
  results: ResultsWriter | null,
  error: unknown,
): never {
  const { dir, plan, shard } = options;
  results?.abandon();
  options.libraryDb?.writer.abandon();
  const after = scanCells(dir, plan);
  let recorded = true;
  try {
    writeSweepManifest(dir, plan, shard, positions, started, 'failed', after);
  } catch (e) {
    if (!isDiskFull(e)) throw e;
    recorded = false;
  }
  throw new SweepDiskFull(dir, diskFullCode(error), countCells(positions, after).done, positions.length, recorded);
}
