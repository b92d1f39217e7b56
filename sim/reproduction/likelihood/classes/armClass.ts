/**
 * An arm's *class*: the runs that reproduce all of its discrete figures (rounds, skill counts) exactly. The
 * estimator (armEstimate.ts) multiplies the class's share by the continuous figures' probability within it;
 * the checks, the bandwidths and the predictive draws read the same classes and the same split of figures.
 */
import type { ArmId } from '../../arms.js';
import { figuresOf, type Figure, type FigureId } from '../../figures.js';
import type { FigureValues } from '../../pattern.js';
import type { Target } from '../marginal.js';
import { windowOf } from '../windows.js';

/** The windows one arm's figures must land in: the published ones, or a simulated publication's. */
export type ArmTargets = ReadonlyMap<FigureId, Target>;

/** The article's windows for one arm, each with its printed value as the point. */
export function publishedTargets(arm: ArmId): ArmTargets {
  return new Map(figuresOf(arm).map((f) => [f.id, { ...windowOf(f), point: f.published }]));
}

/** Each arm's figures of each kind, listed once (smooth ones second): estimates ask for them on every call. */
const listed = new Map<ArmId, readonly [readonly Figure[], readonly Figure[]]>();
const figuresOfKind = (arm: ArmId, smooth: boolean): readonly Figure[] => {
  let kinds = listed.get(arm);
  if (kinds === undefined) {
    const own = figuresOf(arm).filter((f) => f.impliedBy === undefined);
    listed.set(arm, (kinds = [own.filter((f) => !f.smooth), own.filter((f) => f.smooth)]));
  }
  return kinds[smooth ? 1 : 0];
};

/** The runs behind an arm's figures (its first figure's column's length). */
export const runsOf = (arm: ArmId, values: FigureValues): number => {
  let first = firstFigure.get(arm);
  if (first === undefined) firstFigure.set(arm, (first = figuresOf(arm)[0]!.id));
  return values.get(first)!.length;
};
const firstFigure = new Map<ArmId, FigureId>();

/** Figures matched exactly. */
export const discreteFigures = (arm: ArmId): readonly Figure[] => figuresOfKind(arm, false);
/** Figures estimated by kernel and copula. */
export const continuousFigures = (arm: ArmId): readonly Figure[] => figuresOfKind(arm, true);

const inside = (t: Target, x: number): boolean => x >= t.lo && x < t.hi;

/** Indices of the runs that reproduce every discrete figure. */
export function classOf(arm: ArmId, values: FigureValues, targets: ArmTargets): Int32Array {
  const discrete = discreteFigures(arm);
  const columns = discrete.map((f) => values.get(f.id)!);
  const los = discrete.map((f) => targets.get(f.id)!.lo);
  const his = discrete.map((f) => targets.get(f.id)!.hi);
  const n = runsOf(arm, values);
  if (classScratch.length < n) classScratch = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    let all = true;
    for (let k = 0; k < columns.length && all; k++) {
      const x = columns[k]![i]!;
      all = x >= los[k]! && x < his[k]!;
    }
    if (all) classScratch[m++] = i;
  }
  return classScratch.slice(0, m);
}

/** Where `classOf` lists a class before copying it out at its size. */
let classScratch = new Int32Array(0);

/** One-sided 95 % upper bound on a share seen k times in n (Wilson score; k = 0 gives about 2.7/n). */
export function shareUpperBound(k: number, n: number): number {
  if (n === 0) return 1;
  const z = 1.6448536269514722;
  const p = k / n;
  const z2 = z * z;
  return Math.min(1, (p + z2 / (2 * n) + z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n));
}

/** The figures no run reproduces on its own, or all of them when each is reproduced but never together. */
export function missingDiscrete(arm: ArmId, values: FigureValues, targets: ArmTargets): FigureId[] {
  const discrete = discreteFigures(arm);
  const none = discrete.filter((f) => !values.get(f.id)!.some((x) => inside(targets.get(f.id)!, x)));
  return (none.length > 0 ? none : discrete).map((f) => f.id);
}
