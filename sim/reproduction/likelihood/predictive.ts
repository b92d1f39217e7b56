/**
 * A posterior predictive check of the publication under one reading, respecting how its figures move
 * together. Within an arm the figures come from one run and correlate (a late first skill means fewer
 * tests), so the distance of a publication from what the reading expects is Mahalanobis's,
 * D² = (x − μ)ᵀ Σ⁻¹ (x − μ), with the mean and covariance of the arm's figures over the reading's runs; the
 * arms are separate runs, so a publication's distance is the sum of its arms'. Reported:
 *
 *  - joint: how often a simulated publication (run i of every arm) lies at least as far as the article;
 *  - per arm: the same for each arm's figures alone;
 *  - conditional: for an arm with discrete figures, its continuous figures among the runs that reproduce
 *    the discrete ones (e.g. the tests given the first-skill round and the skill count), as a distance and
 *    figure by figure (the two-sided share of those runs at least as far out).
 *
 * Each distance names the figure most out of line given the others (the largest |conditional z|,
 * (Σ⁻¹(x − μ))_f / √(Σ⁻¹)_ff). Left out: figures implied by others (the refutation rate) and claims that are
 * bounds rather than values ("at least 3 skills"); a figure that never varies adds nothing if the article
 * shares its value and makes the distance infinite if not.
 */
import { findArm, type ArmId } from '../arms.js';
import { FIGURES, type FigureId } from '../figures.js';
import type { FigureValues } from '../pattern.js';
import { classOf, continuousFigures, discreteFigures, publishedTargets } from './classes/armClass.js';
import { cholesky } from './copula.js';

export interface Distance {
  readonly figures: readonly FigureId[];
  /** The article's D². */
  readonly distance: number;
  /** Runs (simulated publications) behind the p-value. */
  readonly replicates: number;
  /** Share of them at least as far as the article. */
  readonly pValue: number;
  /**
   * The figure most out of line given the others, among those on a continuous scale: its published value, what the
   * others lead one to expect, its conditional z. A narrow count (skills, 0–2; a round, 1–5) is left out: the
   * normal model behind z would expect it at values it cannot take (1.35 skills) and call its own values extreme;
   * the outlier's culprit (checks/surprise.ts) names such a figure by its runs instead. Null when none is.
   */
  readonly worst: {
    readonly id: FigureId;
    readonly published: number;
    readonly expected: number;
    readonly z: number;
  } | null;
}

export interface FigureTail {
  readonly id: FigureId;
  readonly published: number;
  /** Two-sided share of the class runs at least as far out as the published value. */
  readonly pValue: number;
  /** Share of the class runs below the published value. */
  readonly below: number;
}

export interface ConditionalCheck {
  readonly arm: ArmId;
  /** The discrete figures conditioned on, and how many runs reproduce them. */
  readonly given: readonly FigureId[];
  readonly runs: number;
  readonly distance: Distance | null;
  readonly figures: readonly FigureTail[];
}

export interface PredictiveCheck {
  readonly joint: Distance;
  readonly arms: readonly (Distance & { readonly arm: ArmId })[];
  readonly conditional: readonly ConditionalCheck[];
}

/** Figures a distance reads. */
export const DISTANCE_FIGURES = FIGURES.filter((f) => f.impliedBy === undefined && f.claim === 'equals');

interface Fitted {
  readonly figures: FigureId[];
  /** Each run's D², and the article's. */
  readonly runs: Float64Array;
  readonly article: number;
  readonly worst: Distance['worst'];
}

/** D² of every run and of the published point, for the columns `ids` (runs selected by `rows`, all if null). */
function fitDistance(values: FigureValues, ids: readonly FigureId[], rows: Int32Array | null): Fitted {
  const published = (id: FigureId): number => FIGURES.find((f) => f.id === id)!.published;
  const cols = ids.map((id) => {
    const v = values.get(id)!;
    return rows === null ? v : Float64Array.from(rows, (i) => v[i]!);
  });
  const n = cols[0]?.length ?? 0;
  const means = cols.map((c) => c.reduce((s, x) => s + x, 0) / n);
  const sds = cols.map((c, k) => Math.sqrt(c.reduce((s, x) => s + (x - means[k]!) ** 2, 0) / (n - 1)));
  const runs = new Float64Array(n);
  let article = 0;
  // A figure that never varies: its runs all agree, the article either does too or is infinitely far.
  const varying: number[] = [];
  ids.forEach((id, k) => {
    if (sds[k]! > 0) varying.push(k);
    else if (published(id) !== means[k]!) article = Infinity;
  });
  const d = varying.length;
  const corr = new Float64Array(d * d);
  const u = varying.map((k) => Float64Array.from(cols[k]!, (x) => (x - means[k]!) / sds[k]!));
  for (let a = 0; a < d; a++)
    for (let b = a; b < d; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += u[a]![i]! * u[b]![i]!;
      corr[a * d + b] = corr[b * d + a] = s / (n - 1);
    }
  // Figures that are exact functions of others make Σ singular: a small ridge keeps the distance finite.
  let l = cholesky(corr, d);
  for (let ridge = 1e-9; l === null && ridge < 1; ridge *= 10) {
    const r = Float64Array.from(corr, (x, i) => (i % (d + 1) === 0 ? x + ridge : x));
    l = cholesky(r, d);
  }
  if (l === null || d === 0) return { figures: [...ids], runs, article, worst: null };
  const solve = (z: Float64Array): Float64Array => {
    const y = new Float64Array(d);
    for (let i = 0; i < d; i++) {
      let s = z[i]!;
      for (let k = 0; k < i; k++) s -= l![i * d + k]! * y[k]!;
      y[i] = s / l![i * d + i]!;
    }
    return y;
  };
  const z = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) z[a] = u[a]![i]!;
    runs[i] = solve(z).reduce((s, x) => s + x * x, 0);
  }
  const x = Float64Array.from(varying, (k) => (published(ids[k]!) - means[k]!) / sds[k]!);
  const y = solve(x);
  article += y.reduce((s, v) => s + v * v, 0);
  // Σ⁻¹x = L⁻ᵀ y, and (Σ⁻¹)_ff = Σ_k (L⁻¹)_kf², column by column.
  const precisionX = new Float64Array(d);
  for (let i = d - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < d; k++) s -= l[k * d + i]! * precisionX[k]!;
    precisionX[i] = s / l[i * d + i]!;
  }
  let worst: Distance['worst'] = null;
  for (let a = 0; a < d; a++) {
    if (!FIGURES.find((f) => f.id === ids[varying[a]!]!)!.smooth) continue;
    const e = new Float64Array(d);
    e[a] = 1;
    const col = solve(e);
    const diag = col.reduce((s, v) => s + v * v, 0);
    const zc = precisionX[a]! / Math.sqrt(diag);
    const k = varying[a]!;
    if (worst === null || Math.abs(zc) > Math.abs(worst.z))
      worst = {
        id: ids[k]!,
        published: published(ids[k]!),
        // E[x_f | the others] = x_f − sd_f · (Σ⁻¹x̃)_f / (Σ⁻¹)_ff, x̃ the standardised point.
        expected: published(ids[k]!) - (sds[k]! * precisionX[a]!) / diag,
        z: zc,
      };
  }
  return { figures: [...ids], runs, article, worst };
}

