/**
 * One continuous figure's probability of landing in its printed window, from the runs that reproduce the
 * arm's discrete figures: a Gaussian kernel estimate corrected for variance inflation (Jones 1991). Each
 * run's value is first pulled towards the runs' mean by a = √(1 − h²/s²), then blurred by N(0, h²), so the
 * smoothed distribution keeps exactly the runs' mean and variance whatever the bandwidth h: the bandwidth
 * only trades the shape's detail against Monte Carlo noise. At h = s (the largest, see `effectiveBandwidth`)
 * it is the normal distribution with the runs' mean and variance; as h → 0 it approaches the plain count.
 *
 * Its Monte Carlo error comes from the runs' own kernel weights and from the mean and variance the
 * correction uses: each run's influence is its weight's deviation plus the derivatives of the estimate in
 * the mean and the variance times the run's deviation in each (derivatives taken numerically), and the
 * variance of the estimate is the sum of squared influences over m².
 *
 * The figures take few distinct values (round means are multiples of 1/30, counts are whole), so the runs
 * are held as distinct values with counts (`column`): the same sums, in far fewer terms.
 */
import { lowerTail, normalMass } from './normal.js';

/** A window [lo, hi) and the point inside it whose distribution function the copula reads (the printed value). */
export interface Target {
  readonly lo: number;
  readonly hi: number;
  readonly point: number;
}

export interface MarginalEstimate {
  /** P̂(lo ≤ X < hi); 0 when the runs leave no mass there. */
  readonly mass: number;
  /** Monte Carlo variance of log mass (NaN when mass is 0). */
  readonly logVariance: number;
  /** P̂(X ≤ point), and its Monte Carlo variance. */
  readonly cdf: number;
  readonly cdfVariance: number;
  /** Kernel effective sample size, (Σ w)² / Σ w², w the runs' window weights. */
  readonly ess: number;
}

/** The bandwidth actually used: the figure's bandwidth, capped at the runs' own spread. */
export function effectiveBandwidth(bandwidth: number, sd: number): number {
  return Math.min(bandwidth, sd);
}

/** One figure's values over the runs of a class: its distinct values, how many runs have each, mean and variance. */
export interface Column {
  readonly values: Float64Array;
  readonly counts: Float64Array;
  /** Runs. */
  readonly m: number;
  readonly mean: number;
  /** Sample variance (m − 1 in the denominator). */
  readonly variance: number;
}

/** The values in ascending order (NaN last): what `column` and the copula's ranks (copula.ts) both start from. */
export const sortedCopy = (xs: ArrayLike<number>): Float64Array => Float64Array.from(xs).sort();

/** A class's values ranked: their distinct values ascending, and each run's rank among them. */
export interface Ranks {
  readonly distinct: Float64Array;
  readonly rank: Int32Array;
}

/**
 * A class's values in order: sorted (as `sortedCopy` sorts them), each run's place in that order (its value's first
 * index), and the runs' ranks — the last two undefined where the values hold NaN or −0 (which sort apart from what
 * they equal).
 */
export interface Ordered {
  readonly sorted: Float64Array;
  readonly places: Int32Array | undefined;
  readonly ranks: Ranks | undefined;
}

/** `xs` in order (see `Ordered`): sorted, then each run's rank found by bisection among the distinct values. */
export function ordered(xs: Float64Array): Ordered {
  const sorted = sortedCopy(xs);
  const m = sorted.length;
  let k = 0;
  for (let i = 0; i < m; i++) {
    const x = sorted[i]!;
    if (Number.isNaN(x) || Object.is(x, -0)) return { sorted, places: undefined, ranks: undefined };
    if (i === 0 || x !== sorted[i - 1]) k++;
  }
  const distinct = new Float64Array(k);
  const first = new Int32Array(k);
  for (let i = 0, j = -1; i < m; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) {
      distinct[++j] = sorted[i]!;
      first[j] = i;
    }
  const rank = new Int32Array(m);
  const places = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const x = xs[i]!;
    let lo = 0;
    let hi = k - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    rank[i] = lo;
    places[i] = first[lo]!;
  }
  return { sorted, places, ranks: { distinct, rank } };
}

/**
 * Runs `members` of a ranked class (their indices in it, ascending) in order, as `ordered` would give them, by
 * counting over the class's distinct values: a class's batches (classes/classFit.ts) each take a fifth of its runs,
 * and sorting them again was as much work as sorting the class. Their own ranks are not made (undefined).
 */
export function orderedMembers(ranks: Ranks, members: Int32Array): Ordered {
  const { distinct, rank } = ranks;
  const k = distinct.length;
  const m = members.length;
  const start = new Int32Array(k + 1);
  for (let i = 0; i < m; i++) start[rank[members[i]!]! + 1]!++;
  for (let r = 0; r < k; r++) start[r + 1]! += start[r]!;
  const sorted = new Float64Array(m);
  for (let r = 0; r < k; r++) if (start[r + 1]! > start[r]!) sorted.fill(distinct[r]!, start[r]!, start[r + 1]!);
  const places = new Int32Array(m);
  for (let i = 0; i < m; i++) places[i] = start[rank[members[i]!]!]!;
  return { sorted, places, ranks: undefined };
}

