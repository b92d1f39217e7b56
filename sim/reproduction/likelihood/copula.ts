/**
 * How an arm's continuous figures depend on each other, as a Gaussian copula: the runs' normal scores
 * (Φ⁻¹ of their mid-ranks) give a correlation matrix R, and the joint probability of the windows is the
 * product of the figures' own probabilities (marginal.ts) times the copula density at the printed values'
 * normal scores z, c(z) = |R|^(−½) exp(−½ zᵀ(R⁻¹ − I)z). This is the semi-parametric synthetic likelihood
 * of An, Nott and Drovandi (2020): each figure keeps its own shape, only the dependence is normal.
 *
 * Its Monte Carlo error has two parts: the correlations' (each run's influence on each r, summed into the
 * covariance of R's entries, times the gradient of log c in them) and the scores' (the error of each
 * figure's distribution function at its printed value, through ∂ log c/∂z = z − R⁻¹z).
 */
import { sortedCopy } from './marginal.js';
import { density, probit } from './normal.js';

export interface CopulaFit {
  readonly dimension: number;
  /** R, row-major; its inverse and log determinant. */
  readonly correlation: Float64Array;
  readonly inverse: Float64Array;
  readonly logDeterminant: number;
  /** Covariance of the estimates of R's entries above the diagonal (pairs in row order), row-major. */
  readonly entryCovariance: Float64Array;
}

/**
 * Mid-rank normal scores of one column: Φ⁻¹((rank − ½) / m), ties sharing their average rank. Ranked by a
 * copy sorted as numbers (a comparator sort of indices cost more than the rest of a class's fit); each run's
 * score is its value's, found by bisection unless `places` gives each run's (its value's first index in `sorted`,
 * see `sortedRuns`). A column with NaN, which sorts apart from its order, is ranked by comparing indices.
 */
export function normalScores(xs: Float64Array, sorted = sortedCopy(xs), places?: Int32Array): Float64Array {
  const m = xs.length;
  if (m > 0 && Number.isNaN(sorted[m - 1]!)) return scoresByOrder(xs);
  // The score of each tie group, at the group's first place in `sorted`.
  const groupScore = new Float64Array(m);
  for (let i = 0; i < m; ) {
    let j = i;
    while (j + 1 < m && sorted[j + 1] === sorted[i]) j++;
    groupScore[i] = probit(((i + j) / 2 + 0.5) / m);
    i = j + 1;
  }
  const scores = new Float64Array(m);
  if (places !== undefined) {
    for (let i = 0; i < m; i++) scores[i] = groupScore[places[i]!]!;
    return scores;
  }
  for (let i = 0; i < m; i++) {
    const x = xs[i]!;
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    scores[i] = groupScore[lo]!;
  }
  return scores;
}

/** The same by sorting indices (NaN compares as a tie, as it always has here). */
function scoresByOrder(xs: Float64Array): Float64Array {
  const m = xs.length;
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  const scores = new Float64Array(m);
  for (let i = 0; i < m; ) {
    let j = i;
    while (j + 1 < m && xs[order[j + 1]!] === xs[order[i]!]) j++;
    const score = probit(((i + j) / 2 + 0.5) / m);
    for (let k = i; k <= j; k++) scores[order[k]!] = score;
    i = j + 1;
  }
  return scores;
}

/** Lower Cholesky factor of a symmetric d × d matrix, or null when it is not positive definite. */
export function cholesky(a: Float64Array, d: number): Float64Array | null {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * d + j]!;
      for (let k = 0; k < j; k++) s -= l[i * d + k]! * l[j * d + k]!;
      if (i === j) {
        if (!(s > 1e-12)) return null;
        l[i * d + i] = Math.sqrt(s);
      } else l[i * d + j] = s / l[j * d + j]!;
    }
  }
  return l;
}

/** The inverse of a positive definite matrix from its Cholesky factor. */
function inverseFromCholesky(l: Float64Array, d: number): Float64Array {
  const inv = new Float64Array(d * d);
  const column = new Float64Array(d);
  for (let c = 0; c < d; c++) {
    // Solve L y = e_c, then Lᵀ x = y.
    for (let i = 0; i < d; i++) {
      let s = i === c ? 1 : 0;
      for (let k = 0; k < i; k++) s -= l[i * d + k]! * column[k]!;
      column[i] = s / l[i * d + i]!;
    }
    for (let i = d - 1; i >= 0; i--) {
      let s = column[i]!;
      for (let k = i + 1; k < d; k++) s -= l[k * d + i]! * inv[k * d + c]!;
      inv[i * d + c] = s / l[i * d + i]!;
    }
  }
  return inv;
}

