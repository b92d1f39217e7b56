/**
 * `hexa merge`: join the folders of a sharded sweep into one folder whose results.csv is byte-identical
 * to an unsharded run's. Everything is checked before anything is written: every input is a finished
 * shard of the same grid, no cell is in two inputs, and together they hold every cell.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { msg, UsageError } from '../../sim/core/messages.js';
import { OutputPlan } from '../program/outputs.js';
import { idAt, planSweep, shardPositions, type SweepPlan } from './cells.js';
import {
  clearSweepFiles,
  compactCells,
  copyCellRows,
  DONE,
  doneFile,
  ensureCellsDir,
  fileRows,
  isSweepEntry,
  MANIFEST,
  RESULTS,
  saveCellFailure,
  scanCells,
  type CellRows,
  type CellStates,
} from './folder/store.js';
import { assembleResults, csvHeader, finishedFiles } from './folder/results.js';
import { COMPACTED, CompactedRows, unverifiedTable } from './folder/compacted.js';
import {
  countCells,
  readSweepManifest,
  statusOf,
  writeSweepManifest,
  type CellCounts,
  type SweepManifestHead,
  type SweepStatus,
} from './folder/manifest.js';
import { changedModule } from '../../sim/experiment/moduleRefs.js';
import { preloadRefs } from '../config/preload.js';
import { holderOf, isStale, LOCK, lockFolder, readOwner } from '../../reports/store/lock.js';
import { DEFAULT_FORMAT, type ResultFormat } from '../../reports/parquet/sweepTables.js';

interface Input {
  readonly dir: string;
  readonly head: SweepManifestHead;
  readonly states: CellStates;
}

/** A compacted shard holds every one of its cells, done (only a done sweep is compacted). */
function compactedStates(plan: SweepPlan, shard: SweepManifestHead['shard']): CellStates {
  const status = new Uint8Array(plan.ids.length);
  for (const p of shardPositions(plan, shard.index, shard.count)) status[p] = DONE;
  return { status, errors: new Map(), unverified: [] };
}

/** A compacted shard's rows are read from its results.csv, verified whole first; refused when it does not. */
function checkCompacted(dir: string): void {
  const doc = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Record<string, unknown>;
  const bad = unverifiedTable(dir, doc);
  if (bad !== null) throw new UsageError(msg.compactedUnverified('merge', dir, bad.file, bad.why));
  if (!existsSync(join(dir, RESULTS))) throw new UsageError(msg.mergeParquetOnly(dir));
}

export interface MergeSummary extends CellCounts {
  readonly out: string;
  readonly status: SweepStatus;
  readonly gridId: string;
  readonly inputs: number;
}

function readInputs(dirs: readonly string[]): Omit<Input, 'states'>[] {
  if (dirs.length === 0) throw new UsageError(msg.mergeNoInput());
  return dirs.map((dir) => {
    const head = readSweepManifest(dir);
    if (head === undefined) throw new UsageError(msg.mergeNotSweep(dir));
    if (head.status === 'running') throw new UsageError(runningShard(dir));
    if (head.grid.axes === undefined) throw new UsageError(msg.mergeNoGrid(dir));
    return { dir, head };
  });
}

/**
 * What a shard whose manifest says "running" is: being written now (its lock names a live writer), or left so
 * by a writer that ended without a word (a kill -9, a crash), which --resume finishes.
 */
function runningShard(dir: string): string {
  const owner = readOwner(join(dir, LOCK));
  if (owner !== undefined && !isStale(owner)) return msg.mergeRunning(dir, holderOf(owner));
  return msg.mergeAbandoned(dir);
}

/**
 * For each cell (by position), the index of the input that holds it; throws on an unfinished shard, overlap or a gap.
 */
function assignCells(inputs: readonly Input[], plan: SweepPlan): Int32Array {
  const owner = new Int32Array(plan.ids.length).fill(-1);
  let assigned = 0;
  inputs.forEach((input, k) => {
    const positions = shardPositions(plan, input.head.shard.index, input.head.shard.count);
    const pending = countCells(positions, input.states).pending;
    if (pending > 0) throw new UsageError(msg.mergeUnfinished(input.dir, pending));
    for (const p of positions) {
      if (owner[p] !== -1) throw new UsageError(msg.mergeOverlap(idAt(plan, p), inputs[owner[p]!]!.dir, input.dir));
      owner[p] = k;
      assigned++;
    }
  });
  if (assigned < plan.ids.length) {
    const counts = new Set(inputs.map((i) => i.head.shard.count));
    let hint = '';
    if (counts.size === 1) {
      const n = [...counts][0]!;
      const have = new Set(inputs.map((i) => i.head.shard.index));
      const absent = Array.from({ length: n }, (_, i) => i).filter((i) => !have.has(i));
      hint = ` (shard${absent.length > 1 ? 's' : ''} ${absent.map((i) => `${i}/${n}`).join(', ')} not given)`;
    }
    throw new UsageError(msg.mergeMissing(plan.ids.length - assigned, plan.ids.length, hint));
  }
  return owner;
}

/** Same grid, same code: the same grid run by different code could give different numbers. */
function checkSameSweep(inputs: readonly Omit<Input, 'states'>[]): void {
  const base = inputs[0]!;
  for (const input of inputs) {
    if (input.head.grid.id !== base.head.grid.id)
      throw new UsageError(msg.mergeMismatch(input.dir, base.dir, 'their grids'));
    if (input.head.version !== base.head.version || input.head.gitCommit !== base.head.gitCommit) {
      throw new UsageError(msg.mergeMismatch(input.dir, base.dir, 'the hexa-sim versions that ran them'));
    }
    if (changedModule(base.head.modules ?? [], input.head.modules ?? []) !== null)
      throw new UsageError(msg.mergeMismatch(input.dir, base.dir, 'the plugin modules that ran them'));
  }
}