/** `sorted`: the same values sorted (`sortedCopy`), when the caller has them already. */
export function column(xs: ArrayLike<number>, sorted = sortedCopy(xs)): Column {
  // Distinct values counted in place of a list: two passes over the sorted values, no array grown.
  const m = sorted.length;
  let k = 0;
  for (let i = 0; i < m; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) k++;
  const values = new Float64Array(k);
  const counts = new Float64Array(k);
  for (let i = 0, j = -1; i < m; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) values[++j] = sorted[i]!;
    counts[j]!++;
  }
  let mean = 0;
  for (const x of sorted) mean += x;
  mean /= m;
  let ss = 0;
  for (const x of sorted) ss += (x - mean) ** 2;
  return {
    values,
    counts,
    m,
    mean,
    variance: m > 1 ? ss / (m - 1) : 0,
  };
}

interface Pass {
  readonly mass: number;
  readonly cdf: number;
}

/** The estimate for given mean and variance (the runs fixed); `weights`/`cdfs` receive each value's terms if given. */
function evaluate(
  col: Column,
  target: Target,
  bandwidth: number,
  mean: number,
  variance: number,
  weights?: Float64Array,
  cdfs?: Float64Array,
): Pass {
  const sd = Math.sqrt(variance);
  const h = effectiveBandwidth(bandwidth, sd);
  const a = sd > 0 ? Math.sqrt(Math.max(0, 1 - (h * h) / variance)) : 0;
  let mass = 0;
  let cdf = 0;
  const xs = col.values;
  for (let i = 0; i < xs.length; i++) {
    const y = mean + a * (xs[i]! - mean);
    const w = h > 0 ? normalMass((target.lo - y) / h, (target.hi - y) / h) : y >= target.lo && y < target.hi ? 1 : 0;
    const c = h > 0 ? lowerTail((target.point - y) / h) : y <= target.point ? 1 : 0;
    mass += col.counts[i]! * w;
    cdf += col.counts[i]! * c;
    if (weights !== undefined) weights[i] = w;
    if (cdfs !== undefined) cdfs[i] = c;
  }
  return { mass: mass / col.m, cdf: cdf / col.m };
}

/** Relative step of the numerical derivatives in the mean (× sd) and the variance (× variance). */
const STEP = 1e-4;

/**
 * Each value's kernel weight and CDF term in `kernelMarginal`, held from call to call (read within the call only): a
 * new pair per call was most of what judging allocated.
 */
let weightScratch = new Float64Array(0);
let cdfScratch = new Float64Array(0);

/**
 * The kernel estimate of one figure's window probability from `col`, the values of the runs in the class.
 * Without `errors` the Monte Carlo variances are NaN: they take four passes more over the values than the
 * estimate itself, and publications judged by their log-likelihood alone read neither.
 */
export function kernelMarginal(col: Column, target: Target, bandwidth: number, errors = true): MarginalEstimate {
  const { m, mean, variance } = col;
  const k = col.values.length;
  if (weightScratch.length < k) {
    weightScratch = new Float64Array(k);
    cdfScratch = new Float64Array(k);
  }
  const weights = weightScratch;
  const cdfs = cdfScratch;
  const base = evaluate(col, target, bandwidth, mean, variance, weights, cdfs);
  let sumW = 0;
  let sumW2 = 0;
  for (let i = 0; i < k; i++) {
    sumW += col.counts[i]! * weights[i]!;
    sumW2 += col.counts[i]! * weights[i]! * weights[i]!;
  }
  const ess = sumW2 > 0 ? (sumW * sumW) / sumW2 : 0;
  if (!errors) return { mass: base.mass, logVariance: NaN, cdf: base.cdf, cdfVariance: NaN, ess };
  if (variance === 0 || m < 2)
    return { mass: base.mass, logVariance: base.mass > 0 ? 0 : NaN, cdf: base.cdf, cdfVariance: 0, ess };
  const dm = STEP * Math.sqrt(variance);
  const dv = STEP * variance;
  const up = evaluate(col, target, bandwidth, mean + dm, variance);
  const down = evaluate(col, target, bandwidth, mean - dm, variance);
  const wide = evaluate(col, target, bandwidth, mean, variance + dv);
  const narrow = evaluate(col, target, bandwidth, mean, variance - dv);
  const massByMean = (up.mass - down.mass) / (2 * dm);
  const massByVariance = (wide.mass - narrow.mass) / (2 * dv);
  const cdfByMean = (up.cdf - down.cdf) / (2 * dm);
  const cdfByVariance = (wide.cdf - narrow.cdf) / (2 * dv);
  let massInfluence = 0;
  let cdfInfluence = 0;
  for (let i = 0; i < k; i++) {
    const d = col.values[i]! - mean;
    const dd = d * d - variance;
    const n = col.counts[i]!;
    massInfluence += n * (weights[i]! - base.mass + massByMean * d + massByVariance * dd) ** 2;
    cdfInfluence += n * (cdfs[i]! - base.cdf + cdfByMean * d + cdfByVariance * dd) ** 2;
  }
  const massVariance = massInfluence / (m * m);
  return {
    mass: base.mass,
    logVariance: base.mass > 0 ? massVariance / (base.mass * base.mass) : NaN,
    cdf: base.cdf,
    cdfVariance: cdfInfluence / (m * m),
    ess,
  };
}
