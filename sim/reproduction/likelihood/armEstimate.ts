/**
 * The probability that one run of an arm reproduces all of that arm's published figures jointly, to the
 * precision the article printed, estimated from single runs two ways:
 *
 *  - exact: the share of runs in which every figure lands in its printed window (windows.ts), with its
 *    binomial standard error; with no such run, an upper bound instead (one-sided 95 %: 1 − 0.05^(1/n)).
 *  - smoothed: each run's figures blurred by a Gaussian product kernel before the windows are applied, i.e.
 *    the mean over runs of Π P(x + h·Z in the window) for the attempts, tests and refutations, and the plain
 *    indicator for rounds and skill counts. Bandwidths follow Scott's rule, h = σ · n^(−1/(d+4)) with σ the
 *    figure's spread over this arm's runs (min(sd, IQR/1.349)) and d the number of smoothed figures, so
 *    as runs grow the kernel narrows onto the exact windows. It estimates the same probability with a bias
 *    of order h², and it is usable where the exact count is zero.
 *
 * Figures implied by others (the refutation rate, a ratio of two counts already matched) add nothing to
 * the smoothed product. Per-run contributions are kept so differences between readings that share random
 * numbers get their paired Monte Carlo error (see posterior.ts).
 */
import type { ArmId } from '../arms.js';
import { quantile, sampleSd } from '../../core/stats.js';
import { figuresOf, type FigureId } from '../figures.js';
import type { FigureValues } from '../pattern.js';
import { normalMass } from './normal.js';
import { inWindow, windowOf } from './windows.js';

export interface ProbabilityEstimate {
  /** The estimate; 0 when no run contributes. */
  readonly p: number;
  /** Its Monte Carlo standard error (0 for a closed form). */
  readonly se: number;
  /** With p = 0: a one-sided 95 % upper bound; otherwise null. */
  readonly upper: number | null;
}

export interface ArmEstimate {
  readonly arm: ArmId;
  /** Runs behind the estimates (0 for a closed form). */
  readonly n: number;
  /** Runs that reproduce every figure of the arm to the printed precision. */
  readonly hits: number;
  readonly exact: ProbabilityEstimate;
  readonly smoothed: ProbabilityEstimate;
  /** Per-run contributions (0/1, kernel weight); null for a closed form, which has no Monte Carlo error. */
  readonly exactWeights: Float64Array | null;
  readonly smoothedWeights: Float64Array | null;
  /** Bandwidth per smoothed figure; 0 when the figure did not vary (then it is matched exactly). */
  readonly bandwidths: ReadonlyMap<FigureId, number>;
  /** The figure fewest runs reproduce on its own: what makes the arm rare. */
  readonly rarest: FigureId | null;
}

/** One-sided 95 % upper bound on a probability never observed in n trials (Clopper–Pearson). */
export function zeroHitUpperBound(n: number): number {
  return n === 0 ? 1 : 1 - 0.05 ** (1 / n);
}

function estimateOf(weights: Float64Array): ProbabilityEstimate {
  const n = weights.length;
  let sum = 0;
  let sum2 = 0;
  for (let i = 0; i < n; i++) {
    sum += weights[i]!;
    sum2 += weights[i]! * weights[i]!;
  }
  const p = n === 0 ? 0 : sum / n;
  const variance = n < 2 ? NaN : Math.max(0, (sum2 - n * p * p) / (n - 1));
  return { p, se: Math.sqrt(variance / n), upper: p === 0 ? zeroHitUpperBound(n) : null };
}

/** A robust spread: min(sd, IQR/1.349), the sd alone when the quartiles coincide. */
export function spread(xs: Float64Array): number {
  const finite = Array.from(xs)
    .filter((x) => Number.isFinite(x))
    .sort((a, b) => a - b);
  const n = finite.length;
  if (n < 2) return 0;
  const sd = sampleSd(finite);
  const iqr = (quantile(finite, 0.75) - quantile(finite, 0.25)) / 1.349;
  return iqr > 0 ? Math.min(sd, iqr) : sd;
}

/** Estimate one arm's joint probability from its runs (`values` holds at least the arm's figures). */
export function estimateArm(arm: ArmId, values: FigureValues): ArmEstimate {
  const figures = figuresOf(arm).map((f) => ({ f, w: windowOf(f), v: values.get(f.id)! }));
  const n = figures[0]?.v.length ?? 0;
  const kernelled = figures.filter(({ f }) => f.smooth && f.impliedBy === undefined);
  const spreads = new Map(kernelled.map(({ f, v }) => [f.id, spread(v)]));
  const d = [...spreads.values()].filter((s) => s > 0).length;
  const shrink = n > 0 ? n ** (-1 / (d + 4)) : 0;
  const bandwidths = new Map([...spreads].map(([id, s]) => [id, s * shrink]));

  const exactWeights = new Float64Array(n);
  const smoothedWeights = new Float64Array(n);
  const marginal = new Map(figures.map(({ f }) => [f.id, 0]));
  for (let i = 0; i < n; i++) {
    let all = true;
    let weight = 1;
    for (const { f, w, v } of figures) {
      const x = v[i]!;
      const inside = inWindow(w, x);
      if (inside) marginal.set(f.id, marginal.get(f.id)! + 1);
      else all = false;
      if (f.impliedBy !== undefined || weight === 0) continue;
      const h = bandwidths.get(f.id) ?? 0;
      weight *= h > 0 && Number.isFinite(x) ? normalMass((w.lo - x) / h, (w.hi - x) / h) : inside ? 1 : 0;
    }
    exactWeights[i] = all ? 1 : 0;
    smoothedWeights[i] = weight;
  }
  const hits = exactWeights.reduce((s, x) => s + x, 0);
  let rarest: FigureId | null = null;
  for (const [id, count] of marginal) if (rarest === null || count < marginal.get(rarest)!) rarest = id;
  return {
    arm,
    n,
    hits,
    exact: estimateOf(exactWeights),
    smoothed: estimateOf(smoothedWeights),
    exactWeights,
    smoothedWeights,
    bandwidths,
    rarest,
  };
}

/** An arm whose joint probability is known exactly (no Monte Carlo error, the same under every reading). */
export function closedFormArm(arm: ArmId, p: number): ArmEstimate {
  const exact: ProbabilityEstimate = { p, se: 0, upper: null };
  return {
    arm,
    n: 0,
    hits: 0,
    exact,
    smoothed: exact,
    exactWeights: null,
    smoothedWeights: null,
    bandwidths: new Map(),
    rarest: null,
  };
}