/**
 * Fit the copula to the class's columns (one per continuous figure, equal lengths); null when R is singular.
 * `sorted`: each column's values sorted (`sortedCopy`), when the caller has them already; `places`: each run's place
 * in its column's (`sortedRuns`), where known.
 */
export function fitCopula(
  columns: readonly Float64Array[],
  sorted?: readonly Float64Array[],
  places?: readonly (Int32Array | undefined)[],
): CopulaFit | null {
  const d = columns.length;
  const m = columns[0]?.length ?? 0;
  if (d < 2 || m <= d) return null;
  // Standardised scores (ties can move the mean and spread off 0 and 1).
  const u = columns.map((xs, k) => {
    const s = normalScores(xs, sorted?.[k], places?.[k]);
    let mean = 0;
    for (let i = 0; i < m; i++) mean += s[i]!;
    mean /= m;
    let ss = 0;
    for (let i = 0; i < m; i++) ss += (s[i]! - mean) ** 2;
    const sd = Math.sqrt(ss / m);
    for (let i = 0; i < m; i++) s[i] = sd > 0 ? (s[i]! - mean) / sd : 0;
    return s;
  });
  if (u.some((s) => s.every((x) => x === 0))) return null;
  const r = new Float64Array(d * d);
  for (let f = 0; f < d; f++) {
    r[f * d + f] = 1;
    for (let g = f + 1; g < d; g++) {
      let s = 0;
      for (let i = 0; i < m; i++) s += u[f]![i]! * u[g]![i]!;
      r[f * d + g] = r[g * d + f] = s / m;
    }
  }
  const l = cholesky(r, d);
  if (l === null) return null;
  let logDeterminant = 0;
  for (let i = 0; i < d; i++) logDeterminant += 2 * Math.log(l[i * d + i]!);
  const p = (d * (d - 1)) / 2;
  const first = new Int32Array(p);
  const second = new Int32Array(p);
  for (let f = 0, k = 0; f < d; f++)
    for (let g = f + 1; g < d; g++, k++) {
      first[k] = f;
      second[k] = g;
    }
  // Influence of run i on r_fg: u_f u_g − r_fg (u_f² + u_g²) / 2.
  const entryCovariance = new Float64Array(p * p);
  const influence = new Float64Array(p);
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < p; k++) {
      const a = u[first[k]!]![i]!;
      const b = u[second[k]!]![i]!;
      influence[k] = a * b - (r[first[k]! * d + second[k]!]! * (a * a + b * b)) / 2;
    }
    // The upper triangle with the diagonal: each entry below it sums the same products in the same order.
    for (let k = 0; k < p; k++)
      for (let q = k; q < p; q++) entryCovariance[k * p + q]! += influence[k]! * influence[q]!;
  }
  for (let k = 0; k < p; k++) for (let q = k + 1; q < p; q++) entryCovariance[q * p + k] = entryCovariance[k * p + q]!;
  for (let k = 0; k < p * p; k++) entryCovariance[k]! /= m * m;
  return { dimension: d, correlation: r, inverse: inverseFromCholesky(l, d), logDeterminant, entryCovariance };
}

/**
 * log c at the printed values, whose distribution-function estimates are `cdfs` (with their variances), and
 * its Monte Carlo variance. A distribution function is kept within [½/m, 1 − ½/m], the range of the scores.
 */
export function copulaLogDensity(
  fit: CopulaFit,
  cdfs: readonly number[],
  cdfVariances: readonly number[],
  runs: number,
): { readonly log: number; readonly variance: number } {
  const d = fit.dimension;
  const edge = 0.5 / runs;
  const z = cdfs.map((c) => probit(Math.min(1 - edge, Math.max(edge, c))));
  const w = new Float64Array(d);
  for (let f = 0; f < d; f++) for (let g = 0; g < d; g++) w[f]! += fit.inverse[f * d + g]! * z[g]!;
  let quad = 0;
  for (let f = 0; f < d; f++) quad += z[f]! * (w[f]! - z[f]!);
  const log = -0.5 * fit.logDeterminant - 0.5 * quad;
  // Gradient in each entry above the diagonal (R symmetric, so both of its places): −(R⁻¹)_fg + w_f w_g.
  const gradient: number[] = [];
  for (let f = 0; f < d; f++) for (let g = f + 1; g < d; g++) gradient.push(-fit.inverse[f * d + g]! + w[f]! * w[g]!);
  const p = gradient.length;
  let variance = 0;
  for (let k = 0; k < p; k++)
    for (let q = 0; q < p; q++) variance += gradient[k]! * fit.entryCovariance[k * p + q]! * gradient[q]!;
  for (let f = 0; f < d; f++) {
    const phi = density(z[f]!);
    if (phi > 0) variance += ((z[f]! - w[f]!) ** 2 * cdfVariances[f]!) / (phi * phi);
  }
  return { log, variance };
}
