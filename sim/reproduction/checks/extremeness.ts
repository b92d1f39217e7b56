/**
 * How extreme the article's most extreme figure is, allowing for having picked it out of many. Each figure's
 * two-sided tail (2 · min(P(X ≤ x), P(X ≥ x)) over the reading's single runs) is smallest for one of them;
 * among simulated publications (run i of every arm), the share whose own smallest tail is at most t is the
 * chance of seeing a figure that extreme somewhere, i.e. the corrected p-value of a figure with tail t.
 * Without the correction a 7th-percentile figure reads as luck, though most publications show one.
 */
import type { FigureId } from '../figures.js';
import { DISTANCE_FIGURES, twoSidedTail } from '../likelihood/predictive.js';
import type { FigureValues } from '../pattern.js';

export interface Extremeness {
  /** Figures compared. */
  readonly figures: number;
  /** Each figure's two-sided tail for its published value. */
  readonly tails: ReadonlyMap<FigureId, number>;
  /** Each figure's published value's percentile among the runs (mid-rank: ties count half). */
  readonly percentiles: ReadonlyMap<FigureId, number>;
  /** The article's most extreme figure and its tail. */
  readonly most: { readonly id: FigureId; readonly tail: number };
  /** Simulated publications' smallest tails, sorted. */
  readonly smallest: Float64Array;
}

/** The share of simulated publications with a figure at least as extreme as tail t. */
export function correctedTail(e: Extremeness, tail: number): number {
  const s = e.smallest;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s[mid]! <= tail) lo = mid + 1;
    else hi = mid;
  }
  return s.length === 0 ? NaN : lo / s.length;
}

/** Each run's tail in one figure, by sorting the figure's runs once. */
function runTails(xs: Float64Array): Float64Array {
  const sorted = Float64Array.from(xs).sort();
  const n = sorted.length;
  const count = (x: number, strict: boolean): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (strict ? sorted[mid]! < x : sorted[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return Float64Array.from(xs, (x) => Math.min(1, (2 * Math.min(count(x, false), n - count(x, true))) / n));
}

export function extremeness(values: FigureValues): Extremeness {
  const tails = new Map(DISTANCE_FIGURES.map((f) => [f.id, twoSidedTail(values.get(f.id)!, f.published).pValue]));
  let most: Extremeness['most'] = { id: DISTANCE_FIGURES[0]!.id, tail: Infinity };
  for (const [id, tail] of tails) if (tail < most.tail) most = { id, tail };
  const n = values.get(DISTANCE_FIGURES[0]!.id)!.length;
  const smallest = new Float64Array(n).fill(1);
  for (const f of DISTANCE_FIGURES) {
    const t = runTails(values.get(f.id)!);
    for (let i = 0; i < n; i++) if (t[i]! < smallest[i]!) smallest[i] = t[i]!;
  }
  const percentiles = new Map(
    DISTANCE_FIGURES.map((f) => {
      const xs = values.get(f.id)!;
      let below = 0;
      let tied = 0;
      for (const x of xs) {
        if (x < f.published) below++;
        else if (x === f.published) tied++;
      }
      return [f.id, (100 * (below + tied / 2)) / xs.length];
    }),
  );
  return { figures: DISTANCE_FIGURES.length, tails, percentiles, most, smallest: smallest.sort() };
}
