/**
 * What "figures inside the single-run 95 % range" would show if a reading were the truth: the expected
 * count, Σ over figures of P(a fresh run lies inside), and the probability that all of them are inside.
 * For a continuous figure P(inside) is 0.95; a discrete one can cover far more (a range [0, 2] skills holds
 * nearly every run), so 19/19 is not evidence the way it looks. The arms are separate runs, so the
 * probability of all inside is the product of each arm's share of runs with every figure inside. A figure
 * undefined in a run (the refutation rate without tests) neither counts for nor against it.
 */
import { ARMS } from '../arms.js';
import { FIGURES, figuresOf } from '../figures.js';
import type { FigureValues } from '../pattern.js';
import { CentralRanges } from '../../core/percentile.js';

export interface TrueModelInside {
  /** Expected figures inside, out of FIGURES.length. */
  readonly expected: number;
  /** Probability that every figure is inside. */
  readonly all: number;
}

/** Whether x would count as inside for this figure (see `place`: an 'atLeast' claim only needs P(X ≥ x) ≥ 2.5 %). */
function insideTest(values: Float64Array, claim: 'equals' | 'atLeast', ranges: CentralRanges): (x: number) => boolean {
  const range = ranges.of(values);
  if (range === null) return () => false;
  const [lo, hi] = range;
  return claim === 'atLeast' ? (x) => x <= hi : (x) => x >= lo && x <= hi;
}

/** `ranges`: central ranges to reuse (readings that share a simulation share its figures' arrays). */
export function trueModelInside(values: FigureValues, ranges = new CentralRanges()): TrueModelInside {
  const tests = new Map(FIGURES.map((f) => [f.id, insideTest(values.get(f.id)!, f.claim, ranges)]));
  let expected = 0;
  for (const f of FIGURES) {
    const v = values.get(f.id)!;
    let defined = 0;
    let inside = 0;
    for (const x of v) {
      if (Number.isNaN(x)) continue;
      defined++;
      if (tests.get(f.id)!(x)) inside++;
    }
    expected += defined === 0 ? 0 : inside / defined;
  }
  let all = 1;
  for (const arm of ARMS) {
    const figures = figuresOf(arm.id);
    const n = values.get(figures[0]!.id)!.length;
    let every = 0;
    for (let i = 0; i < n; i++) {
      if (figures.every((f) => {
        const x = values.get(f.id)![i]!;
        return Number.isNaN(x) || tests.get(f.id)!(x);
      })) every++;
    }
    all *= n === 0 ? 0 : every / n;
  }
  return { expected, all };
}
