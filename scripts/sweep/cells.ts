/**
 * Cells: one parameter combination of a grid, named by a stable id — a hash of the environment id and
 * the *resolved* configuration (defaults filled in, numbers parsed), without the seed or replicate count.
 * So the id does not depend on flag order, on spelling (`0.10` vs `0.1`), or on whether a default was
 * given explicitly, and the replicate axis never leaks into the settings.
 */
import { createHash, type Hash } from 'node:crypto';
import type { ModuleRef, Run } from '../../sim/experiment/config.js';
import { canonical, cellId, CellIds } from '../../sim/experiment/cellId.js';
import { PLUGIN_COLUMNS } from '../../reports/csv/policyColumns.js';
import { configColumns } from '../../reports/csv/rows.js';
import { envParamKind, type EnvParamKind } from '../../reports/parquet/columns.js';
import { alignRow, sweepColumns } from '../../reports/csv/sweepColumns.js';
import { POLICY_KINDS } from '../../sim/agent/plugins/contracts.js';
import { configFrom } from '../config/runOptions.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { cellCount, combination, sweptValues, type Grid } from './grid.js';

/** The validated configuration of combination `index`; throws UsageError naming the flag. */
export function cellConfig(grid: Grid, index: number): Run {
  const c = combination(grid, index);
  return configFrom(c.settings, c.params);
}

/**
 * Everything needed to run, resume, shard, merge and write a sweep, computed before any work starts — for
 * `hexa sweep`'s grid and for the API's list of configurations alike, so both write one folder format.
 */
export interface SweepPlan {
  /** The grid the cells come from; null for a list of configurations (the API's `runSweep`), which has no axes. */
  readonly grid: Grid | null;
  /**
   * Cell ids in canonical (sorted) order as 64-bit integers, and the combination (grid index, or index in the
   * list) behind each. Typed arrays keep the bookkeeping at 12 bytes a cell, so a million-cell grid costs 12 MB.
   */
  readonly ids: BigUint64Array;
  readonly combos: Uint32Array;
  /** results.csv columns: `cell`, the configuration (env parameters of every env swept), replicate, round, metrics. */
  readonly columns: readonly string[];
  /** How each world parameter's values are typed across the cells (for the Parquet columns). */
  readonly envKinds: Readonly<Record<string, EnvParamKind>>;
  readonly seed: number;
  readonly replicates: number;
  /** Identifies the grid (cells, seed, replicates, columns): shards and resumes must agree on it. */
  readonly gridId: string;
  /** The plugin modules its cells use (empty without plugins), once each. */
  readonly modules: readonly ModuleRef[];
  /** The configuration of the cell at canonical position `p`. */
  configAt(p: number): Run;
  /** What the manifest lists for the cell at position `p`: the values of what is swept. */
  valuesAt(p: number): Record<string, string>;
}

/** The id (16 hex digits) of the cell at canonical position `p`. */
export function idAt(plan: SweepPlan, p: number): string {
  return plan.ids[p]!.toString(16).padStart(16, '0');
}

