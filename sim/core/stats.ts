/** Small descriptive statistics: means, standard errors and t-intervals over replicates. */

export function mean(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return xs.length === 0 ? NaN : s / xs.length;
}

/** Sample standard deviation (n − 1); NaN below two values. */
export function sampleSd(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const m = mean(xs);
  let ss = 0;
  // A product, not `** 2`: multiplication is exactly specified in every JavaScript engine, a power is not
  // (docs/architecture.md, "Which engines give the same bytes"); V8 gives the two alike.
  for (let i = 0; i < n; i++) {
    const d = xs[i]! - m;
    ss += d * d;
  }
  return Math.sqrt(ss / (n - 1));
}

/** Type-7 (linear) quantile of ascending, finite values. */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const i = Math.floor(h);
  const next = sorted[Math.min(i + 1, sorted.length - 1)]!;
  return sorted[i]! + (h - i) * (next - sorted[i]!);
}

/**
 * The k-th smallest of `xs` (from 0), as `xs` sorted ascending holds it at k: found by selection (Hoare's partition
 * about a median of three), which reorders `xs` in place — two quantiles of a short list for less than its sort.
 * Lists holding NaN or −0, which the sort orders apart from what they equal, are sorted instead.
 */
export function orderStatistic(xs: Float64Array, k: number): number {
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    if (Number.isNaN(x) || Object.is(x, -0)) return xs.sort()[k]!;
  }
  let lo = 0;
  let hi = xs.length - 1;
  while (hi > lo) {
    const a = xs[lo]!;
    const b = xs[(lo + hi) >>> 1]!;
    const c = xs[hi]!;
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c)); // the median of the three
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i]! < pivot) i++;
      while (xs[j]! > pivot) j--;
      if (i <= j) {
        const t = xs[i]!;
        xs[i++] = xs[j]!;
        xs[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break; // between the two parts: every value there equals the pivot
  }
  return xs[k]!;
}

export function standardError(xs: ArrayLike<number>): number {
  return sampleSd(xs) / Math.sqrt(xs.length);
}

// Student t 0.975 quantiles for df = 1 … 30 (to 4 decimals); beyond, the Cornish–Fisher expansion below.
const T975 = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448, 2.1314,
  2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
];

/** The two-sided 95 % critical value of Student's t with `df` degrees of freedom. */
export function t975(df: number): number {
  if (df < 1) return NaN;
  if (df <= 30) return T975[df - 1]!;
  const z = 1.959963984540054;
  // Products, exactly specified in every engine (V8's z ** 3 and z ** 5 are the same numbers).
  const z3 = z * z * z;
  const z5 = z3 * z * z;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

/** A closed interval [low, high]. */
export type Interval = readonly [number, number];

/** Mean with its 95 % t-interval; the interval is null below two values. */
export function meanInterval(xs: ArrayLike<number>): { mean: number; se: number; ci95: Interval | null } {
  const m = mean(xs);
  if (xs.length < 2) return { mean: m, se: NaN, ci95: null };
  const se = standardError(xs);
  const h = t975(xs.length - 1) * se;
  return { mean: m, se, ci95: [m - h, m + h] };
}
