/**
 * Seeded bootstrap over replicates: percentile 95 % intervals for the mean, the interquartile mean (IQM),
 * ratios of sums, and paired differences.
 *
 * A ResamplePlan draws its B resamples of the n replicates once, as a count per replicate, and every
 * statistic reuses them. Resampling whole replicates keeps the rounds and metrics of one replicate together,
 * and two arms over the same replicates get the same resamples, so their difference is a paired comparison.
 * A statistic then costs O(n) per resample and no further random draws.
 */
import { below, ReplicateKey } from './rng.js';
import { quantile, type Interval } from './stats.js';

export interface Estimate {
  readonly estimate: number;
  /** Percentile 95 % interval; null below two replicates or when the statistic is undefined. */
  readonly ci95: Interval | null;
}

/** Mean of the middle half: the sorted values with floor(n/4) cut from each end (scipy's trim_mean(x, 0.25)). */
export function interquartileMean(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const cut = Math.floor(n / 4);
  let sum = 0;
  for (let i = cut; i < n - cut; i++) sum += sorted[i]!;
  return n === 0 ? NaN : sum / (n - 2 * cut);
}

export class ResamplePlan {
  /** counts[b·n + i]: how often replicate i appears in resample b. */
  private readonly counts: Uint32Array;

  /**
   * `n` replicates, `resamples` draws. The stream is keyed by (seed, n) only, so the same replicates always
   * get the same resamples whatever else is being summarised.
   */
  constructor(
    readonly n: number,
    readonly resamples: number,
    seed: number,
  ) {
    const size = n * resamples;
    const counts = (this.counts = new Uint32Array(size));
    const stream = new ReplicateKey(seed, 0).generator('bootstrap', -1, n);
    for (let b = 0; b < resamples; b++) {
      const base = b * n;
      for (let k = 0; k < n; k++) counts[base + below(stream, n)]!++;
    }
  }

  /** How often each replicate appears in resample `b` (for inspection and tests). */
  countsOf(b: number): ArrayLike<number> {
    return this.counts.subarray(b * this.n, (b + 1) * this.n);
  }

  /** The mean of `values` (one per replicate, in plan order). */
  mean(values: ArrayLike<number>): Estimate {
    const v = this.column(values);
    const { n, counts } = this;
    let total = 0;
    for (let i = 0; i < n; i++) total += v[i]!;
    return this.interval(total / n, (base) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += counts[base + i]! * v[i]!;
      return s / n;
    });
  }

  /** The interquartile mean of `values`. */
  iqm(values: ArrayLike<number>): Estimate {
    const v = this.column(values);
    const { n, counts } = this;
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => v[a]! - v[b]! || a - b);
    const sorted = Float64Array.from(order, (i) => v[i]!);
    const cut = Math.floor(n / 4);
    const lo = cut;
    const hi = n - cut; // positions [lo, hi) of the resample's sorted values are kept
    return this.interval(interquartileMean(v), (base) => {
      let s = 0;
      let pos = 0;
      for (let j = 0; j < n && pos < hi; j++) {
        const c = counts[base + order[j]!]!;
        if (c === 0) continue;
        const kept = Math.min(pos + c, hi) - Math.max(pos, lo);
        if (kept > 0) s += kept * sorted[j]!;
        pos += c;
      }
      return s / (hi - lo);
    });
  }

  /** Σ numerator / Σ denominator over replicates (e.g. refutations / tests). Undefined when Σ den = 0. */
  ratio(numerators: ArrayLike<number>, denominators: ArrayLike<number>): Estimate {
    const x = this.column(numerators);
    const y = this.column(denominators);
    const { n, counts } = this;
    let num = 0;
    let den = 0;
    for (let i = 0; i < n; i++) {
      num += x[i]!;
      den += y[i]!;
    }
    return this.interval(den === 0 ? NaN : num / den, (base) => {
      let a = 0;
      let d = 0;
      for (let i = 0; i < n; i++) {
        const c = counts[base + i]!;
        a += c * x[i]!;
        d += c * y[i]!;
      }
      return d === 0 ? NaN : a / d;
    });
  }

  /** Mean of a − b over paired replicates (the same replicate index in both arms). */
  pairedDifference(a: ArrayLike<number>, b: ArrayLike<number>): Estimate {
    const x = this.column(a);
    const y = this.column(b);
    return this.mean(x.map((v, i) => v - y[i]!));
  }

  /** The values as a Float64Array (one array type keeps the inner loops monomorphic). */
  private column(values: ArrayLike<number>): Float64Array {
    if (values.length !== this.n)
      throw new Error(`bootstrap: ${values.length} values for a plan of ${this.n} replicates`);
    return values instanceof Float64Array ? values : Float64Array.from(values);
  }

  /** Point estimate plus the percentile interval of `statistic` over the resamples (undefined ones dropped). */
  private interval(estimate: number, statistic: (base: number) => number): Estimate {
    if (!Number.isFinite(estimate) || this.n < 2 || this.resamples < 2) return { estimate, ci95: null };
    const stats = new Float64Array(this.resamples);
    let kept = 0;
    for (let b = 0; b < this.resamples; b++) {
      const s = statistic(b * this.n);
      if (Number.isFinite(s)) stats[kept++] = s;
    }
    if (kept < 2) return { estimate, ci95: null };
    const sorted = stats.subarray(0, kept).sort();
    return { estimate, ci95: [quantile(sorted, 0.025), quantile(sorted, 0.975)] };
  }
}
