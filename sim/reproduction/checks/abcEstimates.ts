/**
 * The arm's probability by two methods other than the kernel, which the test unit's cross-check (crossCheck.ts)
 * sets beside it. Both take the class of runs reproducing an arm's discrete figures, its continuous figures
 * standardised by the class's covariance.
 * - Rejection ABC with an adaptive tolerance (a k-nearest-neighbour density): the tolerance is the distance r of
 *   the k-th nearest run to the printed values, and the density there is k / (m · V_d r^d · |Σ|^½), times the
 *   windows' widths for the probability (for figures on a lattice, at least the windows' half-width, with k the
 *   runs within it). Its error is about 1/√k on the log scale (plus the discrete share's).
 * - A synthetic likelihood (Wood 2010): the continuous figures taken as multivariate normal.
 * Neither shares anything with the main estimator but the class: no kernel, no bandwidth, no copula.
 */
import type { ArmId } from '../arms.js';
import type { FigureValues } from '../pattern.js';
import {
  classOf,
  continuousFigures,
  discreteFigures,
  publishedTargets,
  type ArmTargets,
} from '../likelihood/classes/armClass.js';
import { cholesky } from '../likelihood/copula.js';
import { below, ReplicateKey } from '../../core/rng.js';

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

/** A class's continuous figures as a multivariate normal: their means, covariance and its Cholesky factor. */
interface GaussianFit {
  readonly means: readonly number[];
  readonly cov: Float64Array;
  readonly l: Float64Array;
  readonly logDet: number;
}

/** The mean and covariance of `cols`, and the covariance's Cholesky factor; null when degenerate. */
function gaussianFit(cols: readonly Float64Array[]): GaussianFit | null {
  const m = cols[0]!.length;
  const means = cols.map((c) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += c[i]!;
    return s / m;
  });
  return fitAround(cols, means);
}

/** The covariance of `cols` around `means` (their means), its Cholesky factor and log determinant. */
function fitAround(cols: readonly Float64Array[], means: readonly number[]): GaussianFit | null {
  const d = cols.length;
  const m = cols[0]!.length;
  const cov = new Float64Array(d * d);
  // Two pairs of a column at a time, each sum in the runs' order: a column's centred value is taken once for both.
  for (let a = 0; a < d; a++) {
    const ca = cols[a]!;
    const ma = means[a]!;
    for (let b = a; b < d; b += 2) {
      const cb = cols[b]!;
      const mb = means[b]!;
      let s = 0;
      if (b + 1 < d) {
        const cc = cols[b + 1]!;
        const mc = means[b + 1]!;
        let t = 0;
        for (let i = 0; i < m; i++) {
          const x = ca[i]! - ma;
          s += x * (cb[i]! - mb);
          t += x * (cc[i]! - mc);
        }
        cov[a * d + b + 1] = cov[(b + 1) * d + a] = t / (m - 1);
      } else for (let i = 0; i < m; i++) s += (ca[i]! - ma) * (cb[i]! - mb);
      cov[a * d + b] = cov[b * d + a] = s / (m - 1);
    }
  }
  const l = cholesky(cov, d);
  if (l === null) return null;
  let logDet = 0;
  for (let i = 0; i < d; i++) logDet += Math.log(l[i * d + i]!);
  return { means, cov, l, logDet };
}

/** A point whitened by a fit's mean and covariance. */
function whiten(fit: GaussianFit, x: readonly number[]): Float64Array {
  const { means, l } = fit;
  const d = means.length;
  const y = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let s = x[i]! - means[i]!;
    for (let k = 0; k < i; k++) s -= l[i * d + k]! * y[k]!;
    y[i] = s / l[i * d + i]!;
  }
  return y;
}

/** A class of runs (those reproducing an arm's discrete figures) and its continuous figures' fit. */
interface ClassRuns {
  readonly figures: ReturnType<typeof continuousFigures>;
  readonly discrete: { readonly log: number; readonly variance: number };
  /** The continuous figures of the class's runs, one column per figure. */
  readonly cols: readonly Float64Array[];
  readonly fit: GaussianFit;
}

