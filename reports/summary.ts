/**
 * Aggregates a result folder with seeded bootstrap 95 % intervals over replicates: per group and round the
 * mean and interquartile mean of attempts, solve rate, skills and refutation rate; over the whole run the
 * refutation rate and the totals of tests and refutations; and, where groups share random numbers (same
 * replicates, same seed and world), paired differences of mean attempts per round.
 *
 * Group after group (`SummaryBuilder`): a group's summary is made when its rows are in and keeps, of its values,
 * only the final round's attempts (the ranking's paired differences, the runs' performance profile) and a
 * reproduction's figures, so a sweep's summary is made while its rows stream past (`summarizeFolder`, in
 * folderSummary.ts: the files and threads are there, so this file runs in a browser page too, the explorer's).
 */
import { ResamplePlan, type Estimate } from '../sim/core/bootstrap.js';
import { compareValues } from '../sim/core/params/order.js';
import { parameterValue } from './charts/theme.js';
import type { Row } from './csv/csv.js';
import { figureValues } from './figures.js';
import type { ResultKind } from './manifest.js';
import { METRIC_COLUMNS } from './csv/rows.js';
import type { ResultData, ResultFolder } from './resultFolder.js';
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
 * text by character codes); groups with the same values keep the folder's order.
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
      const order = compareValues(x, y);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** A group's summary without its description: what is made from its values while they are in memory. */
export type GroupStats = Omit<GroupSummary, 'group'>;

/** The bootstrap plan for n replicates, one per n (a plan depends on the seed and n only). */
export class ResamplePlans {
  private readonly plans = new Map<number, ResamplePlan>();

  constructor(
    readonly seed: number,
    readonly resamples: number,
  ) {}

  /** Arrays for a group's resample sums (ResamplePlan.resampleSums), reused group after group. */
  readonly sums: Float64Array[] = [];

  of(n: number): ResamplePlan {
    let plan = this.plans.get(n);
    if (!plan) this.plans.set(n, (plan = new ResamplePlan(n, this.resamples, this.seed)));
    return plan;
  }
}

/** A group as it crosses to another thread (a worker's job): its description, its values, the summary's options. */
export interface GroupJob {
  /** Its place in the folder. */
  readonly index: number;
  readonly kind: ResultKind;
  readonly options: SummaryOptions;
  readonly group: GroupInfo;
  /** Each metric present: its replicate × round grid, round after round. */
  readonly grids: readonly (readonly [Metric, Float64Array])[];
}

export function groupJob(group: Group, index: number, kind: ResultKind, options: SummaryOptions): GroupJob {
  const { id, params, replicates, rounds } = group;
  const n = replicates.length;
  const grids = METRIC_COLUMNS.flatMap((metric): [Metric, Float64Array][] => {
    const first = group.values(metric, 0);
    if (first === undefined) return [];
    // A group's values are its rounds of one grid, as the job wants them: that grid, unless it is more.
    const whole = new Float64Array(first.buffer, 0, first.buffer.byteLength / 8);
    if (first.byteOffset === 0 && whole.length === n * rounds.length) return [[metric, whole]];
    const grid = new Float64Array(n * rounds.length);
    rounds.forEach((_, r) => grid.set(group.values(metric, r)!, r * n));
    return [[metric, grid]];
  });
  return { index, kind, options, group: { id, params, replicates, rounds }, grids };
}

/** The plans of a thread that summarises jobs: one per options and n. */
const threadPlans = new Map<string, ResamplePlans>();

/** A job's statistics, on whichever thread runs it (reports/summaryWorker.ts on a worker). */
export function jobStats(job: GroupJob): GroupStats {
  const n = job.group.replicates.length;
  const grids = new Map(job.grids);
  const group: Group = { ...job.group, values: (m, r) => grids.get(m)?.subarray(r * n, (r + 1) * n) };
  const key = `${job.options.seed} ${job.options.resamples}`;
  let plans = threadPlans.get(key);
  if (!plans) threadPlans.set(key, (plans = new ResamplePlans(job.options.seed, job.options.resamples)));
  return groupStats(group, plans.of(n), job.kind, plans.sums);
}

/** A group's statistics: every column's resample sums in one go (ResamplePlan.resampleSums), then each estimate. */
function groupStats(group: Group, plan: ResamplePlan, kind: ResultKind, scratch: Float64Array[] = []): GroupStats {
  const at = (metric: Metric, r: number): Float64Array => group.values(metric, r)!;
  const perRound = ['meanAttempts', 'solveRate', 'skills', 'refutations', 'tests'] as const;
  const columns = group.rounds.flatMap((_, r) => perRound.map((m) => at(m, r)));
  const tests = totals(group, 'tests');
  const refutations = totals(group, 'refutations');
  const sums = plan.resampleSums([...columns, tests, refutations], scratch);
  scratch.splice(0, scratch.length, ...sums);
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
  private count = 0;

  constructor(
    private readonly options: SummaryOptions,
    private readonly kind: ResultKind,
  ) {
    this.plans = new ResamplePlans(options.seed, options.resamples);
  }

  add(group: Group): void {
    const index = this.keep(group);
    this.put(index, groupStats(group, this.plans.of(group.replicates.length), this.kind, this.plans.sums));
  }

  /**
   * What the summary keeps of a group's values (for the paired differences), its statistics to come (`put`,
   * from another thread, say); returns its place.
   */
  keep(group: Group): number {
    if (this.attempts.length <= MAX_PAIRED_GROUPS)
      this.attempts.push(group.rounds.map((_, r) => Float64Array.from(group.values('meanAttempts', r)!)));
    return this.count++;
  }

  /** The statistics of the group at `index` (`keep`). */
  put(index: number, stats: GroupStats): void {
    this.stats[index] = stats;
  }

  /** The summary, once every group of `folder` (the same groups, in the same order) was added. */
  finish(folder: ResultFolder): Summary {
    if (folder.groups.length !== this.count || this.stats.some((x) => x === undefined))
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
