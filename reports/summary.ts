/**
 * Aggregates a result folder with seeded bootstrap 95 % intervals over replicates: per group and round the
 * mean and interquartile mean of attempts, solve rate, skills and refutation rate; over the whole run the
 * refutation rate and the totals of tests and refutations; and, where groups share random numbers (same
 * replicates, same seed and world), paired differences of mean attempts per round.
 */
import { ResamplePlan, type Estimate } from '../sim/core/bootstrap.js';
import { parameterValue } from './charts/theme.js';
import type { Row } from './csv/csv.js';
import type { Group, Metric, ResultData } from './resultFolder.js';

export interface RoundStats {
  readonly round: number;
  readonly attempts: { readonly mean: Estimate; readonly iqm: Estimate };
  readonly solveRate: Estimate;
  readonly skills: Estimate;
  /** Σ refutations / Σ tests in the round. */
  readonly refutationRate: Estimate;
}

export interface GroupSummary {
  readonly group: Group;
  readonly rounds: readonly RoundStats[];
  /** Σ refutations / Σ tests over the whole run. */
  readonly refutationRate: Estimate;
  /** Per-replicate totals over the run, averaged. */
  readonly tests: Estimate;
  readonly refutations: Estimate;
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
export function sharesRandomNumbers(a: Group, b: Group, world: readonly string[]): boolean {
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
export function bySweptValues<T extends { readonly group: Group }>(items: readonly T[], swept: readonly string[]): T[] {
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

export function summarize(data: ResultData, options: SummaryOptions): Summary {
  const plans = new Map<number, ResamplePlan>();
  const planFor = (n: number): ResamplePlan => {
    let plan = plans.get(n);
    if (!plan) plans.set(n, (plan = new ResamplePlan(n, options.resamples, options.seed)));
    return plan;
  };

  const groups = data.groups.map((group): GroupSummary => {
    const plan = planFor(group.replicates.length);
    const rounds = group.rounds.map((round, r): RoundStats => {
      const attempts = group.values('meanAttempts', r)!;
      return {
        round,
        attempts: { mean: plan.mean(attempts), iqm: plan.iqm(attempts) },
        solveRate: plan.mean(group.values('solveRate', r)!),
        skills: plan.mean(group.values('skills', r)!),
        refutationRate: plan.ratio(group.values('refutations', r)!, group.values('tests', r)!),
      };
    });
    const tests = totals(group, 'tests');
    const refutations = totals(group, 'refutations');
    return {
      group,
      rounds,
      refutationRate: plan.ratio(refutations, tests),
      tests: plan.mean(tests),
      refutations: plan.mean(refutations),
    };
  });

  const paired: PairedDifference[] = [];
  const world = worldColumns(data.parameters);
  if (data.groups.length <= MAX_PAIRED_GROUPS) {
    data.groups.forEach((a, i) =>
      data.groups.slice(i + 1).forEach((b) => {
        if (!sharesRandomNumbers(a, b, world)) return;
        const plan = planFor(a.replicates.length);
        a.rounds.forEach((round, r) => {
          const difference = plan.pairedDifference(a.values('meanAttempts', r)!, b.values('meanAttempts', r)!);
          paired.push({ a: a.id, b: b.id, round, replicates: a.replicates.length, difference });
        });
      }),
    );
  }
  return { seed: options.seed, resamples: options.resamples, groups, paired };
}

/**
 * summary.csv: one row per figure, the swept parameters first and the group's id last, a sweep's cells in
 * the order of their swept values. `round` stays numeric: a figure of the whole run has it empty and `scope` says
 * 'run' (per-round figures: 'round').
 */
export function summaryRows(data: ResultData, summary: Summary): Row[] {
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
