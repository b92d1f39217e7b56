/**
 * One bank's batch of calibration: each truth's publications that calibration judges on that bank, each judged as
 * the article is (judge.ts), decided (decision.ts, with the cross-check's veto) and kept as what calibration counts.
 *
 * A batch on a bank of its own shares nothing with the others — its reserve of further runs, its cache — so it can
 * be judged on a thread of its own (bankWorker.ts), its bank simulated there: what it yields depends only on the
 * bank and the publications, never on the thread or on the batches judged beside it.
 */
import { ARMS, HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from '../arms.js';
import { CROSS_CHECKED } from '../audit.js';
import { testUnitVetoes } from '../checks/crossCheck.js';
import { decide, type Decision } from '../decision.js';
import { simulationPool, type SimulationPool } from '../simulationJobs.js';
import { mainLogs, ratioStatistic } from './confidence.js';
import { freshBank, Judge, readingRuns, type Bank, type Judgement } from './judge.js';
import type { Publication } from './publications.js';
import { FurtherRuns } from './furtherRuns.js';
import { Reserve } from './reserve.js';

/** The truth's index in the grid (a reading is its seven choices). */
export function indexOf(grid: readonly HiddenChoices[], h: HiddenChoices): number {
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
  const vetoed =
    twin >= 0 &&
    testUnitVetoes(
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
  if (!vetoed) return { decision, vetoed: false };
  const { testUnit: _vetoed, ...identified } = decision.identified;
  return { decision: { ...decision, identified, open: [...decision.open, 'testUnit'] }, vetoed: true };
}

/** What calibration counts of one publication of a truth judged for the decision (the truth's threshold apart). */
export interface JudgedPublication {
  /** Some choice identified at a value the truth does not have. */
  readonly wrong: boolean;
  /** The choices identified at the truth's value. */
  readonly identified: readonly HiddenKey[];
  /** The truth's λ (main bandwidth; ∞ where it is not estimable). */
  readonly lambda: number;
  /** The printed 90 % credible set holds the truth. */
  readonly credible: boolean;
  /** The truth is estimable, refinement included. */
  readonly estimable: boolean;
  readonly refined: boolean;
  readonly vetoed: boolean;
}

/** A bank simulated where its batch is judged: every reading of `grid` at `replicates` runs per arm, on `seed`. */
export interface FreshBankOrder {
  readonly grid: readonly HiddenChoices[];
  readonly seed: number;
  readonly replicates: number;
}

/** A bank's batch: per truth, its publications judged on the bank, and the number of the first one's draw. */
export interface BatchOrder {
  readonly truths: readonly HiddenChoices[];
  readonly publications: readonly (readonly Publication[])[];
  readonly firstDraws: readonly number[];
  readonly seed: number;
}

/** Each truth's publications of a batch judged on `bank` by `judge`, in order; `onJudged` after each. */
export async function judgeBatch(
  bank: Bank,
  judge: Judge,
  order: BatchOrder,
  onJudged?: () => void,
): Promise<JudgedPublication[][]> {
  const grid = bank.simulations.grid;
  const out: JudgedPublication[][] = [];
  for (const [t, truth] of order.truths.entries()) {
    const truthIndex = indexOf(grid, truth);
    const batch = order.publications[t]!;
    const judged = await judge.all(batch, onJudged);
    out.push(
      judged.map((j, k) => {
        const { decision: d, vetoed } = publicationDecision(bank, j, batch[k]!, {
          seed: order.seed,
          draw: order.firstDraws[t]! + k,
        });
        return {
          wrong: HIDDEN_CHOICES.some((c) => d.identified[c.key] !== undefined && d.identified[c.key] !== truth[c.key]),
          identified: HIDDEN_CHOICES.filter((c) => d.identified[c.key] === truth[c.key]).map((c) => c.key),
          lambda: ratioStatistic(mainLogs(j.readings), truthIndex),
          credible: d.credible.includes(truthIndex),
          estimable: j.readings[truthIndex]?.estimable === true,
          refined: j.refined,
          vetoed,
        };
      }),
    );
  }
  return out;
}

/** A batch on a fresh bank, to judge on a thread of its own: the bank's order, the batch, a counter of judgements. */
export interface FreshBatchJob {
  readonly bank: FreshBankOrder;
  readonly batch: BatchOrder;
  /** An Int32Array's buffer: each publication judged adds one to its first element (calibration's progress). */
  readonly judged?: SharedArrayBuffer;
  /**
   * Threads for its simulations (default 1): the bank's on this one and `threads` − 1 more, the reserve's on
   * `threads` of their own while this one judges — as the command's own thread judges the audit's bank's batch.
   */
  readonly threads?: number;
}

/**
 * A batch on a fresh bank, bank and reserve simulated on `pool` if given (the caller's threads), else on pools of
 * its own (see `FreshBatchJob.threads`); `onJudged` after each publication, beside the job's counter.
 */
export async function freshBatch(
  job: FreshBatchJob,
  pool?: SimulationPool,
  onJudged?: () => void,
): Promise<JudgedPublication[][]> {
  const threads = Math.max(1, job.threads ?? 1);
  const own = pool ?? simulationPool(threads);
  let aside: SimulationPool | null = null;
  try {
    const bank = await freshBank(job.bank.grid, job.bank.seed, job.bank.replicates, own);
    // The reserve's threads start once the bank is in: until then they would only wait.
    if (pool === undefined && threads > 1) aside = simulationPool(threads + 1);
    const runs = new FurtherRuns(bank.simulations, aside ?? own, aside !== null, bank.jobs);
    const counter = job.judged === undefined ? null : new Int32Array(job.judged);
    return await judgeBatch(bank, new Judge(bank, own, true, new Reserve(runs)), job.batch, () => {
      if (counter !== null) Atomics.add(counter, 0, 1);
      onJudged?.();
    });
  } finally {
    await aside?.close();
    if (pool === undefined) await own.close();
  }
}
