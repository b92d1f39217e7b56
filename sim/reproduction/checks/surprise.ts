/**
 * One standard for surprise: the article is called an outlier by the smallest p-value of its predictive checks
 * (likelihood/predictive.ts: the joint distance, each arm's, and each arm's given its discrete figures), and the
 * smallest of several p-values is small by chance far more often than any one of them. So the smallest is
 * corrected by the share of simulated publications under the best reading whose own smallest p-value, from the
 * same checks against the same runs, is at most the article's: the chance of a surprise that large somewhere
 * among the checks (Westfall–Young's min-p). Under the reading, the corrected p-value is uniform, so "an outlier
 * at p < 0.05" is wrong for 5 % of its own publications.
 *
 * The culprit is named by what the runs show, not by a normal approximation: the figure without which the
 * smallest check's p-value rises most (a skill count of 0–2 has no "expected 1.35"). The corrected p-value's
 * Monte Carlo error is its spread over SURPRISE_BATCHES independent batches of the runs, each calibrating itself.
 */
import { ARMS, type ArmId } from '../arms.js';
import type { FigureId } from '../figures.js';
import { continuousFigures, discreteFigures } from '../likelihood/classes/armClass.js';

/**
 * Batches behind the corrected p-value's error: more than the likelihood's five, since the outlier claim is read
 * against its error near a line, and an error from five batches is itself uncertain by a third.
 */
export const SURPRISE_BATCHES = 20;
import { cholesky } from '../likelihood/copula.js';
import { DISTANCE_FIGURES } from '../likelihood/predictive.js';
import type { FigureValues } from '../pattern.js';

/** A publication's figures: the article's printed values, or a simulated publication's. */
export type Point = (id: FigureId) => number;

/** Mahalanobis distances over some runs: D² = |L⁻¹ z|², z the point standardised by the runs' means and spreads. */
class Distances {
  private readonly means: Float64Array;
  private readonly sds: Float64Array;
  private readonly varying: number[] = [];
  private readonly l: Float64Array | null;

  constructor(
    private readonly ids: readonly FigureId[],
    cols: readonly Float64Array[],
  ) {
    const n = cols[0]?.length ?? 0;
    this.means = Float64Array.from(cols, (c) => c.reduce((s, x) => s + x, 0) / n);
    this.sds = Float64Array.from(cols, (c, k) =>
      Math.sqrt(c.reduce((s, x) => s + (x - this.means[k]!) ** 2, 0) / (n - 1)),
    );
    cols.forEach((_, k) => {
      if (this.sds[k]! > 0) this.varying.push(k);
    });
    const d = this.varying.length;
    const u = this.varying.map((k) => Float64Array.from(cols[k]!, (x) => (x - this.means[k]!) / this.sds[k]!));
    const corr = new Float64Array(d * d);
    for (let a = 0; a < d; a++)
      for (let b = a; b < d; b++) {
        let s = 0;
        for (let i = 0; i < n; i++) s += u[a]![i]! * u[b]![i]!;
        corr[a * d + b] = corr[b * d + a] = s / (n - 1);
      }
    // Figures that are exact functions of others make the matrix singular: a small ridge keeps it invertible.
    let l = cholesky(corr, d);
    for (let ridge = 1e-9; l === null && ridge < 1; ridge *= 10)
      l = cholesky(
        Float64Array.from(corr, (x, i) => (i % (d + 1) === 0 ? x + ridge : x)),
        d,
      );
    this.l = d === 0 ? null : l;
  }

  /** D² of a point (figures by position in `ids`); ∞ where a figure that never varies is off its one value. */
  of(x: ArrayLike<number>): number {
    for (let k = 0; k < this.ids.length; k++) if (!(this.sds[k]! > 0) && x[k] !== this.means[k]) return Infinity;
    const l = this.l;
    if (l === null) return 0;
    const d = this.varying.length;
    const y = new Float64Array(d);
    let sum = 0;
    for (let i = 0; i < d; i++) {
      const k = this.varying[i]!;
      let s = (x[k]! - this.means[k]!) / this.sds[k]!;
      for (let j = 0; j < i; j++) s -= l[i * d + j]! * y[j]!;
      y[i] = s / l[i * d + i]!;
      sum += y[i]! * y[i]!;
    }
    return sum;
  }
}

/** Share of `sorted` (ascending) at least `x`. */
function shareAtLeast(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length === 0 ? NaN : (sorted.length - lo) / sorted.length;
}

/** One check: its name and figures, and how to find the runs it compares a publication with. */
interface Check {
  /** "joint", an arm's id, or "arm|given" for an arm given its discrete figures. */
  readonly what: string;
  readonly arm: ArmId | null;
  readonly figures: readonly FigureId[];
  readonly conditional: boolean;
}

const distanceArms = [...new Set(DISTANCE_FIGURES.map((f) => f.arm))];

