/**
 * Cells: one parameter combination of a grid, named by a stable id — a hash of the environment id and
 * the *resolved* configuration (defaults filled in, numbers parsed), without the seed or replicate count.
 * So the id does not depend on flag order, on spelling (`0.10` vs `0.1`), or on whether a default was
 * given explicitly, and the replicate axis never leaks into the settings.
 */
import { createHash } from 'node:crypto';
import type { ModuleRef, Run, RunConfig } from '../../sim/experiment/config.js';
import { canonical, cellId } from '../../sim/experiment/cellId.js';
import { PLUGIN_COLUMNS } from '../../reports/csv/policyColumns.js';
import { sweepColumns } from '../../reports/csv/sweepColumns.js';
import { POLICY_KINDS } from '../../sim/agent/plugins/contracts.js';
import { configFrom } from '../config/runOptions.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { cellCount, combination, sweptValues, type Grid } from './grid.js';

/** The validated configuration of combination `index`; throws UsageError naming the flag. */
export function cellConfig(grid: Grid, index: number): Run {
  const c = combination(grid, index);
  return configFrom(c.settings, c.params);
}

/** Everything needed to run, resume, shard and merge a sweep, computed before any work starts. */
export interface SweepPlan {
  readonly grid: Grid;
  /**
   * Cell ids in canonical (sorted) order as 64-bit integers, and the grid combination behind each.
   * Typed arrays keep the bookkeeping at 12 bytes a cell, so a million-cell grid costs ~12 MB.
   */
  readonly ids: BigUint64Array;
  readonly combos: Uint32Array;
  /** results.csv columns: `cell`, the configuration (env parameters of every env swept), replicate, round, metrics. */
  readonly columns: readonly string[];
  readonly seed: number;
  readonly replicates: number;
  /** Identifies the grid (cells, seed, replicates, columns): shards and resumes must agree on it. */
  readonly gridId: string;
  /** The plugin modules its cells use (empty without plugins), once each. */
  readonly modules: readonly ModuleRef[];
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

/** Expand and validate every cell, sort by id, reject two combinations that are one cell. */
export function planSweep(grid: Grid): SweepPlan {
  const total = cellCount(grid);
  const byCombo = new BigUint64Array(total);
  const envParamNames = new Set<string>();
  const pluginColumns = new Set<string>();
  const modules = new Map<string, ModuleRef>();
  let first: RunConfig | undefined;
  for (let i = 0; i < total; i++) {
    const config = cellConfig(grid, i);
    first ??= config;
    for (const k of Object.keys(config.envParams)) envParamNames.add(k);
    for (const k of PLUGIN_COLUMNS) if (config.agent[k] !== undefined) pluginColumns.add(k);
    for (const m of config.modules ?? []) modules.set(`${m.kind}\n${m.path}`, m);
    byCombo[i] = BigInt(`0x${cellId(config)}`);
  }
  const combos = Uint32Array.from({ length: total }, (_, i) => i).sort((a, b) =>
    byCombo[a]! < byCombo[b]! ? -1 : byCombo[a]! > byCombo[b]! ? 1 : a - b,
  );
  const ids = BigUint64Array.from(combos, (i) => byCombo[i]!);
  for (let k = 1; k < total; k++) {
    if (ids[k] === ids[k - 1]) {
      const show = (i: number): string => canonical(sweptValues(grid, i));
      throw new UsageError(msg.duplicateCell(show(combos[k - 1]!), show(combos[k]!)));
    }
  }
  const columns = sweepColumns(
    [...envParamNames].sort(),
    PLUGIN_COLUMNS.filter((k) => pluginColumns.has(k)),
  );
  const hash = createHash('sha256').update(
    `hexa-sim/grid/v1\n${first!.seed}\n${first!.replicates}\n${columns.join(',')}\n`,
  );
  for (const id of ids) hash.update(`${id.toString(16).padStart(16, '0')}\n`);
  const gridId = hash.digest().subarray(0, 8).toString('hex');
  const kindOrder = ['env', ...POLICY_KINDS];
  const byKindAndPath = (a: ModuleRef, b: ModuleRef): number =>
    kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return {
    grid,
    ids,
    combos,
    columns,
    seed: first!.seed,
    replicates: first!.replicates,
    gridId,
    modules: [...modules.values()].sort(byKindAndPath),
  };
}

/** The positions (in canonical order) of the cells that shard `index` of `count` runs. */
export function shardPositions(plan: SweepPlan, index: number, count: number): number[] {
  const out: number[] = [];
  for (let p = index; p < plan.ids.length; p += count) out.push(p);
  return out;
}
