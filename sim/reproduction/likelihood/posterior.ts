/**
 * From likelihoods to standings over the readings: posteriors (under a uniform prior unless one is given;
 * they sum to 1 over the estimable readings), Bayes factors against the best, ties, and posterior draws
 * that carry the Monte Carlo error into the posteriors.
 *
 * Two readings are tied when the 95 % interval of their log Bayes factor contains 0. A reading that is not
 * estimable has no posterior: it is ranked after the estimable ones, by its discrete share.
 *
 * The draws: each distinct simulation's log estimate is perturbed once per draw by N(0, its variance) —
 * readings that share a simulation share its error — and the posteriors recomputed, so any function of the
 * posteriors (a choice's marginal, the best reading's share) gets a Monte Carlo interval from the draws.
 */
import type { Stream } from '../../core/rng.js';
import { differenceVariance, type ReadingLikelihood } from './reading.js';

/** z for the two-sided 95 % interval of a difference. */
export const TIE_Z = 1.959963984540054;

/** Posteriors from log-likelihoods (NaN = not estimable: weight 0); NaN throughout when none is finite. */
export function posteriors(logs: readonly number[], prior?: readonly number[]): number[] {
  let top = -Infinity;
  for (const l of logs) if (l > top) top = l;
  if (!Number.isFinite(top)) return logs.map(() => NaN);
  const w = logs.map((l, i) => (Number.isFinite(l) ? Math.exp(l - top) * (prior?.[i] ?? 1) : 0));
  const total = w.reduce((s, x) => s + x, 0);
  return w.map((x) => x / total);
}

/** Best first: estimable readings by log-likelihood at `scale`, then the others by discrete share; stable otherwise. */
export function compareReadings(a: ReadingLikelihood, b: ReadingLikelihood, scale: number): number {
  if (a.estimable !== b.estimable) return a.estimable ? -1 : 1;
  const la = a.estimable ? a.byScale[scale]!.log : a.discreteLog;
  const lb = b.estimable ? b.byScale[scale]!.log : b.discreteLog;
  return la === lb ? 0 : lb > la ? 1 : -1;
}

export interface Standing {
  /** 1 = best; readings tied with their group's leader share its rank; null when not estimable. */
  readonly rank: number | null;
  /** NaN when not estimable. */
  readonly posterior: number;
  /** log L(best) − log L(this) ≥ 0, in nats, and its Monte Carlo error; NaN when not estimable. */
  readonly logBayesFactor: number;
  readonly logBayesFactorSe: number;
  /** Within Monte Carlo error of the best. */
  readonly tiedWithBest: boolean;
}

/** Whether b cannot be told apart from a: the 95 % interval of their log Bayes factor contains 0. */
export function tied(a: ReadingLikelihood, b: ReadingLikelihood, scale: number): boolean {
  const d = a.byScale[scale]!.log - b.byScale[scale]!.log;
  return Math.abs(d) <= TIE_Z * Math.sqrt(differenceVariance(a, b, scale));
}

/** Standings of readings already sorted best first (see compareReadings), at one scale. */
export function standings(sorted: readonly ReadingLikelihood[], scale: number): Standing[] {
  const post = posteriors(sorted.map((r) => r.byScale[scale]!.log));
  const best = sorted[0];
  let leader = 0;
  return sorted.map((r, i) => {
    if (best === undefined || !r.estimable || !best.estimable)
      return { rank: null, posterior: NaN, logBayesFactor: NaN, logBayesFactorSe: NaN, tiedWithBest: false };
    if (i > 0 && !tied(sorted[leader]!, r, scale)) leader = i;
    return {
      rank: leader + 1,
      posterior: post[i]!,
      logBayesFactor: best.byScale[scale]!.log - r.byScale[scale]!.log,
      logBayesFactorSe: i === 0 ? 0 : Math.sqrt(differenceVariance(best, r, scale)),
      tiedWithBest: leader === 0,
    };
  });
}

/** A standard normal draw (Box–Muller, one of the pair). */
export function normalDraw(stream: Stream): number {
  const u = 1 - stream.quick();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * stream.quick());
}

/**
 * `draws` posterior vectors at one scale (each over all readings, 0 for those not estimable), the
 * simulations' errors drawn from `stream`. Keys are visited in the order the readings first name them.
 * `bounds` (per reading, NaN for none) puts readings not estimable in at a fixed log-likelihood: their bound.
 */
export function posteriorDraws(
  readings: readonly ReadingLikelihood[],
  scale: number,
  draws: number,
  stream: Stream,
  prior?: readonly number[],
  bounds?: readonly number[],
): Float64Array[] {
  const keys = new Map<string, number>();
  for (const r of readings)
    if (r.estimable)
      for (const t of r.arms) if (!keys.has(t.key)) keys.set(t.key, Math.sqrt(t.estimate.byScale[scale]!.variance));
  const sds = [...keys.values()];
  const index = new Map([...keys.keys()].map((k, i) => [k, i]));
  const terms = readings.map((r) => (r.estimable ? Int32Array.from(r.arms, (t) => index.get(t.key)!) : null));
  const points = readings.map((r, i) => (r.estimable ? r.byScale[scale]!.log : (bounds?.[i] ?? NaN)));
  const errors = new Float64Array(sds.length);
  const logs = new Float64Array(readings.length);
  const out: Float64Array[] = [];
  // One draw's logs in a buffer used again for the next, its posteriors made as `posteriors` makes them (the same
  // sums in the same order) straight into the draw's own array: a decision makes thousands of draws.
  for (let d = 0; d < draws; d++) {
    for (let k = 0; k < sds.length; k++) errors[k] = sds[k]! === 0 ? 0 : sds[k]! * normalDraw(stream);
    let top = -Infinity;
    for (let i = 0; i < readings.length; i++) {
      let l = points[i]!;
      const t = terms[i]!;
      if (t !== null) for (let j = 0; j < t.length; j++) l += errors[t[j]!]!;
      logs[i] = l;
      if (l > top) top = l;
    }
    const p = new Float64Array(readings.length);
    if (!Number.isFinite(top)) p.fill(NaN);
    else {
      let total = 0;
      for (let i = 0; i < p.length; i++) {
        const l = logs[i]!;
        p[i] = Number.isFinite(l) ? Math.exp(l - top) * (prior?.[i] ?? 1) : 0;
        total += p[i]!;
      }
      for (let i = 0; i < p.length; i++) p[i]! /= total;
    }
    out.push(p);
  }
  return out;
}
