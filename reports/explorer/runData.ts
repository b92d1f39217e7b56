/**
 * Runs held in memory as the report reads a result folder (`ResultData`), so the explorer draws its curves,
 * bands, anchors and paired differences with the report's own code (summary.ts, references.ts, charts/): one
 * group per arm, its configuration as the CSV's columns, its replicates in index order.
 */
import type { RoundMetrics } from '../../sim/core/metrics.js';
import type { RunConfig } from '../../sim/experiment/config.js';
import { configColumns } from '../csv/rows.js';
import type { Group, Metric, ResultData } from '../resultFolder.js';

/** One arm: its id (the palette's key), its configuration, and its replicates so far (index → rounds). */
export interface ArmRuns {
  readonly id: string;
  readonly config: RunConfig;
  readonly replicates: ReadonlyMap<number, readonly RoundMetrics[]>;
}

/** The replicate indices every arm has, ascending: arms are compared replicate by replicate. */
export function sharedReplicates(arms: readonly ArmRuns[]): number[] {
  const first = arms[0];
  if (first === undefined) return [];
  return [...first.replicates.keys()].filter((r) => arms.every((a) => a.replicates.has(r))).sort((a, b) => a - b);
}

function groupOf(arm: ArmRuns, replicates: readonly number[]): Group {
  const params = Object.fromEntries(Object.entries(configColumns(arm.config)).map(([k, v]) => [k, String(v)]));
  const rows = replicates.map((r) => arm.replicates.get(r)!);
  const rounds = (rows[0] ?? []).map((m) => m.round);
  return {
    id: arm.id,
    params,
    replicates,
    rounds,
    values: (metric: Metric, roundIndex: number) => Float64Array.from(rows, (rep) => rep[roundIndex]![metric]),
  };
}

/**
 * The arms as a result folder of a run (one arm), of arms compared (two), or of a sweep's cells (`sweep`), over
 * the replicates they share.
 */
export function runResultData(arms: readonly ArmRuns[], sweep = false): ResultData {
  const replicates = sharedReplicates(arms);
  const groups = arms.map((a) => groupOf(a, replicates));
  const parameters = Object.keys(groups[0]?.params ?? {});
  const swept = parameters.filter((p) => groups.some((g) => g.params[p] !== groups[0]!.params[p]));
  return {
    dir: '',
    kind: sweep ? 'sweep' : arms.length > 1 ? 'reproduce' : 'run',
    manifest: {},
    seed: arms[0]?.config.seed ?? null,
    groupColumn: sweep ? 'cell' : arms.length > 1 ? 'arm' : null,
    groups,
    parameters,
    swept,
    table: null,
    audit: null,
    verdict: null,
    ranks: null,
    // Made here, not read from a folder: the counts are the ones in hand, and there is no manifest to verify.
    expected: { replicates: replicates.length, groups: sweep ? groups.length : null },
    unverified: [],
    warnings: [],
  };
}
