/**
 * Aggregate statistics over runs in the sense of Agarwal et al. (2021, "Deep reinforcement learning at the
 * edge of the statistical precipice"; the rliable library), within one world, where the score of a run is
 * its final-round mean attempts per task (fewer is better):
 *  - the performance profile: the share of runs at or below each attempt count, with a pointwise 95 %
 *    band from the stratified bootstrap (runs resampled within the group; one world is one stratum);
 *  - the probability of improvement P(X < Y) + ½ P(X = Y), for a run X of one group and a run Y of another
 *    (the Mann–Whitney statistic), with a 95 % bootstrap interval.
 * Both are read off RunDistributions, never off a list of runs.
 */
import { below, ReplicateKey, type Stream } from '../../sim/core/rng.js';
import type { Estimate } from '../../sim/core/bootstrap.js';
import { quantile } from '../../sim/core/stats.js';
import type { RunDistribution } from './runDistribution.js';

export interface ProfileStep {
  /** Attempts per task (a grid point). */
  readonly attempts: number;
  /** Share of runs at or below it. */
  readonly share: number;
  /** The bootstrap's 95 % interval for the share. */
  readonly lo: number;
  readonly hi: number;
}

/** ln k! for k = 0 … n, kept per n (a group's runs). */
const logFactorials = new Map<number, Float64Array>();

function logFactorial(n: number): Float64Array {
  let table = logFactorials.get(n);
  if (table === undefined) {
    table = new Float64Array(n + 1);
    for (let k = 2; k <= n; k++) table[k] = table[k - 1]! + Math.log(k);
    logFactorials.set(n, table);
  }
  return table;
}

/**
 * The 2.5 % and 97.5 % points of a resampled share. Resampling n runs with replacement, the number at or
 * below a value is Binomial(n, p) with p the observed share, so the bootstrap's percentile interval is that
 * binomial's quantiles: computed exactly here instead of estimated from a finite number of resamples.
 */
export function resampledShareInterval(n: number, at: number): [number, number] {
  if (at <= 0 || at >= n) return [at / n, at / n];
  const p = at / n;
  const lf = logFactorial(n);
  const [lp, lq] = [Math.log(p), Math.log1p(-p)];
  let cdf = 0;
  let lo = -1;
  for (let k = 0; k <= n; k++) {
    cdf += Math.exp(lf[n]! - lf[k]! - lf[n - k]! + k * lp + (n - k) * lq);
    if (lo < 0 && cdf >= 0.025) lo = k;
    if (cdf >= 0.975) return [lo / n, k / n];
  }
  return [lo / n, 1];
}

/** The profile as steps: one at the first value (share 0), then one at each value some run has. */
export function profileSteps(d: RunDistribution): ProfileStep[] {
  const steps: ProfileStep[] = [];
  let below = 0;
  d.counts.forEach((count, i) => {
    if (count === 0) return;
    const attempts = i * d.grid.step;
    if (steps.length === 0) steps.push({ attempts, share: 0, lo: 0, hi: 0 });
    below += count;
    const [lo, hi] = resampledShareInterval(d.runs, below);
    steps.push({ attempts, share: below / d.runs, lo, hi });
  });
  return steps;
}

/** P(a run of `a` ends below a run of `b`) + half the chance they are equal, from the two distributions. */
export function improvement(a: ArrayLike<number>, b: ArrayLike<number>, runsA: number, runsB: number): number {
  let above = runsB; // runs of b above the current point
  let wins = 0;
  for (let i = 0; i < a.length; i++) {
    const bi = b[i] ?? 0;
    above -= bi;
    wins += a[i]! * (above + bi / 2);
  }
  return wins / (runsA * runsB);
}

/** Draws resamples of a distribution's runs (with replacement), as counts on the same grid. */
class Resampler {
  private readonly cumulative: Uint32Array;
  readonly counts: Uint32Array;

  constructor(
    private readonly d: RunDistribution,
    private readonly stream: Stream,
  ) {
    this.cumulative = new Uint32Array(d.counts.length);
    this.counts = new Uint32Array(d.counts.length);
    let total = 0;
    d.counts.forEach((c, i) => (this.cumulative[i] = total += c));
  }

  /** A fresh resample into `counts`. */
  draw(): Uint32Array {
    const { cumulative, counts, d, stream } = this;
    counts.fill(0);
    for (let k = 0; k < d.runs; k++) {
      const r = below(stream, d.runs);
      let [lo, hi] = [0, cumulative.length - 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cumulative[mid]! > r) hi = mid;
        else lo = mid + 1;
      }
      counts[lo]!++;
    }
    return counts;
  }
}

/**
 * The probability of improvement of `a` over `b` with a 95 % percentile interval: each group's runs resampled
 * on their own (`resamples` times, seeded by `seed` and `key`, so each pair has its own streams). Where the two
 * groups share random numbers their runs are paired, and resampling them apart makes the interval wider than
 * a paired one would be, never narrower.
 */
export function probabilityOfImprovement(
  a: RunDistribution,
  b: RunDistribution,
  resamples: number,
  seed: number,
  key: number,
): Estimate {
  if (a.grid.step !== b.grid.step || a.runs === 0 || b.runs === 0) return { estimate: NaN, ci95: null };
  const estimate = improvement(a.counts, b.counts, a.runs, b.runs);
  if (a.runs < 2 || b.runs < 2 || resamples < 2) return { estimate, ci95: null };
  const stream = (side: number): Stream => new ReplicateKey(seed, 0).generator('bootstrap', -2, 2 * key + side);
  const [ra, rb] = [new Resampler(a, stream(0)), new Resampler(b, stream(1))];
  const draws = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) draws[r] = improvement(ra.draw(), rb.draw(), a.runs, b.runs);
  draws.sort();
  return { estimate, ci95: [quantile(draws, 0.025), quantile(draws, 0.975)] };
}
