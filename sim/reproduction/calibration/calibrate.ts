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
 * its own; publications judged on another bank meet it as the article's set would at another seed. A batch on a
 * bank of its own shares nothing with the others (bankBatch.ts), so the fresh banks' batches are simulated and
 * judged on threads of their own while this one judges the audit's bank's: the same judgements, side by side.
 *
 * Per truth it reports how often some hidden choice is identified at a wrong value (goal: at most 5 %), how
 * often each is identified at the truth's value (its power), and how often the 90 % sets hold the truth, as
 * printed: the confidence set (confidence.ts, a reading at its threshold taken whole) and the credible set (its last
 * reading taken whole); the confidence set's coverage by the randomized test, whose level is exact, beside them.
 */
import { ARMS, HIDDEN_CHOICES, type ArmId, type HiddenChoices, type HiddenKey } from '../arms.js';
import { PUBLISHED_AGENT } from '../../agent/agentConfig.js';
import { WorkerPool } from '../../core/parallel/pool.js';
import type { Simulations } from '../checks/sameRuns.js';
import type { FigureId } from '../figures.js';
import type { ReadingLikelihood } from '../likelihood/reading.js';
import type { SimulationPool } from '../simulationJobs.js';
import { publicationOf } from './publications.js';
import {
  freshBatch,
  indexOf,
  judgeBatch,
  type BatchOrder,
  type FreshBankOrder,
  type FreshBatchJob,
  type JudgedPublication,
} from './bankBatch.js';
import { inclusionAt, mainLogs, ratioStatistic, thresholdOf, withinThreshold, type Threshold } from './confidence.js';
import { COVERAGE_GOAL, WRONG_GOAL } from './goals.js';
import { rankCalibration, type DrawnPublication, type RankCalibration } from './ranks.js';
import { Judge, type Bank } from './judge.js';
import { FurtherRuns } from './furtherRuns.js';
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
export { truthRanks, type RankCalibration } from './ranks.js';
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
  readonly drawn?: readonly DrawnPublication[];
}

/** Publications `from` … `to − 1` of one truth's runs (each arm's figures by id). */
function publicationsOf(runs: ReadonlyMap<ArmId, ReadonlyMap<FigureId, Float64Array>>, from: number, to: number) {
  return Array.from({ length: to - from }, (_, k) => publicationOf(runs, from + k));
}

/** How often the side threads' progress is read while this thread waits for them (ms). */
const PROGRESS_MS = 1000;

/**
 * Calibrate on publications already simulated: `publications[t]` holds truth t's arms' runs (one per
 * publication), split evenly over `banks` in order. The first bank is simulated already (the thresholds are judged
 * on it); a bank given as an order is simulated where its batch is judged — on a thread of its own while this one
 * judges the first bank's, when the pool has more than one thread.
 */
export async function calibrate(
  banks: readonly [Bank, ...(Bank | FreshBankOrder)[]],
  truths: readonly HiddenChoices[],
  publications: readonly ReadonlyMap<ArmId, ReadonlyMap<FigureId, Float64Array>>[],
  options: CalibrateOptions,
): Promise<Calibration> {
  const count = publications[0]?.get('exploit')?.values().next().value?.length ?? 0;
  const freshCount = options.fresh.values.values().next().value?.values().next().value?.length ?? 0;
  const total = truths.length * (freshCount + count);
  let done = 0;
  // Publications judged on the side threads, counted there.
  const sideJudged = new SharedArrayBuffer(4);
  const report = () => options.onProgress?.(done + Atomics.load(new Int32Array(sideJudged), 0), total);
  const tick = () => {
    done++;
    report();
  };
  const orderOf = (b: number): BatchOrder => {
    const from = Math.floor((b * count) / banks.length);
    const to = Math.floor(((b + 1) * count) / banks.length);
    return {
      truths,
      publications: truths.map((_, t) => publicationsOf(publications[t]!, from, to)),
      firstDraws: truths.map((_, t) => t * count + from),
      seed: options.seed,
    };
  };
  const byBank: Promise<JudgedPublication[][]>[] = [];
  const aside = options.pool.threads > 1 ? banks.filter((b) => !isBank(b)).length : 0;
  const side =
    aside === 0
      ? null
      : new WorkerPool<FreshBatchJob, JudgedPublication[][]>(
          new URL('./bankWorker.js', import.meta.url),
          Math.min(aside, options.pool.threads - 1) + 1,
          (job) => freshBatch(job),
        );
  try {
    if (side !== null) {
      const jobs = new Map<FreshBatchJob, number>();
      banks.forEach((bank, b) => {
        if (!isBank(bank)) jobs.set({ bank, batch: orderOf(b), judged: sideJudged, threads: options.pool.threads }, b);
      });
      const results = new Map<number, JudgedPublication[][]>();
      const run = side.run([...jobs.keys()], (job, result) => void results.set(jobs.get(job)!, result), {
        here: () => false,
      });
      for (const b of jobs.values()) {
        byBank[b] = run.then(() => results.get(b)!);
        // Waited for below, after this thread's own work: a failure meanwhile is not an unhandled rejection.
        byBank[b].catch(() => undefined);
      }
    }
    // The audit's bank's further runs, read by the thresholds, its batch and the rank histogram's publications alike.
    const firstRuns = furtherRunsOn(banks[0], options);
    const first = await firstBank(banks[0], firstRuns, truths, orderOf(0), options, tick);
    const thresholds = first.thresholds;
    byBank[0] = Promise.resolve(first.judged);
    for (const [b, bank] of banks.entries()) {
      if (byBank[b] !== undefined) continue;
      byBank[b] = isBank(bank)
        ? judgeBatch(bank, judgeOn(bank, options), orderOf(b), tick)
        : freshBatch({ bank, batch: orderOf(b) }, options.pool, tick);
      await byBank[b];
    }
    const drawn = options.drawn ?? [];
    const ranks =
      drawn.length === 0
        ? null
        : await rankCalibration(banks[0], first.judge.withReserve(new Reserve(firstRuns)), drawn, options.seed);
    const timer = setInterval(report, PROGRESS_MS);
    let judged: JudgedPublication[][][];
    try {
      judged = await Promise.all(byBank);
    } finally {
      clearInterval(timer);
    }
    report();
    return {
      ranks,
      truths: truths.map((hidden, t) =>
        truthCalibration(
          hidden,
          thresholds[t]!,
          judged.flatMap((j) => j[t]!),
        ),
      ),
      replicates: banks[0].replicates,
      banks: banks.length,
      thresholdPublications: freshCount,
    };
  } finally {
    await side?.close();
  }
}