/** The checks: the joint distance, each arm's, and each arm's continuous figures given its discrete ones. */
export const CHECKS: readonly Check[] = [
  { what: 'joint', arm: null, figures: DISTANCE_FIGURES.map((f) => f.id), conditional: false },
  ...distanceArms.map((arm) => ({
    what: arm,
    arm,
    figures: DISTANCE_FIGURES.filter((f) => f.arm === arm).map((f) => f.id),
    conditional: false,
  })),
  ...distanceArms.flatMap((arm) =>
    discreteFigures(arm).some((f) => f.claim === 'equals') && continuousFigures(arm).length > 0
      ? [{ what: `${arm}|given`, arm, figures: continuousFigures(arm).map((f) => f.id), conditional: true }]
      : [],
  ),
];

/** The runs (indices) sharing a publication's discrete figures in one arm, by those figures' values. */
function groupKey(arm: ArmId, at: (id: FigureId) => number): string {
  return discreteFigures(arm)
    .filter((f) => f.claim === 'equals')
    .map((f) => at(f.id))
    .join('|');
}

/** What the checks compare publications with: the runs' distances per check, fitted once. */
export class Reference {
  private readonly n: number;
  private readonly arms: Map<ArmId, { fit: Distances; sorted: Float64Array; runs: Float64Array }>;
  private readonly joint: Float64Array;
  private readonly jointSorted: Float64Array;
  private readonly groups = new Map<
    string,
    { fit: Distances; sorted: Float64Array; runs: Map<number, number> } | null
  >();
  /** Each run's smallest p-value over the checks, sorted: the simulated publications' surprises. */
  readonly smallest: Float64Array;

  constructor(
    private readonly values: FigureValues,
    private readonly rows: Int32Array | null = null,
  ) {
    const columns = new Map<FigureId, Float64Array>();
    const column = (id: FigureId): Float64Array => {
      let c = columns.get(id);
      if (c === undefined) {
        const v = values.get(id)!;
        columns.set(id, (c = rows === null ? v : Float64Array.from(rows, (i) => v[i]!)));
      }
      return c;
    };
    this.n = column(DISTANCE_FIGURES[0]!.id).length;
    this.arms = new Map(
      distanceArms.map((arm) => {
        const ids = CHECKS.find((c) => c.what === arm)!.figures;
        const cols = ids.map(column);
        const fit = new Distances(ids, cols);
        const runs = Float64Array.from({ length: this.n }, (_, i) => fit.of(cols.map((c) => c[i]!)));
        return [arm, { fit, runs, sorted: Float64Array.from(runs).sort() }];
      }),
    );
    this.joint = new Float64Array(this.n);
    for (const { runs } of this.arms.values()) for (let i = 0; i < this.n; i++) this.joint[i]! += runs[i]!;
    const jointSorted = (this.jointSorted = Float64Array.from(this.joint).sort());
    const smallest = new Float64Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const at = (id: FigureId): number => column(id)[i]!;
      let p = shareAtLeast(jointSorted, this.joint[i]!);
      for (const [arm, a] of this.arms) {
        p = Math.min(p, shareAtLeast(a.sorted, a.runs[i]!));
        const g = this.group(arm, at);
        if (g !== null) p = Math.min(p, shareAtLeast(g.sorted, g.runs.get(i)!));
      }
      smallest[i] = p;
    }
    this.smallest = smallest.sort();
  }

  /** The runs sharing a publication's discrete figures in one arm, their distances fitted (null when too few). */
  private group(arm: ArmId, at: (id: FigureId) => number) {
    const check = CHECKS.find((c) => c.arm === arm && c.conditional);
    if (check === undefined) return null;
    const key = `${arm}:${groupKey(arm, at)}`;
    let g = this.groups.get(key);
    if (g === undefined) {
      const wanted = groupKey(arm, at);
      const members: number[] = [];
      const v = (id: FigureId, i: number): number => this.values.get(id)![this.rows === null ? i : this.rows[i]!]!;
      for (let i = 0; i < this.n; i++) if (groupKey(arm, (id) => v(id, i)) === wanted) members.push(i);
      if (members.length <= check.figures.length + 1) g = null;
      else {
        const cols = check.figures.map((id) => Float64Array.from(members, (i) => v(id, i)));
        const fit = new Distances(check.figures, cols);
        const runs = new Map(members.map((i, k) => [i, fit.of(cols.map((c) => c[k]!))]));
        g = { fit, runs, sorted: Float64Array.from(runs.values()).sort() };
      }
      this.groups.set(key, g);
    }
    return g;
  }

  /** A publication's p-value in each check (NaN where the check has too few runs to compare it with). */
  pValues(point: Point): Map<string, number> {
    const out = new Map<string, number>();
    let joint = 0;
    for (const c of CHECKS) {
      if (c.arm === null) continue;
      const x = c.figures.map(point);
      if (!c.conditional) {
        const a = this.arms.get(c.arm)!;
        const d = a.fit.of(x);
        joint += d;
        out.set(c.what, shareAtLeast(a.sorted, d));
      } else {
        const g = this.group(c.arm, point);
        out.set(c.what, g === null ? NaN : shareAtLeast(g.sorted, g.fit.of(x)));
      }
    }
    out.set('joint', shareAtLeast(this.jointSorted, joint));
    return out;
  }

  /** A publication's smallest p-value corrected: the share of the runs' smallest at most it (+1 for itself). */
  corrected(point: Point): { readonly smallest: number; readonly what: string; readonly pValue: number } {
    let smallest = Infinity;
    let what = '';
    for (const [w, p] of this.pValues(point))
      if (p < smallest) {
        smallest = p;
        what = w;
      }
    let k = 0;
    while (k < this.smallest.length && this.smallest[k]! <= smallest) k++;
    return { smallest, what, pValue: (k + 1) / (this.smallest.length + 1) };
  }
}

