/**
 * Aggregates a result folder with seeded bootstrap 95 % intervals over replicates: per group and round the
 * mean and interquartile mean of attempts, solve rate, skills and refutation rate; over the whole run the
 * refutation rate and the totals of tests and refutations; and, where groups share random numbers (same
 * replicates, same seed and world), paired differences of mean attempts per round.
 *
 * Group after group (`SummaryBuilder`): a group's summary is made when its rows are in and keeps, of its values,
 * only the final round's attempts (the ranking's paired differences, the runs' performance profile) and a
 * reproduction's figures, so a sweep's summary is made while its rows stream past (`summarizeFolder`).
 */
import { ResamplePlan, type Estimate } from '../sim/core/bootstrap.js';
import { parameterValue } from './charts/theme.js';
import type { Row } from './csv/csv.js';
import { figureValues } from './figures.js';
import type { ResultKind } from './manifest.js';
import {
  openResultFolder,
  streamResultFolder,
  type ResultData,
  type ResultFolder,
  type RowProgress,
} from './resultFolder.js';
import type { Group, GroupInfo, Metric } from './resultRows.js';

export interface RoundStats {
  readonly round: number;
  readonly attempts: { readonly mean: Estimate; readonly iqm: Estimate };
  readonly solveRate: Estimate;
  readonly skills: Estimate;
  /** Σ refutations / Σ tests in the round. */
  readonly refutationRate: Estimate;
}

export interface GroupSummary {
  readonly group: GroupInfo;
  readonly rounds: readonly RoundStats[];
  /** Σ refutations / Σ tests over the whole run. */
  readonly refutationRate: Estimate;
  /** Per-replicate totals over the run, averaged. */
  readonly tests: Estimate;
  readonly refutations: Estimate;
  /** Each replicate's final-round mean attempts, in replicate order. */
  readonly finalAttempts: Float64Array;
  /** A reproduction's published figures: each one's value in every replicate, by figure id (else none). */
  readonly figures: ReadonlyMap<string, Float64Array>;
}

export interface PairedDifference {
  readonly a: string;
  readonly b: string;
  readonly round: number;
  readonly replicates: number;
  /** Mean attempts of a minus b, replicate by replicate. */
  readonly difference: Estimate;
}

export interface Summary {
  readonly seed: number;
  readonly resamples: number;
  readonly groups: readonly GroupSummary[];
  readonly paired: readonly PairedDifference[];
}

export interface SummaryOptions {
  readonly seed: number;
  readonly resamples: number;
}

/** Paired differences are listed for every pair of groups only up to this many groups (a sweep has too many pairs). */
export const MAX_PAIRED_GROUPS = 8;

/** Per-replicate totals of a metric over all rounds. */
export function totals(group: Group, metric: Metric): Float64Array {
  const out = new Float64Array(group.replicates.length);
  for (let r = 0; r < group.rounds.length; r++) {
    const values = group.values(metric, r);
    if (values === undefined) throw new RangeError(`totals: group ${group.id} has no ${metric} column`);
    // A group's metric arrays are aligned with its replicates (see Group), so i is in range of both.
    for (let i = 0; i < out.length; i++) out[i]! += values[i]!;
  }
  return out;
}

/**
 * Columns that fix the world and its random numbers: configColumns puts env, the environment's parameters,
 * rounds, tasks, cap and seed before the agent's settings (which start at `library`).
 */
export function worldColumns(parameters: readonly string[]): string[] {
  const from = parameters.indexOf('env');
  const to = parameters.indexOf('library');
  if (from >= 0 && to > from) return parameters.slice(from, to);
  return parameters.includes('seed') ? ['seed'] : [];
}

/** Whether two groups drew the same random numbers: same replicates, same seed and world. */
export function sharesRandomNumbers(a: GroupInfo, b: GroupInfo, world: readonly string[]): boolean {
  return (
    world.includes('seed') &&
    world.every((c) => a.params[c] === b.params[c]) &&
    a.replicates.length === b.replicates.length &&
    a.replicates.every((r, i) => r === b.replicates[i]) &&
    a.rounds.length === b.rounds.length
  );
}

/**
 * Groups in the order of their swept parameters' values, the first parameter slowest (numbers numerically,
 * text alphabetically); groups with the same values keep the folder's order.
 */