/**
 * The first bank's part: each truth's threshold as the article's set takes its own — from fresh publications judged
 * on the audit's bank — then the bank's batch, served by the same judge's reserve of further runs; the judge returned
 * with them (its cache serves the rank histogram's judge too).
 */
async function firstBank(
  bank: Bank,
  runs: FurtherRuns,
  truths: readonly HiddenChoices[],
  order: BatchOrder,
  options: CalibrateOptions,
  tick: () => void,
): Promise<{ readonly thresholds: Threshold[]; readonly judged: JudgedPublication[][]; readonly judge: Judge }> {
  const freshCount = options.fresh.values.values().next().value?.values().next().value?.length ?? 0;
  const judge = judgeOn(bank, options, runs);
  const thresholds: Threshold[] = [];
  for (const [t, truth] of truths.entries()) {
    const freshRuns = new Map(
      ARMS.map((arm, a) => [arm.id, options.fresh.values.get(options.fresh.keys[t]![a]!)!] as const),
    );
    const judged = await judge.forLambda().all(publicationsOf(freshRuns, 0, freshCount), tick);
    thresholds.push(thresholdOf(lambdasOf(judged, indexOf(bank.simulations.grid, truth))));
  }
  return { thresholds, judged: await judgeBatch(bank, judge, order, tick), judge };
}

const isBank = (bank: Bank | FreshBankOrder): bank is Bank => 'simulations' in bank;

/** A bank's further runs, simulated on the reserves' pool if there is one (on its worker threads alone). */
function furtherRunsOn(bank: Bank, options: CalibrateOptions): FurtherRuns {
  const own = options.reservePool;
  return new FurtherRuns(bank.simulations, own ?? options.pool, own !== undefined, bank.jobs);
}

/** A judge for decisions on `bank`, reading `runs`, the bank's further runs (by default its own). */
function judgeOn(bank: Bank, options: CalibrateOptions, runs = furtherRunsOn(bank, options)): Judge {
  return new Judge(bank, options.pool, true, new Reserve(runs));
}

/** One truth's calibration from its publications judged on every bank, in the banks' order. */
function truthCalibration(
  hidden: HiddenChoices,
  threshold: Threshold,
  judged: readonly JudgedPublication[],
): TruthCalibration {
  const count = judged.length;
  const identified = new Map<HiddenKey, number>();
  let wrong = 0;
  let confidence = 0;
  let randomized = 0;
  let credible = 0;
  let estimable = 0;
  let refined = 0;
  let vetoed = 0;
  for (const j of judged) {
    if (j.wrong) wrong++;
    for (const key of j.identified) identified.set(key, (identified.get(key) ?? 0) + 1);
    if (withinThreshold(j.lambda, threshold)) confidence++;
    randomized += inclusionAt(j.lambda, threshold);
    if (j.credible) credible++;
    if (j.estimable) estimable++;
    if (j.refined) refined++;
    if (j.vetoed) vetoed++;
  }
  return {
    hidden,
    publications: count,
    wrongIdentifications: wrong / count,
    identified: Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, (identified.get(c.key) ?? 0) / count])),
    threshold: threshold.value,
    confidenceCoverage90: confidence / count,
    randomizedCoverage90: randomized / count,
    credibleCoverage90: credible / count,
    truthEstimable: estimable / count,
    refined: refined / count,
    vetoed: vetoed / count,
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
