/**
 * Calibration of the audit's decision on simulated publications whose reading is known. For each true reading,
 * publications are simulated (publications.ts) and each is run through the very decision the article gets:
 * its likelihood on a bank of simulations, refined as the article's is (judge.ts), the decision (decision.ts)
 * and the cross-check's veto on the test unit (checks/crossCheck.ts).
 *
 * The publications of each truth are judged in CALIBRATION_BANKS batches, each on a bank of its own — the
 * audit's, then banks simulated afresh on seeds of their own — so what calibration measures includes the bank's
 * own variation, as the article's verdict at another seed would. Each truth's threshold (the confidence set's)
 * comes from THRESHOLD_PUBLICATIONS fresh publications judged on the audit's bank, as the article's set takes
 * its own; publications judged on another bank meet it as the article's set would at another seed.
 *
 * Per truth it reports how often some hidden choice is identified at a wrong value (goal: at most 5 %), how
 * often each is identified at the truth's value (its power), and how often the 90 % sets hold the truth, as
 * printed: the confidence set (confidence.ts, a reading at its threshold taken whole) and the credible set (its last
 * reading taken whole); the confidence set's coverage by the randomized test, whose level is exact, beside them.
 */
import { ARMS, HIDDEN_CHOICES, type ArmId, type HiddenChoices, type HiddenKey } from '../arms.js';
import { PUBLISHED_AGENT } from '../../agent/agentConfig.js';
import { CROSS_CHECKED } from '../audit.js';
import { testUnitCheck } from '../checks/crossCheck.js';
import type { Simulations } from '../checks/sameRuns.js';
import { decide, type Decision } from '../decision.js';
import type { FigureId } from '../figures.js';
import type { ReadingLikelihood } from '../likelihood/reading.js';
import type { SimulationPool } from '../simulationJobs.js';
import { publicationOf, type Publication } from './publications.js';
import { inclusionAt, mainLogs, ratioStatistic, thresholdOf, withinThreshold, type Threshold } from './confidence.js';
import { COVERAGE_GOAL, WRONG_GOAL } from './goals.js';
import { ReplicateKey } from '../../core/rng.js';
import { Judge, readingRuns, type Bank, type Judgement } from './judge.js';
import { Reserve } from './reserve.js';

/** The true readings calibration simulates publications from, as changes to the code's defaults. */
export const CALIBRATION_TRUTHS: readonly Partial<HiddenChoices>[] = [
  {},
  { testUnit: 'high' },
  { testAt: 'record' },
  { window: 'all' },
  { cadence: 'task' },
  { samples: 'distinct' },
  { update: 'merge', exploreUnit: 'task' },
  // Far from the best: two and three choices away, where the article's figures are rarely reproduced. (Not
  // window all with samples distinct: counting each code once, the Evolver's window changes no run, so that
  // reading is samples distinct's own runs.)
  { window: 'all', cadence: 'task' },
  { cadence: 'task', update: 'merge', testAt: 'record' },
];
export { CALIBRATION_BANKS, CALIBRATION_PUBLICATIONS, COVERAGE_GOAL, WRONG_GOAL } from './goals.js';

export interface TruthCalibration {
  readonly hidden: HiddenChoices;
  readonly publications: number;
  /** Share of publications with some choice identified at a value the truth does not have. */
  readonly wrongIdentifications: number;
  /** Per choice, the share of publications that identify it at the truth's value: the decision's power. */
  readonly identified: Partial<Record<HiddenKey, number>>;
  /** The truth's threshold on λ (nats). */
  readonly threshold: number;
  /** Share of publications whose printed 90 % confidence set holds the truth (λ at or below its threshold). */
  readonly confidenceCoverage90: number;
  /** The same by the randomized test (a reading at its threshold taken in part): its level is exact. */
  readonly randomizedCoverage90: number;
  /** Share of publications whose printed 90 % credible set holds the truth. */
  readonly credibleCoverage90: number;
  /** Share of publications for which the truth itself is estimable (refinement included). */
  readonly truthEstimable: number;
  /** Share of publications whose judgement refinement extended. */
  readonly refined: number;
  /** Share of publications whose test-unit identification the cross-check vetoed. */
  readonly vetoed: number;
}

