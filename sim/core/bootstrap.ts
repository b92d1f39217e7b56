/**
 * Seeded bootstrap over replicates: percentile 95 % intervals for the mean, the interquartile mean (IQM),
 * ratios of sums, and paired differences.
 *
 * A ResamplePlan draws its B resamples of the n replicates once, as a count per replicate, and every
 * statistic reuses them. Resampling whole replicates keeps the rounds and metrics of one replicate together,
 * and two arms over the same replicates get the same resamples, so their difference is a paired comparison.
 * A statistic then costs O(n) per resample and no further random draws.
 *
 * A report takes some thirty statistics of every cell of a sweep, each n·B multiplications, so the loops are
 * written for speed — several columns a pass over the counts (`resampleSums`), the interquartile mean without a
 * branch per replicate — but each resample's sum is still taken replicate after replicate, as one column's loop
 * takes it: floating-point addition is not associative, and the intervals must not move by a bit.
 */
import { at } from './at.js';
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
  /** Scratch of `interval` (one statistic per resample) and of `iqm` (the replicates in order, their values). */
  private stats: Float64Array | null = null;
  private order: Uint32Array | null = null;
  private sorted: Float64Array | null = null;

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
    return this.meanOfSums(v, at(this.resampleSums([v]), 0, 'resample sums'));
  }

  /**
   * Each resample's Σ count × value, for each column (one value per replicate, in plan order): what `mean` and
   * `ratio` take their resamples from. Four columns share a pass over the counts; each sum is still taken in
   * replicate order, so it is bit for bit the one a column's own loop takes. `into`: arrays of `resamples`
   * numbers to write the sums in (the same ones, group after group, leave nothing to collect).
   */
  resampleSums(columns: readonly ArrayLike<number>[], into: readonly Float64Array[] = []): Float64Array[] {
    const vs = columns.map((c) => this.column(c));
    const out = vs.map((_, k) => {
      const given = into[k];
      return given !== undefined && given.length === this.resamples ? given : new Float64Array(this.resamples);
    });
    if (vs.length === 1) this.sums1(at(vs, 0, 'columns'), at(out, 0, 'resample sums'));
    // Two or three columns left over ride in a pass of four (the last one again): a pass costs about the same.
    else
      for (let k = 0; k < vs.length; k += 4) {
        const column = (d: number): Float64Array => at(vs, Math.min(k + d, vs.length - 1), 'columns');
        const spare = (d: number): Float64Array =>
          k + d < vs.length ? at(out, k + d, 'resample sums') : new Float64Array(this.resamples);
        this.sums4(column(0), column(1), column(2), column(3), [spare(0), spare(1), spare(2), spare(3)]);
      }
    return out;
  }

  /** The mean of `values` given their resample sums (`resampleSums`). */
  meanOfSums(values: ArrayLike<number>, sums: Float64Array): Estimate {
    const v = this.column(values);
    const { n } = this;
    let total = 0;
    for (let i = 0; i < n; i++) total += v[i]!;
    return this.interval(total / n, (b) => sums[b]! / n);
  }

  /** Σ numerator / Σ denominator given both columns' resample sums (`resampleSums`); undefined when Σ den = 0. */
  ratioOfSums(
    numerators: ArrayLike<number>,
    denominators: ArrayLike<number>,
    numeratorSums: Float64Array,
    denominatorSums: Float64Array,
  ): Estimate {
    const x = this.column(numerators);
    const y = this.column(denominators);
    let num = 0;
    let den = 0;
    for (let i = 0; i < this.n; i++) {
      num += x[i]!;
      den += y[i]!;
    }
    return this.interval(den === 0 ? NaN : num / den, (b) => {
      const d = denominatorSums[b]!;
      return d === 0 ? NaN : numeratorSums[b]! / d;
    });
  }

  /** The interquartile mean of `values`. */
  iqm(values: ArrayLike<number>): Estimate {
    const v = this.column(values);
    const { n, counts } = this;
    // Scratch of the plan, as `interval`'s: nothing keeps the order or the sorted values.
    const order = (this.order ??= new Uint32Array(n));
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => v[a]! - v[b]! || a - b);
    const sorted = (this.sorted ??= new Float64Array(n));
    for (let j = 0; j < n; j++) sorted[j] = v[order[j]!]!;
    const cut = Math.floor(n / 4);
    const lo = cut;
    const hi = n - cut; // positions [lo, hi) of the resample's sorted values are kept
    // The loop below adds 0 × value for a replicate a resample leaves out, which is 0 only for finite values.
    if (!sorted.every(Number.isFinite)) return this.interval(interquartileMean(v), (b) => this.iqmOf(b, order, sorted));
    return this.interval(interquartileMean(v), (b) => {
      const base = b * n;
      let s = 0;
      let pos = 0;
      let j = 0;
      // Below the kept positions nothing is added; the value that straddles `lo` adds its part above it.
      while (pos < lo) pos += counts[base + order[j++]!]!;
      if (pos > lo) s += (Math.min(pos, hi) - lo) * sorted[j - 1]!;
      // Then each value its copies up to `hi`: an absent one adds 0 × value, which leaves the sum as it is.
      while (pos < hi) {
        const next = pos + counts[base + order[j]!]!;
        s += (Math.min(next, hi) - pos) * sorted[j]!;
        pos = next;
        j++;
      }
      return s / (hi - lo);
    });
  }

  /** Σ numerator / Σ denominator over replicates (e.g. refutations / tests). Undefined when Σ den = 0. */
  ratio(numerators: ArrayLike<number>, denominators: ArrayLike<number>): Estimate {
    const sums = this.resampleSums([numerators, denominators]);
    return this.ratioOfSums(numerators, denominators, at(sums, 0, 'resample sums'), at(sums, 1, 'resample sums'));
  }

  /** Mean of a − b over paired replicates (the same replicate index in both arms). */
  pairedDifference(a: ArrayLike<number>, b: ArrayLike<number>): Estimate {
    const x = this.column(a);
    const y = this.column(b);
    return this.mean(x.map((v, i) => v - y[i]!));
  }

  /** Resample b's interquartile mean, one value at a time (any values, infinite ones too). */
  private iqmOf(b: number, order: Uint32Array, sorted: Float64Array): number {
    const { n, counts } = this;
    const base = b * n;
    const cut = Math.floor(n / 4);
    const [lo, hi] = [cut, n - cut];
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
  }

  private sums1(v: Float64Array, out: Float64Array): void {
    const { n, counts } = this;
    for (let b = 0; b < this.resamples; b++) {
      const base = b * n;
      let s = 0;
      for (let i = 0; i < n; i++) s += counts[base + i]! * v[i]!;
      out[b] = s;
    }
  }

  /** Four columns' sums in one pass: four independent additions per count read, each in replicate order. */
  private sums4(v0: Float64Array, v1: Float64Array, v2: Float64Array, v3: Float64Array, out: Float64Array[]): void {
    const { n, counts } = this;
    const [o0, o1, o2, o3] = out as [Float64Array, Float64Array, Float64Array, Float64Array];
    for (let b = 0; b < this.resamples; b++) {
      const base = b * n;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let i = 0; i < n; i++) {
        const c = counts[base + i]!;
        s0 += c * v0[i]!;
        s1 += c * v1[i]!;
        s2 += c * v2[i]!;
        s3 += c * v3[i]!;
      }
      o0[b] = s0;
      o1[b] = s1;
      o2[b] = s2;
      o3[b] = s3;
    }
  }

  /** The values as a Float64Array (one array type keeps the inner loops monomorphic). */
  private column(values: ArrayLike<number>): Float64Array {
    if (values.length !== this.n)
      throw new Error(`bootstrap: ${values.length} values for a plan of ${this.n} replicates`);
    return values instanceof Float64Array ? values : Float64Array.from(values);
  }

  /** Point estimate plus the percentile interval of `statistic(b)` over the resamples b (undefined ones dropped). */
  private interval(estimate: number, statistic: (b: number) => number): Estimate {
    if (!Number.isFinite(estimate) || this.n < 2 || this.resamples < 2) return { estimate, ci95: null };
    // One buffer for every interval of the plan: a report takes thousands, and nothing keeps it.
    const stats = (this.stats ??= new Float64Array(this.resamples));
    let kept = 0;
    for (let b = 0; b < this.resamples; b++) {
      const s = statistic(b);
      if (Number.isFinite(s)) stats[kept++] = s;
    }
    if (kept < 2) return { estimate, ci95: null };
    const sorted = stats.subarray(0, kept).sort();
    return { estimate, ci95: [quantile(sorted, 0.025), quantile(sorted, 0.975)] };
  }
}