/**
 * Before `mergeSweeps` of shards that used plugin modules: the files must still hold the code the shards
 * ran (the grid is planned from them again), and are loaded for that. Checks the inputs as merging does.
 */
export async function loadMergeModules(dirs: readonly string[]): Promise<void> {
  const heads = readInputs(dirs);
  checkSameSweep(heads);
  const input = heads[0]!;
  const refs = input.head.modules ?? [];
  if (refs.length === 0) return;
  const { fileSha256 } = await import('../../sim/experiment/moduleRefs.js');
  for (const ref of refs) {
    const now = fileSha256(ref.path);
    if (now !== ref.sha256) throw new UsageError(msg.mergeModuleChanged(input.dir, ref.path, ref.sha256, now));
  }
  await preloadRefs(refs);
}

export function mergeSweeps(
  dirs: readonly string[],
  outPath: string,
  force: boolean,
  format: ResultFormat = DEFAULT_FORMAT,
  /** Keep the merged folder's cells/ even when every cell is done (it is compacted otherwise). */
  keepCells = false,
): MergeSummary {
  const heads = readInputs(dirs);
  checkSameSweep(heads);
  const plan = planSweep({ axes: heads[0]!.head.grid.axes ?? [] });
  if (plan.gridId !== heads[0]!.head.grid.id) throw new UsageError(msg.mergeVersion(heads[0]!.dir));
  for (const h of heads) if (h.head.store === COMPACTED) checkCompacted(h.dir);
  const inputs: Input[] = heads.map((h) => ({
    ...h,
    states: h.head.store === COMPACTED ? compactedStates(plan, h.head.shard) : scanCells(h.dir, plan, false),
  }));
  for (const input of inputs) {
    const p = input.states.unverified[0];
    if (p !== undefined)
      throw new UsageError(msg.mergeUnverified(input.dir, idAt(plan, p), input.states.unverified.length));
  }
  const owner = assignCells(inputs, plan);

  const outputs = new OutputPlan();
  const out = outputs.folder('out', outPath, force, { owns: isSweepEntry, inPlace: true });
  if (dirs.some((d) => resolve(d) === out)) throw new UsageError(msg.mergeOutIsInput(outPath));
  outputs.claim();
  let done = false;
  try {
    mkdirSync(out, { recursive: true });
    const lock = lockFolder(out);
    try {
      const summary = writeMerged(out, { force, format, keepCells }, plan, inputs, owner);
      done = true;
      return summary;
    } finally {
      lock.release();
    }
  } finally {
    outputs.release(done);
  }
}

/**
 * Each cell's rows in canonical order, from the input that holds it: its cell file, or the next cell of a
 * compacted input's results.csv (one reader per input, read front to back); undefined for a failed cell.
 */
function* inputRows(
  plan: SweepPlan,
  inputs: readonly Input[],
  owner: Int32Array,
  readers: readonly (CompactedRows | undefined)[],
): Generator<CellRows | undefined> {
  for (let p = 0; p < plan.ids.length; p++) {
    const k = owner[p]!;
    const input = inputs[k]!;
    const id = idAt(plan, p);
    if (input.states.status[p] !== DONE) yield undefined;
    else yield readers[k]?.rowsOf(id) ?? fileRows(doneFile(input.dir, id));
  }
}

interface MergeOptions {
  readonly force: boolean;
  readonly format: ResultFormat;
  readonly keepCells: boolean;
}

function writeMerged(
  out: string,
  options: MergeOptions,
  plan: SweepPlan,
  inputs: readonly Input[],
  owner: Int32Array,
): MergeSummary {
  if (options.force) clearSweepFiles(out);
  const started = new Date();
  const header = csvHeader(plan.columns);
  const readers = inputs.map((i) => (i.head.store === COMPACTED ? CompactedRows.open(i.dir, header) : undefined));
  try {
    const all = Array.from({ length: plan.ids.length }, (_, p) => p);
    const given = inputRows(plan, inputs, owner, readers);
    // Every cell done and no store wanted: the rows go straight from the inputs to the merged tables.
    const direct = !options.keepCells && inputs.every((i) => countCells(all, i.states).failed === 0);
    let states: CellStates;
    let sources: Iterable<CellRows | undefined>;
    if (direct) {
      const status = new Uint8Array(plan.ids.length).fill(DONE);
      states = { status, errors: new Map(), unverified: [] };
      sources = given;
    } else {
      ensureCellsDir(out);
      let p = 0;
      for (const rows of given) {
        const id = idAt(plan, p);
        if (rows !== undefined) copyCellRows(out, id, rows);
        else saveCellFailure(out, id, inputs[owner[p]!]!.states.errors.get(p)!);
        p++;
      }
      states = scanCells(out, plan);
      sources = finishedFiles(out, plan, all, states);
    }
    const counts = countCells(all, states);
    const status = statusOf(counts);
    const checksums = assembleResults(out, plan, options.format, sources);
    for (const reader of readers) reader?.finish();
    const compact = status === 'done' && !options.keepCells;
    const extra = compact ? { store: COMPACTED } : {};
    writeSweepManifest(out, plan, { index: 0, count: 1 }, all, started, status, states, checksums, extra);
    if (compact) compactCells(out);
    return { out, status, gridId: plan.gridId, inputs: inputs.length, ...counts };
  } finally {
    for (const reader of readers) reader?.close();
  }
}