/**
 * Simulation-based calibration (Talts et al. 2018) of the posterior: truths drawn from the prior (uniform over the
 * readings), one publication each, and for each choice the truth's place in the publication's posterior — the
 * posterior share of the values before the truth's, plus a uniform share of the truth's own. Were the posterior
 * calibrated, these would be uniform on (0, 1): their histogram flat.
 */
export interface RankCalibration {
  /** Truths drawn (one publication each), and how many of their publications estimated some reading. */
  readonly draws: number;
  readonly estimable: number;
  /** Per choice, each publication's place of the truth in the posterior, in (0, 1). */
  readonly ranks: readonly { readonly key: HiddenKey; readonly values: readonly number[] }[];
}

export interface Calibration {
  readonly truths: readonly TruthCalibration[];
  /** The posterior's simulation-based calibration, when truths were drawn from the prior. */
  readonly ranks: RankCalibration | null;
  /** Replicates per arm and reading of each bank. */
  readonly replicates: number;
  /** Banks the publications were judged on, in batches. */
  readonly banks: number;
  /** Fresh publications behind each truth's threshold. */
  readonly thresholdPublications: number;
}

/** The truth's index in the grid (a reading is its seven choices). */
function indexOf(grid: readonly HiddenChoices[], h: HiddenChoices): number {
  return grid.findIndex((g) => HIDDEN_CHOICES.every((c) => g[c.key] === h[c.key]));
}

/** The reading differing from `reading` in the test unit alone. */
function testUnitTwin(grid: readonly HiddenChoices[], reading: number): number {
  const h = grid[reading]!;
  return grid.findIndex((g) =>
    HIDDEN_CHOICES.every((c) => (c.key === 'testUnit' ? g[c.key] !== h[c.key] : g[c.key] === h[c.key])),
  );
}

/**
 * The decision on one judged publication, as the article's verdict takes it: the decision, then the test unit
 * left open where a cross-check of the best reading against its twin in the test unit disagrees with the kernel.
 */
export function publicationDecision(
  bank: Bank,
  judgement: Judgement,
  publication: Publication,
  options: { readonly seed: number; readonly draw: number },
): { readonly decision: Decision; readonly vetoed: boolean } {
  const grid = bank.simulations.grid;
  const decision = decide(grid, judgement.readings, options);
  if (decision.identified.testUnit === undefined) return { decision, vetoed: false };
  let best = 0;
  decision.posteriors.forEach((p, i) => {
    if (p > (decision.posteriors[best] ?? -1)) best = i;
  });
  const twin = testUnitTwin(grid, best);
  const exploit = ARMS.findIndex((a) => a.id === 'exploit');
  const check =
    twin < 0
      ? null
      : testUnitCheck(
          judgement.readings[best]!,
          judgement.readings[twin]!,
          exploit,
          {
            best: readingRuns(bank, judgement, best).get('exploit')!,
            twin: readingRuns(bank, judgement, twin).get('exploit')!,
          },
          publication.get('exploit')!,
          CROSS_CHECKED,
        );
  if (check === null || (check.agree && check.syntheticAgrees)) return { decision, vetoed: false };
  const { testUnit: _vetoed, ...identified } = decision.identified;
  return { decision: { ...decision, identified, open: [...decision.open, 'testUnit'] }, vetoed: true };
}

/** The λ of reading `index` on each judged publication (main bandwidth; ∞ where it is not estimable). */
export const lambdasOf = (judgements: readonly { readonly readings: readonly ReadingLikelihood[] }[], index: number) =>
  judgements.map((j) => ratioStatistic(mainLogs(j.readings), index));