function distanceOf(f: Fitted): Distance {
  const n = f.runs.length;
  let farther = 0;
  for (let i = 0; i < n; i++) if (f.runs[i]! >= f.article) farther++;
  return {
    figures: f.figures,
    distance: f.article,
    replicates: n,
    pValue: n === 0 ? NaN : farther / n,
    worst: f.worst,
  };
}

/** Two-sided tail share of `xs` at least as far out as x: 2 · min(P(X ≤ x), P(X ≥ x)), at most 1. */
export function twoSidedTail(xs: ArrayLike<number>, x: number): { pValue: number; below: number } {
  let le = 0;
  let ge = 0;
  let lt = 0;
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i]!;
    if (v <= x) le++;
    if (v >= x) ge++;
    if (v < x) lt++;
  }
  const n = xs.length;
  return { pValue: n === 0 ? NaN : Math.min(1, (2 * Math.min(le, ge)) / n), below: n === 0 ? NaN : lt / n };
}

/** Replicate i of every arm is one simulated publication; the arms must come from separate random numbers. */
export function predictiveCheck(values: FigureValues): PredictiveCheck {
  const armsRead = [...new Set(DISTANCE_FIGURES.map((f) => f.arm))];
  const fitted = armsRead.map((arm) => ({
    arm,
    fit: fitDistance(
      values,
      DISTANCE_FIGURES.filter((f) => f.arm === arm).map((f) => f.id),
      null,
    ),
  }));
  const n = fitted[0]?.fit.runs.length ?? 0;
  const jointRuns = new Float64Array(n);
  let article = 0;
  for (const { fit } of fitted) {
    article += fit.article;
    for (let i = 0; i < n; i++) jointRuns[i]! += fit.runs[i]!;
  }
  const worstOf = fitted.map(({ fit }) => fit.worst).filter((w) => w !== null);
  const jointWorst = worstOf.reduce<Distance['worst']>(
    (b, w) => (b === null || Math.abs(w!.z) > Math.abs(b.z) ? w : b),
    null,
  );
  const joint = distanceOf({
    figures: DISTANCE_FIGURES.map((f) => f.id),
    runs: jointRuns,
    article,
    worst: jointWorst,
  });
  const conditional = armsRead.flatMap((arm): ConditionalCheck[] => {
    const given = discreteFigures(arm).filter((f) => f.claim === 'equals');
    const continuous = continuousFigures(arm);
    if (given.length === 0 || continuous.length === 0) return [];
    const rows = classOf(arm, values, publishedTargets(arm));
    const figures = continuous.map((f) => {
      const v = values.get(f.id)!;
      const tail = twoSidedTail(
        Float64Array.from(rows, (i) => v[i]!),
        f.published,
      );
      return { id: f.id, published: f.published, ...tail };
    });
    const distance =
      rows.length > continuous.length + 1
        ? distanceOf(
            fitDistance(
              values,
              continuous.map((f) => f.id),
              rows,
            ),
          )
        : null;
    return [{ arm, given: given.map((f) => f.id), runs: rows.length, distance, figures }];
  });
  return {
    joint,
    arms: fitted.map(({ arm, fit }) => ({ arm, ...distanceOf(fit) })),
    conditional,
  };
}

/**
 * Every p-value the check reports for the "no outlier" claim, with what it checks in words: joint, per arm, conditional
 * distances.
 */
export function checkPValues(
  c: PredictiveCheck,
): { readonly what: string; readonly pValue: number; readonly worst: Distance['worst'] }[] {
  return [
    { what: 'joint', pValue: c.joint.pValue, worst: c.joint.worst },
    ...c.arms.map((a) => ({ what: `its ${findArm(a.arm).label} arm`, pValue: a.pValue, worst: a.worst })),
    ...c.conditional.flatMap((k) =>
      k.distance === null
        ? []
        : [
            {
              what: `its ${findArm(k.arm).label} arm given the arm's discrete figures`,
              pValue: k.distance.pValue,
              worst: k.distance.worst,
            },
          ],
    ),
  ];
}