export function bySweptValues<T extends { readonly group: GroupInfo }>(
  items: readonly T[],
  swept: readonly string[],
): T[] {
  const keyOf = (t: T): (number | string)[] => swept.map((p) => parameterValue(t.group.params[p]));
  const keys = new Map(items.map((t) => [t, keyOf(t)]));
  return [...items].sort((a, b) => {
    const [ka, kb] = [keys.get(a)!, keys.get(b)!];
    for (let i = 0; i < ka.length; i++) {
      const [x, y] = [ka[i]!, kb[i]!];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** A group's summary without its description: what is made from its values while they are in memory. */
type GroupStats = Omit<GroupSummary, 'group'>;

/** The bootstrap plan for n replicates, one per n (a plan depends on the seed and n only). */
export class ResamplePlans {
  private readonly plans = new Map<number, ResamplePlan>();

  constructor(
    readonly seed: number,
    readonly resamples: number,
  ) {}

  of(n: number): ResamplePlan {
    let plan = this.plans.get(n);
    if (!plan) this.plans.set(n, (plan = new ResamplePlan(n, this.resamples, this.seed)));
    return plan;
  }
}

/** A group's statistics: every column's resample sums in one go (ResamplePlan.resampleSums), then each estimate. */
function groupStats(group: Group, plan: ResamplePlan, kind: ResultKind): GroupStats {
  const at = (metric: Metric, r: number): Float64Array => group.values(metric, r)!;
  const perRound = ['meanAttempts', 'solveRate', 'skills', 'refutations', 'tests'] as const;
  const columns = group.rounds.flatMap((_, r) => perRound.map((m) => at(m, r)));
  const tests = totals(group, 'tests');
  const refutations = totals(group, 'refutations');
  const sums = plan.resampleSums([...columns, tests, refutations]);
  const sum = (k: number): Float64Array => sums[k]!;
  const rounds = group.rounds.map((round, r): RoundStats => {
    const k = r * perRound.length;
    const attempts = at('meanAttempts', r);
    return {
      round,
      attempts: { mean: plan.meanOfSums(attempts, sum(k)), iqm: plan.iqm(attempts) },
      solveRate: plan.meanOfSums(at('solveRate', r), sum(k + 1)),
      skills: plan.meanOfSums(at('skills', r), sum(k + 2)),
      refutationRate: plan.ratioOfSums(at('refutations', r), at('tests', r), sum(k + 3), sum(k + 4)),
    };
  });
  const last = columns.length;
  return {
    rounds,
    refutationRate: plan.ratioOfSums(refutations, tests, sum(last + 1), sum(last)),
    tests: plan.meanOfSums(tests, sum(last)),
    refutations: plan.meanOfSums(refutations, sum(last + 1)),
    finalAttempts: Float64Array.from(at('meanAttempts', group.rounds.length - 1)),
    figures: kind === 'reproduce' ? figureValues(group) : new Map(),
  };
}

/**
 * A summary made group after group (`add` each, in the folder's order, then `finish` with the folder): what
 * it keeps of a group's values is its final round's attempts, a reproduction's figures, and — for the paired
 * differences, listed only up to MAX_PAIRED_GROUPS groups — the first groups' attempts per round.
 */
export class SummaryBuilder {
  private readonly plans: ResamplePlans;
  private readonly stats: GroupStats[] = [];
  private readonly attempts: Float64Array[][] = [];

  constructor(
    private readonly options: SummaryOptions,
    private readonly kind: ResultKind,
  ) {
    this.plans = new ResamplePlans(options.seed, options.resamples);
  }

  add(group: Group): void {
    this.stats.push(groupStats(group, this.plans.of(group.replicates.length), this.kind));
    if (this.attempts.length <= MAX_PAIRED_GROUPS)
      this.attempts.push(group.rounds.map((_, r) => Float64Array.from(group.values('meanAttempts', r)!)));
  }

  /** The summary, once every group of `folder` (the same groups, in the same order) was added. */
  finish(folder: ResultFolder): Summary {
    if (folder.groups.length !== this.stats.length)
      throw new Error(`summary: ${this.stats.length} groups summarised, the folder has ${folder.groups.length}`);
    const groups = folder.groups.map((group, i): GroupSummary => ({ group, ...this.stats[i]! }));
    const paired: PairedDifference[] = [];
    const world = worldColumns(folder.parameters);
    if (folder.groups.length <= MAX_PAIRED_GROUPS) {
      folder.groups.forEach((a, i) =>
        folder.groups.slice(i + 1).forEach((b, j) => {
          if (!sharesRandomNumbers(a, b, world)) return;
          const plan = this.plans.of(a.replicates.length);
          const [x, y] = [this.attempts[i]!, this.attempts[i + 1 + j]!];
          a.rounds.forEach((round, r) => {
            const difference = plan.pairedDifference(x[r]!, y[r]!);
            paired.push({ a: a.id, b: b.id, round, replicates: a.replicates.length, difference });
          });
        }),
      );
    }
    return { seed: this.options.seed, resamples: this.options.resamples, groups, paired };
  }
}

/** The summary of a folder read whole. */
export function summarize(data: ResultData, options: SummaryOptions): Summary {
  const builder = new SummaryBuilder(options, data.kind);
  for (const group of data.groups) builder.add(group);
  return builder.finish(data);
}

/**
 * A result folder summarised while its rows stream past, one group's values in memory at a time: the folder
 * (without values) and its summary. `options` may depend on the folder's manifest (its seed, say).
 */
export async function summarizeFolder(
  dir: string,
  options: (head: { readonly seed: number | null }) => SummaryOptions,
  progress?: RowProgress,
): Promise<{ data: ResultFolder; summary: Summary }> {
  const head = openResultFolder(dir);
  const builder = new SummaryBuilder(options(head), head.kind);
  const data = await streamResultFolder(head, (group) => builder.add(group), progress);
  return { data, summary: builder.finish(data) };
}

/**
 * summary.csv: one row per figure, the swept parameters first and the group's id last, a sweep's cells in
 * the order of their swept values. `round` stays numeric: a figure of the whole run has it empty and `scope` says
 * 'run' (per-round figures: 'round').
 */
export function summaryRows(data: ResultFolder, summary: Summary): Row[] {
  const groupColumn = data.groupColumn ?? 'group';
  const out: Row[] = [];
  const push = (
    group: string,
    params: Readonly<Record<string, string>>,
    versus: string,
    round: number | null,
    metric: string,
    statistic: string,
    n: number,
    e: Estimate,
  ): void => {
    const row: Row = {};
    for (const c of data.swept) row[c] = params[c] ?? '';
    Object.assign(row, {
      versus,
      round: round ?? '',
      metric,
      statistic,
      replicates: n,
      estimate: Number.isFinite(e.estimate) ? e.estimate : '',
      ci95Lo: e.ci95 ? e.ci95[0] : '',
      ci95Hi: e.ci95 ? e.ci95[1] : '',
      bootstrapSeed: summary.seed,
      resamples: summary.resamples,
      scope: round === null ? 'run' : 'round',
      [groupColumn]: group,
    });
    out.push(row);
  };
  // A sweep's cells in the order of their values; a reproduction's arms keep their published order.
  const groups = data.kind === 'sweep' ? bySweptValues(summary.groups, data.swept) : summary.groups;
  for (const s of groups) {
    const { id, params, replicates } = s.group;
    const n = replicates.length;
    for (const r of s.rounds) {
      push(id, params, '', r.round, 'meanAttempts', 'mean', n, r.attempts.mean);
      push(id, params, '', r.round, 'meanAttempts', 'iqm', n, r.attempts.iqm);
      push(id, params, '', r.round, 'solveRate', 'mean', n, r.solveRate);
      push(id, params, '', r.round, 'skills', 'mean', n, r.skills);
      push(id, params, '', r.round, 'refutationRate', 'ratio', n, r.refutationRate);
    }
    push(id, params, '', null, 'tests', 'mean', n, s.tests);
    push(id, params, '', null, 'refutations', 'mean', n, s.refutations);
    push(id, params, '', null, 'refutationRate', 'ratio', n, s.refutationRate);
  }
  for (const p of summary.paired)
    push(p.a, {}, p.b, p.round, 'meanAttempts', 'paired mean difference', p.replicates, p.difference);
  return out;
}
