/**
 * A cross-check of the likelihood by another method: rejection ABC with an adaptive tolerance (a k-nearest-
 * neighbour density). Among the runs reproducing an arm's discrete figures, the continuous figures are
 * standardised by the class's covariance; the tolerance is the distance r of the k-th nearest run to the
 * printed values, and the density there is k / (m · V_d r^d · |Σ|^½), times the windows' widths for the
 * probability (for figures on a lattice, at least the windows' half-width, with k the runs within it). Its
 * error is about 1/√k on the log scale (plus the discrete share's). It shares nothing with
 * the main estimator but the class: no kernel, no bandwidth, no copula.
 */
import type { ArmId } from '../arms.js';
import type { FigureValues } from '../pattern.js';
import { classOf, continuousFigures, publishedTargets } from '../likelihood/armEstimate.js';
import { cholesky } from '../likelihood/copula.js';

/** Neighbours behind the density. */
export const NEIGHBOURS = 10;

export interface AbcEstimate {
  readonly log: number;
  readonly se: number;
}

/** log Γ(x) for x > 0 (Lanczos). */
function logGamma(x: number): number {
  const g = [
    676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = 0.99999999999980993;
  for (let i = 0; i < g.length; i++) a += g[i]! / (z + i + 1);
  const t = z + g.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * The arm's log probability by rejection ABC, or null when its class is too small (fewer than 2k runs) or degenerate.
 */
export function abcArm(arm: ArmId, values: FigureValues): AbcEstimate | null {
  const targets = publishedTargets(arm);
  const hits = classOf(arm, values, targets);
  const n = values.values().next().value!.length;
  const m = hits.length;
  const figures = continuousFigures(arm);
  const d = figures.length;
  const discrete = { log: Math.log(m / n), variance: m > 0 ? (1 - m / n) / m : NaN };
  if (d === 0) return m === 0 ? null : { log: discrete.log, se: Math.sqrt(discrete.variance) };
  if (m < 2 * NEIGHBOURS) return null;
  const cols = figures.map((f) => Float64Array.from(hits, (i) => values.get(f.id)![i]!));
  const means = cols.map((c) => c.reduce((s, x) => s + x, 0) / m);
  const cov = new Float64Array(d * d);
  for (let a = 0; a < d; a++)
    for (let b = a; b < d; b++) {
      let s = 0;
      for (let i = 0; i < m; i++) s += (cols[a]![i]! - means[a]!) * (cols[b]![i]! - means[b]!);
      cov[a * d + b] = cov[b * d + a] = s / (m - 1);
    }
  const l = cholesky(cov, d);
  if (l === null) return null;
  const whiten = (x: readonly number[]): Float64Array => {
    const y = new Float64Array(d);
    for (let i = 0; i < d; i++) {
      let s = x[i]! - means[i]!;
      for (let k = 0; k < i; k++) s -= l[i * d + k]! * y[k]!;
      y[i] = s / l[i * d + i]!;
    }
    return y;
  };
  const point = whiten(figures.map((f) => f.published));
  const distances = Float64Array.from({ length: m }, (_, i) => {
    const y = whiten(cols.map((c) => c[i]!));
    let s = 0;
    for (let k = 0; k < d; k++) s += (y[k]! - point[k]!) ** 2;
    return Math.sqrt(s);
  }).sort();
  // Figures on a lattice (round means in 30ths, counts) can put k runs at distance 0: the tolerance is then at
  // least the windows' half-width (in the smallest whitened unit), and k the runs within it.
  let floor = Infinity;
  figures.forEach((f, i) => {
    const t = targets.get(f.id)!;
    floor = Math.min(floor, (t.hi - t.lo) / 2 / Math.sqrt(cov[i * d + i]!));
  });
  const r = Math.max(distances[NEIGHBOURS - 1]!, floor);
  let k = 0;
  while (k < m && distances[k]! <= r) k++;
  let logDet = 0;
  for (let i = 0; i < d; i++) logDet += Math.log(l[i * d + i]!);
  // Volume of the unit d-ball: π^(d/2) / Γ(d/2 + 1).
  const logBall = (d / 2) * Math.log(Math.PI) - logGamma(d / 2 + 1);
  const logWidths = figures.reduce((s, f) => s + Math.log(targets.get(f.id)!.hi - targets.get(f.id)!.lo), 0);
  const conditional = Math.log(k / m) - logBall - d * Math.log(r) - logDet + logWidths;
  return { log: discrete.log + conditional, se: Math.sqrt(discrete.variance + 1 / k) };
}