export interface CalibrateOptions {
  readonly seed: number;
  readonly pool: SimulationPool;
  /**
   * Fresh publications of the truths (a grid of the truths, in order, with THRESHOLD_PUBLICATIONS runs per arm),
   * judged on each bank for that bank's thresholds.
   */
  readonly fresh: Pick<Simulations, 'keys' | 'values'>;
  /**
   * A pool of its own for the reserves' further runs, its worker threads as many as the cores: they simulate while
   * this thread judges (without it, `pool` simulates them, this thread among its threads).
   */
  readonly reservePool?: SimulationPool;
  /** Called after each publication judged (the thresholds' among them). */
  readonly onProgress?: (done: number, total: number) => void;
  /** Publications of truths drawn from the prior, for the rank histogram: each drawn truth and its runs. */
  readonly drawn?: readonly { readonly truth: HiddenChoices; readonly publication: Publication }[];
}

/** The truth's place in a publication's posterior, per choice (see `RankCalibration`); null when none is estimable. */
export function truthRanks(
  grid: readonly HiddenChoices[],
  posteriors: readonly number[],
  truth: HiddenChoices,
  uniform: () => number,
): number[] | null {
  if (!posteriors.some((p) => p > 0)) return null;
  return HIDDEN_CHOICES.map((c) => {
    const at = c.values.indexOf(truth[c.key]);
    let before = 0;
    let own = 0;
    posteriors.forEach((p, i) => {
      if (!(p > 0)) return;
      const v = c.values.indexOf(grid[i]![c.key]);
      if (v < at) before += p;
      else if (v === at) own += p;
    });
    return before + uniform() * own;
  });
}

/** Publications `from` … `to − 1` of one truth's runs (each arm's figures by id). */
function publicationsOf(runs: ReadonlyMap<ArmId, ReadonlyMap<FigureId, Float64Array>>, from: number, to: number) {
  return Array.from({ length: to - from }, (_, k) => publicationOf(runs, from + k));
}

/**
 * Calibrate on publications already simulated: `publications[t]` holds truth t's arms' runs (one per
 * publication), split evenly over `banks` in order.
 */