/** The canonical position of a cell id, or −1 if the grid has no such cell. */
export function positionOf(plan: SweepPlan, id: string): number {
  const key = BigInt(`0x${id}`);
  let lo = 0;
  let hi = plan.ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = plan.ids[mid]!;
    if (v === key) return mid;
    if (v < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Expand and validate every cell of a grid, sort by id, reject two combinations that are one cell. */
export function planSweep(grid: Grid): SweepPlan {
  const configAt = (combo: number): Run => cellConfig(grid, combo);
  return planCells(
    grid,
    cellCount(grid),
    configAt,
    (combo) => sweptValues(grid, combo),
    (a, b) => {
      const show = (i: number): string => canonical(sweptValues(grid, i));
      return new UsageError(msg.duplicateCell(show(a), show(b)));
    },
  );
}

/**
 * The plan of a sweep given as a list of configurations (same seed and replicate count): the cells, ids,
 * columns and grid id `hexa sweep` would have for the same cells. Its manifest lists for each cell the
 * configuration columns that differ between cells. Throws RangeError on none, mixed seeds or replicate counts,
 * or a repeated cell.
 */
export function planConfigs(configs: readonly Run[]): SweepPlan {
  const first = configs[0];
  if (configs.some((c) => c.seed !== first?.seed || c.replicates !== first.replicates))
    throw new RangeError(msg.sweepMixed());
  const own = configs.map((c) => configColumns(c));
  const keys = [...new Set(own.flatMap((c) => Object.keys(c)))];
  // Laid out as results.csv lays them out ('published' where a cell uses no policy module).
  const rows = own.map((row) => alignRow(keys, row));
  const swept = keys.filter((k) => new Set(rows.map((row) => row[k])).size > 1);
  const valuesAt = (combo: number): Record<string, string> =>
    Object.fromEntries(swept.map((k) => [k, String(rows[combo]![k])]));
  return planCells(
    null,
    configs.length,
    (i) => configs[i]!,
    valuesAt,
    (_, b) => new RangeError(msg.sweepRepeatedCell(cellId(configs[b]!))),
  );
}

/**
 * The one planner: ids, canonical order, columns (the union of every cell's environment parameters, the
 * columns of the policy modules any cell uses), modules and grid id, from `count` combinations.
 */
function planCells(
  grid: Grid | null,
  count: number,
  configOf: (combo: number) => Run,
  valuesOf: (combo: number) => Record<string, string>,
  repeated: (a: number, b: number) => Error,
): SweepPlan {
  // Each combination's id as two 32-bit words, high then low (see CellIds.idWords).
  const words = new Uint32Array(2 * count);
  const envKinds: Record<string, EnvParamKind> = {};
  const pluginColumns = new Set<string>();
  const modules = new Map<string, ModuleRef>();
  let first: Run | undefined;
  let lastEnvParams: Run['envParams'] | null = null;
  const cellIds = new CellIds();
  for (let i = 0; i < count; i++) {
    const config = configOf(i);
    first ??= config;
    // Cells that sweep no world parameter share one parameters object (sim/core/params/read.ts): typed once.
    if (config.envParams !== lastEnvParams) {
      lastEnvParams = config.envParams;
      for (const k of Object.keys(config.envParams)) envKinds[k] = envParamKind(envKinds[k], config.envParams[k]);
    }
    for (const k of PLUGIN_COLUMNS) if (config.agent[k] !== undefined) pluginColumns.add(k);
    for (const m of config.modules ?? []) modules.set(`${m.kind}\n${m.path}`, m);
    cellIds.idWords(config, words, i);
  }
  if (first === undefined) throw new RangeError(msg.sweepEmpty());
  const combos = canonicalOrder(words);
  const ids = idsInOrder(words, combos);
  for (let k = 1; k < count; k++) {
    const a = combos[k - 1]!;
    const b = combos[k]!;
    if (words[2 * a] === words[2 * b] && words[2 * a + 1] === words[2 * b + 1]) throw repeated(a, b);
  }
  const columns = sweepColumns(
    Object.keys(envKinds).sort(),
    PLUGIN_COLUMNS.filter((k) => pluginColumns.has(k)),
  );
  const hash = createHash('sha256').update(
    `hexa-sim/grid/v1\n${first.seed}\n${first.replicates}\n${columns.join(',')}\n`,
  );
  hashIds(hash, words, combos);
  const gridId = hash.digest().subarray(0, 8).toString('hex');
  const kindOrder = ['env', ...POLICY_KINDS];
  const byKindAndPath = (a: ModuleRef, b: ModuleRef): number =>
    kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return {
    grid,
    ids,
    combos,
    columns,
    envKinds,
    seed: first.seed,
    replicates: first.replicates,
    gridId,
    modules: [...modules.values()].sort(byKindAndPath),
    configAt: (p) => configOf(combos[p]!),
    valuesAt: (p) => valuesOf(combos[p]!),
  };
}

/** Combinations up to this many are sorted by one number each (their high 32 id bits, then the combination). */
const PACKED = 2 ** 21;

/**
 * The combinations in the order of their ids, given as words (high, low) — ties, which a plan then refuses,
 * by combination. Up to 2²¹ combinations, a number holding an id's high half and the combination (53 bits,
 * exact in a double) is sorted by the engine's own numeric sort, five times faster than a comparison function
 * at the 2 M cap — leaving only the runs of equal high halves (a few hundred pairs at 2 M) to order by the low.
 */
export function canonicalOrder(words: Uint32Array): Uint32Array {
  const count = words.length / 2;
  const byHalves = (a: number, b: number): number =>
    words[2 * a]! - words[2 * b]! || words[2 * a + 1]! - words[2 * b + 1]! || a - b;
  if (count > PACKED) return Uint32Array.from({ length: count }, (_, i) => i).sort(byHalves);
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = words[2 * i]! * PACKED + i;
  keys.sort();
  const combos = new Uint32Array(count);
  for (let k = 0; k < count; k++) combos[k] = keys[k]! % PACKED;
  for (let start = 0; start < count; ) {
    const high = words[2 * combos[start]!];
    let end = start + 1;
    while (end < count && words[2 * combos[end]!] === high) end++;
    if (end - start > 1) combos.subarray(start, end).sort(byHalves);
    start = end;
  }
  return combos;
}

/** Which of a BigUint64Array's 32-bit halves holds the high word (the platform's byte order). */
const HIGH = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 1 : 0;

/** The ids in canonical order, as numbers, written through their 32-bit halves (no BigInt made per id). */
function idsInOrder(words: Uint32Array, combos: Uint32Array): BigUint64Array {
  const ids = new BigUint64Array(combos.length);
  const halves = new Uint32Array(ids.buffer);
  for (let k = 0; k < combos.length; k++) {
    const c = combos[k]!;
    halves[2 * k + HIGH] = words[2 * c]!;
    halves[2 * k + 1 - HIGH] = words[2 * c + 1]!;
  }
  return ids;
}

/** Ids a grid id's hash takes at a time. */
const HASHED_IDS = 4096;
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/**
 * The ids in canonical order into the grid id's hash, one line of 16 hex digits each: the digits written into a
 * buffer of many lines (no string per id), hashed a buffer at a time.
 */
function hashIds(hash: Hash, words: Uint32Array, combos: Uint32Array): void {
  const lines = Buffer.alloc(17 * HASHED_IDS);
  let at = 0;
  for (let k = 0; k < combos.length; k++) {
    const c = combos[k]!;
    for (let half = 0; half < 2; half++) {
      const word = words[2 * c + half]!;
      for (let shift = 28; shift >= 0; shift -= 4) lines[at++] = HEX_DIGITS[(word >>> shift) & 15]!;
    }
    lines[at++] = 10; // '\n'
    if (at === lines.length) {
      hash.update(lines);
      at = 0;
    }
  }
  hash.update(lines.subarray(0, at));
}

/** The positions (in canonical order) of the cells that shard `index` of `count` runs. */
export function shardPositions(plan: SweepPlan, index: number, count: number): number[] {
  const out: number[] = [];
  for (let p = index; p < plan.ids.length; p += count) out.push(p);
  return out;
}
