/**
 * The 90 % confidence set (a Neyman construction): a reading is in it when its likelihood-ratio statistic on
 * the publication — the best reading's log-likelihood less its own, λ — lies below its own threshold, the 90 %
 * point of λ over publications simulated from that very reading. A Bayesian credible set covers the truth 90 %
 * of the time only on average over readings drawn from the prior; this set does for each fixed reading, which
 * is what calibration asks of it (docs/reproduction.md, "Calibration").
 *
 * λ takes the value 0 whenever a reading ties with the best (readings whose runs are identical tie exactly),
 * so a threshold can sit on an atom: a reading at its threshold is taken in part, so the set holds it with
 * probability 0.9 exactly (the randomized test). Calibration counts that share; the printed set takes such a
 * reading whole, which only adds to its coverage.
 *
 * Thresholds come from THRESHOLD_PUBLICATIONS fresh publications of each reading in question (their own runs,
 * on a seed of their own), judged on the audit's bank at the main bandwidth, refined as the article is for λ
 * (judge.ts) — as calibration judges its publications, so the coverage it measures is that of this set.
 */
import { sha256Seed48 } from '../../core/digest/sha256.js';
import type { HiddenChoices } from '../arms.js';
import { MAIN_SCALE } from '../likelihood/armEstimate.js';
import type { ReadingLikelihood } from '../likelihood/reading.js';

/** The set's level. */
export const CONFIDENCE = 0.9;
/** Simulated publications behind each reading's threshold. */
export const THRESHOLD_PUBLICATIONS = 200;
/** Values of λ this close count as tied (identical runs give identical logs; sums differ in the last bits). */
const TIE = 1e-9;

/** A reading's threshold: the level-0.9 point of λ, with the shares of publications below and at it. */
export interface Threshold {
  readonly value: number;
  readonly below: number;
  readonly at: number;
}

/** λ of reading i: the best estimable log-likelihood at the main bandwidth less i's (∞ when i is not estimable). */
export function ratioStatistic(logs: readonly number[], i: number): number {
  let best = -Infinity;
  for (const x of logs) if (x > best) best = x;
  const own = logs[i]!;
  return Number.isFinite(own) ? Math.max(0, best - own) : Infinity;
}

/** Main-bandwidth log-likelihoods of readings (NaN → −∞ for those not estimable). */
export const mainLogs = (readings: readonly ReadingLikelihood[]): number[] =>
  readings.map((r) => (r.estimable ? r.byScale[MAIN_SCALE]!.log : -Infinity));

/** The smallest value whose share of λ at or below it reaches `level`, from λ of simulated publications. */
export function thresholdOf(lambdas: readonly number[], level = CONFIDENCE): Threshold {
  const sorted = [...lambdas].sort((a, b) => a - b);
  const n = sorted.length;
  const value = sorted[Math.min(n - 1, Math.max(0, Math.ceil(level * n) - 1))]!;
  let below = 0;
  let at = 0;
  for (const x of sorted) {
    if (value === Infinity ? x === Infinity : Math.abs(x - value) <= TIE) at++;
    else if (x < value) below++;
  }
  return { value, below: below / n, at: at / n };
}

/** Whether a reading at λ is in the printed set: at or below its threshold (a tie taken whole). */
export const withinThreshold = (lambda: number, t: Threshold): boolean => lambda <= t.value + TIE;

/** How much of a reading at λ the set takes: whole below its threshold, in part at it, none above. */
export function inclusionAt(lambda: number, t: Threshold, level = CONFIDENCE): number {
  if (lambda === Infinity) return 0;
  if (t.value === Infinity) return 1;
  if (Math.abs(lambda - t.value) <= TIE) return Math.min(1, Math.max(0, (level - t.below) / t.at));
  return lambda < t.value ? 1 : 0;
}

/**
 * Coverage of the set on publications of one truth, each judged against the threshold the others give
 * (leave one out: the threshold of n − 1 publications, as the article's comes from THRESHOLD_PUBLICATIONS).
 */
export function leaveOneOutCoverage(lambdas: readonly number[], level = CONFIDENCE): number {
  let covered = 0;
  lambdas.forEach((x, i) => {
    covered += inclusionAt(x, thresholdOf([...lambdas.slice(0, i), ...lambdas.slice(i + 1)], level), level);
  });
  return covered / lambdas.length;
}

/** The seed thresholds' publications are simulated from, apart from the audit's and calibration's. */
export function thresholdSeed(seed: number): number {
  return sha256Seed48(`hexa-sim/v1/confidence/seed=${seed}`);
}

/** A reading's threshold and what it rests on. */
export interface ReadingThreshold {
  readonly index: number;
  readonly hidden: HiddenChoices;
  readonly threshold: Threshold;
  /** Its publications whose λ could not be computed because the reading itself was not estimable on them. */
  readonly notEstimable: number;
}