export async function calibrate(
  banks: readonly Bank[],
  truths: readonly HiddenChoices[],
  publications: readonly ReadonlyMap<ArmId, ReadonlyMap<FigureId, Float64Array>>[],
  options: CalibrateOptions,
): Promise<Calibration> {
  const count = publications[0]?.get('exploit')?.values().next().value?.length ?? 0;
  const freshCount = options.fresh.values.values().next().value?.values().next().value?.length ?? 0;
  const total = truths.length * (freshCount + count);
  let done = 0;
  const tick = () => options.onProgress?.(++done, total);
  const tallies = truths.map(() => ({
    wrong: 0,
    identified: new Map<HiddenKey, number>(),
    confidence: 0,
    randomized: 0,
    credible: 0,
    estimable: 0,
    refined: 0,
    vetoed: 0,
    thresholds: [] as Threshold[],
  }));
  // Each truth's threshold as the article's set takes its own: from fresh publications judged on the audit's bank.
  // Released once its bank's publications are judged: its reserve of further runs is the largest thing held.
  const judgeOn = (bank: Bank): Judge =>
    new Judge(
      bank,
      options.pool,
      true,
      options.reservePool === undefined ? undefined : new Reserve(bank.simulations, options.reservePool, true),
    );
  let first: Judge | null = judgeOn(banks[0]!);
  const thresholds: Threshold[] = [];
  for (const [t, truth] of truths.entries()) {
    const freshRuns = new Map(
      ARMS.map((arm, a) => [arm.id, options.fresh.values.get(options.fresh.keys[t]![a]!)!] as const),
    );
    const judged = await first.forLambda().all(publicationsOf(freshRuns, 0, freshCount), tick);
    thresholds.push(thresholdOf(lambdasOf(judged, indexOf(banks[0]!.simulations.grid, truth))));
    tallies[t]!.thresholds.push(thresholds[t]!);
  }
  for (const [b, bank] of banks.entries()) {
    const judge = b === 0 && first !== null ? first : judgeOn(bank);
    first = null;
    const grid = bank.simulations.grid;
    const from = Math.floor((b * count) / banks.length);
    const to = Math.floor(((b + 1) * count) / banks.length);
    for (const [t, truth] of truths.entries()) {
      const truthIndex = indexOf(grid, truth);
      const threshold = thresholds[t]!;
      const tally = tallies[t]!;
      const batch = publicationsOf(publications[t]!, from, to);
      const judged = await judge.all(batch, tick);
      judged.forEach((j, k) => {
        const { decision: d, vetoed } = publicationDecision(bank, j, batch[k]!, {
          seed: options.seed,
          draw: t * count + from + k,
        });
        if (HIDDEN_CHOICES.some((c) => d.identified[c.key] !== undefined && d.identified[c.key] !== truth[c.key]))
          tally.wrong++;
        for (const c of HIDDEN_CHOICES)
          if (d.identified[c.key] === truth[c.key]) tally.identified.set(c.key, (tally.identified.get(c.key) ?? 0) + 1);
        const lambda = ratioStatistic(mainLogs(j.readings), truthIndex);
        if (withinThreshold(lambda, threshold)) tally.confidence++;
        tally.randomized += inclusionAt(lambda, threshold);
        if (d.credible.includes(truthIndex)) tally.credible++;
        if (j.readings[truthIndex]?.estimable === true) tally.estimable++;
        if (j.refined) tally.refined++;
        if (vetoed) tally.vetoed++;
      });
    }
  }
  let ranks: RankCalibration | null = null;
  const drawn = options.drawn ?? [];
  if (drawn.length > 0) {
    const bank = banks[0]!;
    const judged = await judgeOn(bank).all(drawn.map((d) => d.publication));
    const stream = new ReplicateKey(options.seed, 0).stream('bootstrap', -2);
    const values = HIDDEN_CHOICES.map(() => [] as number[]);
    let estimable = 0;
    judged.forEach((j, k) => {
      const d = decide(bank.simulations.grid, j.readings, { seed: options.seed, draw: -3 - k });
      const r = truthRanks(bank.simulations.grid, d.posteriors, drawn[k]!.truth, () => stream.quick());
      if (r === null) return;
      estimable++;
      r.forEach((u, c) => values[c]!.push(u));
    });
    ranks = {
      draws: drawn.length,
      estimable,
      ranks: HIDDEN_CHOICES.map((c, k) => ({ key: c.key, values: values[k]! })),
    };
  }
  return {
    ranks,
    truths: truths.map((hidden, t) => {
      const x = tallies[t]!;
      return {
        hidden,
        publications: count,
        wrongIdentifications: x.wrong / count,
        identified: Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, (x.identified.get(c.key) ?? 0) / count])),
        threshold: x.thresholds.reduce((s, h) => s + h.value, 0) / x.thresholds.length,
        confidenceCoverage90: x.confidence / count,
        randomizedCoverage90: x.randomized / count,
        credibleCoverage90: x.credible / count,
        truthEstimable: x.estimable / count,
        refined: x.refined / count,
        vetoed: x.vetoed / count,
      };
    }),
    replicates: banks[0]?.replicates ?? 0,
    banks: banks.length,
    thresholdPublications: freshCount,
  };
}

/** A truth from its changes to the code's defaults. */
export function truthOf(changes: Partial<HiddenChoices>): HiddenChoices {
  const h = Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, PUBLISHED_AGENT[c.key]])) as unknown as HiddenChoices;
  return { ...h, ...changes };
}

/** Whether a truth's calibration meets the goals: few wrong identifications, and the printed set's coverage. */
export function meetsGoals(t: TruthCalibration): boolean {
  return (
    t.wrongIdentifications <= WRONG_GOAL &&
    t.confidenceCoverage90 >= COVERAGE_GOAL[0] &&
    t.randomizedCoverage90 >= COVERAGE_GOAL[0] &&
    t.randomizedCoverage90 <= COVERAGE_GOAL[1]
  );
}