export interface Surprise {
  /** Checks whose smallest p-value is taken. */
  readonly checks: number;
  /** The article's smallest p-value and the check that gave it ("joint", an arm, or "arm|given"). */
  readonly smallest: { readonly what: string; readonly pValue: number };
  /** The smallest corrected for having been picked among the checks. */
  readonly pValue: number;
  /** Its Monte Carlo standard error, from independent batches of the runs. */
  readonly se: number;
  /** Simulated publications behind it. */
  readonly publications: number;
  /**
   * The figure without which the smallest check's p-value rises most, with that p-value and the figure's share of
   * runs at least as far out as the article's value (two-sided); null for the joint check of one figure.
   */
  readonly culprit: { readonly id: FigureId; readonly without: number; readonly tail: number } | null;
}

/** Two-sided share of `xs` at least as far out as x: 2 · min(P(X ≤ x), P(X ≥ x)), at most 1. */
function tail(xs: Float64Array, x: number): number {
  let le = 0;
  let ge = 0;
  for (const v of xs) {
    if (v <= x) le++;
    if (v >= x) ge++;
  }
  return Math.min(1, (2 * Math.min(le, ge)) / xs.length);
}

/** The figure of the smallest check without which its p-value rises most. */
function culpritOf(values: FigureValues, what: string, point: Point): Surprise['culprit'] {
  const check = CHECKS.find((c) => c.what === what)!;
  if (check.figures.length < 2) return null;
  const rows =
    check.conditional && check.arm !== null
      ? (() => {
          const wanted = groupKey(check.arm, point);
          const n = values.get(check.figures[0]!)!.length;
          const out: number[] = [];
          for (let i = 0; i < n; i++) if (groupKey(check.arm, (id) => values.get(id)![i]!) === wanted) out.push(i);
          return Int32Array.from(out);
        })()
      : null;
  let best: Surprise['culprit'] = null;
  for (const id of check.figures) {
    const rest = check.figures.filter((f) => f !== id);
    const cols = rest.map((f) => {
      const v = values.get(f)!;
      return rows === null ? v : Float64Array.from(rows, (i) => v[i]!);
    });
    const fit = new Distances(rest, cols);
    const m = cols[0]!.length;
    const runs = Float64Array.from({ length: m }, (_, i) => fit.of(cols.map((c) => c[i]!))).sort();
    const without = shareAtLeast(runs, fit.of(rest.map(point)));
    if (best === null || without > best.without) {
      const v = values.get(id)!;
      best = { id, without, tail: tail(rows === null ? v : Float64Array.from(rows, (i) => v[i]!), point(id)) };
    }
  }
  return best;
}

/**
 * The article's (or a publication's, `point`) smallest p-value over the checks, corrected under these runs, its
 * error from `batches` independent batches of them.
 */
export function surprise(values: FigureValues, point: Point, batches = SURPRISE_BATCHES): Surprise {
  const n = values.get(DISTANCE_FIGURES[0]!.id)!.length;
  const all = new Reference(values).corrected(point);
  const each = Array.from({ length: batches }, (_, b) => {
    const rows = Int32Array.from({ length: Math.floor((n - b - 1) / batches) + 1 }, (_, k) => b + k * batches);
    return new Reference(values, rows).corrected(point).pValue;
  });
  const mean = each.reduce((s, x) => s + x, 0) / batches;
  const se = Math.sqrt(each.reduce((s, x) => s + (x - mean) ** 2, 0) / (batches * (batches - 1)));
  return {
    checks: CHECKS.length,
    smallest: { what: all.what, pValue: all.smallest },
    pValue: all.pValue,
    se,
    publications: n,
    culprit: culpritOf(values, all.what, point),
  };
}

/** The arms a check reads, for its name in words. */
export function checkArms(what: string): readonly ArmId[] {
  const check = CHECKS.find((c) => c.what === what);
  return check?.arm === null || check === undefined ? ARMS.map((a) => a.id) : [check.arm];
}
