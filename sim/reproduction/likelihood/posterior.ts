/**
 * From likelihoods to a verdict over the readings: posteriors under a uniform prior (they sum to 1),
 * Bayes factors against the best, and ties.
 *
 * Two readings are tied when their log-likelihoods differ by less than 1.96 Monte Carlo standard errors of
 * the difference, i.e. when the 95 % interval of the log Bayes factor contains 0. Readings draw each arm
 * from the same random numbers (likelihood/unpaired.ts), so the error of a difference is computed run by
 * run, with the covariance of the two readings' per-run contributions: readings that share an arm's very
 * simulation differ by exactly 0 in it.
 */
import type { ReadingLikelihood } from './reading.js';
import { pick, weightsOf } from './reading.js';

/** z for the two-sided 95 % interval of a difference. */
export const TIE_Z = 1.959963984540054;

/** Monte Carlo standard error of log L(a) − log L(b); NaN when either is −∞. */
export function differenceSe(a: ReadingLikelihood, b: ReadingLikelihood): number {
  if (!Number.isFinite(a.joint.log) || !Number.isFinite(b.joint.log)) return NaN;
  let variance = 0;
  a.arms.forEach((ta, i) => {
    const tb = b.arms[i]!;
    if (ta.key === tb.key && ta.basis === tb.basis) return;
    const ea = pick(ta.estimate, ta.basis);
    const eb = pick(tb.estimate, tb.basis);
    const wa = weightsOf(ta.estimate, ta.basis);
    const wb = weightsOf(tb.estimate, tb.basis);
    if (wa === null || wb === null || wa.length !== wb.length || wa.length < 2) {
      variance += (ea.se / ea.p) ** 2 + (eb.se / eb.p) ** 2;
      return;
    }
    // Delta method, run by run: log p̂a − log p̂b ≈ mean of d = wa/pa − wb/pb (+ const), so its variance is var(d)/n.
    const n = wa.length;
    let sum = 0;
    let sum2 = 0;
    for (let r = 0; r < n; r++) {
      const d = wa[r]! / ea.p - wb[r]! / eb.p;
      sum += d;
      sum2 += d * d;
    }
    variance += Math.max(0, (sum2 - (sum * sum) / n) / (n - 1)) / n;
  });
  return Math.sqrt(variance);
}

/** Whether a and b cannot be told apart: the 95 % interval of their log Bayes factor contains 0. */
export function tied(a: ReadingLikelihood, b: ReadingLikelihood): boolean {
  const la = a.joint.log;
  const lb = b.joint.log;
  if (!Number.isFinite(la) || !Number.isFinite(lb)) return la === lb && a.joint.upper === b.joint.upper;
  return Math.abs(la - lb) <= TIE_Z * differenceSe(a, b);
}

/** Best first: by log-likelihood, readings too rare to estimate by their upper bound; stable otherwise. */
export function compareReadings(a: ReadingLikelihood, b: ReadingLikelihood): number {
  if (a.joint.log !== b.joint.log) return b.joint.log > a.joint.log ? 1 : -1;
  return (b.joint.upper ?? 0) - (a.joint.upper ?? 0);
}

/** Posterior probabilities under a uniform prior; NaN for all when no reading has a finite likelihood. */
export function posteriors(readings: readonly ReadingLikelihood[]): number[] {
  const top = Math.max(...readings.map((r) => r.joint.log));
  if (!Number.isFinite(top)) return readings.map(() => NaN);
  const w = readings.map((r) => Math.exp(r.joint.log - top));
  const total = w.reduce((s, x) => s + x, 0);
  return w.map((x) => x / total);
}

export interface Standing {
  /** 1 = best; readings tied with their group's leader share its rank. */
  readonly rank: number;
  readonly posterior: number;
  /** log L(best) − log L(this) ≥ 0, in nats; the Bayes factor of the best against this reading is its exp. */
  readonly logBayesFactor: number;
  readonly logBayesFactorSe: number;
  /** Within Monte Carlo error of the best. */
  readonly tiedWithBest: boolean;
}

/** Standings of readings already sorted best first (see compareReadings). */
export function standings(sorted: readonly ReadingLikelihood[]): Standing[] {
  const post = posteriors(sorted);
  const best = sorted[0];
  let leader = 0;
  return sorted.map((r, i) => {
    if (i > 0 && !tied(sorted[leader]!, r)) leader = i;
    return {
      rank: leader + 1,
      posterior: post[i]!,
      logBayesFactor: best === undefined ? NaN : best.joint.log - r.joint.log,
      logBayesFactorSe: best === undefined || i === 0 ? 0 : differenceSe(best, r),
      tiedWithBest: best !== undefined && leader === 0,
    };
  });
}