/** A class of runs read at a publication's (or the article's) figures. */
interface ClassGeometry extends ClassRuns {
  /** The printed values, whitened by the class's mean and covariance. */
  readonly point: Float64Array;
  /** log of the product of the windows' widths: a density times it is the probability of the windows. */
  readonly logWidths: number;
}

/**
 * Each figure column's place, for the key of the classes made from it: its buffer's number, offset and length.
 * Runs joined to further runs are often fresh views of one buffer (sim/reproduction/runs/joins.ts, `joinedRuns`),
 * so a view's identity would not find them again; no reader writes into a column once it is made.
 */
const bufferIds = new WeakMap<ArrayBufferLike, number>();
let buffers = 0;
const columnId = (c: Float64Array): string => {
  let id = bufferIds.get(c.buffer);
  if (id === undefined) bufferIds.set(c.buffer, (id = ++buffers));
  return `${id}@${c.byteOffset}+${c.length}`;
};

/**
 * Classes made before, by their runs (the first continuous figure's buffer, then every column's place and the
 * discrete windows): publications judged on one bank read the same simulations' classes again and again, and what a
 * class costs — its covariance, and the synthetic likelihood's resamples — does not depend on the point it is read at.
 */
const classes = new WeakMap<ArrayBufferLike, Map<string, ClassRuns | null>>();

/** The class of an arm's runs, or null when it has no continuous figure, fewer than `least` runs, or is degenerate. */
function classRuns(arm: ArmId, values: FigureValues, targets: ArmTargets, least: number): ClassRuns | null {
  const figures = continuousFigures(arm);
  if (figures.length === 0) return null;
  const first = values.get(figures[0]!.id)!;
  const key = [
    ...figures.map((f) => columnId(values.get(f.id)!)),
    ...discreteFigures(arm).map(
      (f) => `${columnId(values.get(f.id)!)}:${targets.get(f.id)!.lo}:${targets.get(f.id)!.hi}`,
    ),
    least,
  ].join('|');
  let byKey = classes.get(first.buffer);
  if (byKey === undefined) classes.set(first.buffer, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key)!;
  const hits = classOf(arm, values, targets);
  const n = first.length;
  const m = hits.length;
  let made: ClassRuns | null = null;
  if (m >= least) {
    const cols = figures.map((f) => Float64Array.from(hits, (i) => values.get(f.id)![i]!));
    const fit = gaussianFit(cols);
    if (fit !== null) made = { figures, discrete: { log: Math.log(m / n), variance: (1 - m / n) / m }, cols, fit };
  }
  byKey.set(key, made);
  return made;
}

/** The class of an arm's runs at `targets`, or null if it has no continuous figure, too few runs, or is degenerate. */
function classGeometry(arm: ArmId, values: FigureValues, targets: ArmTargets, least: number): ClassGeometry | null {
  const c = classRuns(arm, values, targets, least);
  if (c === null) return null;
  return {
    ...c,
    point: whiten(
      c.fit,
      c.figures.map((f) => targets.get(f.id)!.point),
    ),
    logWidths: c.figures.reduce((s, f) => s + Math.log(targets.get(f.id)!.hi - targets.get(f.id)!.lo), 0),
  };
}

/** An arm's discrete share alone (no continuous figure), or null when no run reproduces it. */
function discreteOnly(arm: ArmId, values: FigureValues, targets: ArmTargets): AbcEstimate | null | undefined {
  if (continuousFigures(arm).length > 0) return undefined;
  const m = classOf(arm, values, targets).length;
  const n = values.values().next().value!.length;
  return m === 0 ? null : { log: Math.log(m / n), se: Math.sqrt((1 - m / n) / m) };
}

/**
 * The arm's log probability by rejection ABC, or null when its class is too small (fewer than 2k runs) or degenerate;
 * of the article's figures, or of a simulated publication's (`targets`).
 */
export function abcArm(arm: ArmId, values: FigureValues, targets = publishedTargets(arm)): AbcEstimate | null {
  const only = discreteOnly(arm, values, targets);
  if (only !== undefined) return only;
  const g = classGeometry(arm, values, targets, 2 * NEIGHBOURS);
  if (g === null) return null;
  const { figures, cols, point, discrete } = g;
  const cov = g.fit.cov;
  const d = figures.length;
  const m = cols[0]!.length;
  const distances = Float64Array.from({ length: m }, (_, i) => {
    const y = whiten(
      g.fit,
      cols.map((c) => c[i]!),
    );
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
  // Volume of the unit d-ball: π^(d/2) / Γ(d/2 + 1).
  const logBall = (d / 2) * Math.log(Math.PI) - logGamma(d / 2 + 1);
  const conditional = Math.log(k / m) - logBall - d * Math.log(r) - g.fit.logDet + g.logWidths;
  return { log: discrete.log + conditional, se: Math.sqrt(discrete.variance + 1 / k) };
}

/** Bootstrap resamples behind the synthetic likelihood's error. */
export const SYNTHETIC_RESAMPLES = 200;

/**
 * Each class's bootstrap resamples' fits, by the class's own fit: a class read at a point is a copy of the class
 * (`classGeometry`), and the fit is what the copies share.
 */
const resamplesOf = new WeakMap<GaussianFit, readonly (GaussianFit | null)[]>();

/** The class's bootstrap resamples' fits, from a fixed stream (the same on every run), made once per class. */
function bootstrapFits(c: ClassRuns): readonly (GaussianFit | null)[] {
  const made = resamplesOf.get(c.fit);
  if (made !== undefined) return made;
  const m = c.cols[0]!.length;
  // The stream class rather than seedrandom's closure (`generator`): the same numbers, drawn faster.
  const stream = new ReplicateKey(0, 0).stream('bootstrap');
  const pick = new Uint32Array(m);
  // One resample's columns at a time, in buffers used again for the next.
  const picked = c.cols.map(() => new Float64Array(m));
  const fits: (GaussianFit | null)[] = [];
  for (let b = 0; b < SYNTHETIC_RESAMPLES; b++) {
    for (let i = 0; i < m; i++) pick[i] = below(stream, m);
    // Each column gathered and summed in one pass: `gaussianFit`'s sums, in its order.
    const means = picked.map((out, k) => {
      const col = c.cols[k]!;
      let s = 0;
      for (let i = 0; i < m; i++) {
        const x = col[pick[i]!]!;
        out[i] = x;
        s += x;
      }
      return s / m;
    });
    fits.push(fitAround(picked, means));
  }
  resamplesOf.set(c.fit, fits);
  return fits;
}

/**
 * The arm's log probability by a synthetic likelihood (Wood 2010): the continuous figures of the class's runs
 * taken as multivariate normal, its density at the printed values times the windows' widths, times the
 * discrete share. Its error is the spread over bootstrap resamples of the class (a fixed stream, so it is
 * the same on every run). It shares the class with the main estimator, nothing else; unlike ABC it has no
 * tolerance, and unlike the kernel no bandwidth, but it assumes the shape.
 */
export function syntheticArm(arm: ArmId, values: FigureValues, targets = publishedTargets(arm)): AbcEstimate | null {
  const only = discreteOnly(arm, values, targets);
  if (only !== undefined) return only;
  const g = classGeometry(arm, values, targets, 2 * NEIGHBOURS);
  if (g === null) return null;
  const d = g.figures.length;
  const published = g.figures.map((f) => targets.get(f.id)!.point);
  const logNormal = (point: Float64Array, logDet: number): number =>
    -(d / 2) * Math.log(2 * Math.PI) - logDet - 0.5 * point.reduce((s, z) => s + z * z, 0);
  const log = logNormal(g.point, g.fit.logDet) + g.logWidths;
  let sum = 0;
  let sumSq = 0;
  let made = 0;
  for (const fit of bootstrapFits(g)) {
    if (fit === null) continue;
    const x = logNormal(whiten(fit, published), fit.logDet) + g.logWidths;
    sum += x;
    sumSq += x * x;
    made++;
  }
  const variance = made > 1 ? Math.max(0, (sumSq - (sum * sum) / made) / (made - 1)) : Infinity;
  return { log: g.discrete.log + log, se: Math.sqrt(g.discrete.variance + variance) };
}
