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
import { CentralRanges, type Claim } from '../../core/percentile.js';

export interface TrueModelInside {
  /** Expected figures inside, out of FIGURES.length. */
  readonly expected: number;
  /** Probability that every figure is inside. */
  readonly all: number;
}

/**
 * The values inside for this figure, as [lo, hi] (see `place`: an 'atLeast' claim only needs P(X ≥ x) ≥ 2.5 %,
 * so it has no lower end); null when the figure has no range, and so nothing inside.
 */
function insideBounds(values: Float64Array, claim: Claim, ranges: CentralRanges): readonly [number, number] | null {
  const range = ranges.of(values);
  if (range === null) return null;
  return [claim === 'atLeast' ? -Infinity : range[0], range[1]];
}

/** `ranges`: central ranges to reuse (readings that share a simulation share its figures' arrays). */
export function trueModelInside(values: FigureValues, ranges = new CentralRanges()): TrueModelInside {
  const bounds = new Map(FIGURES.map((f) => [f.id, insideBounds(values.get(f.id)!, f.claim, ranges)]));
  let expected = 0;
  for (const f of FIGURES) {
    const v = values.get(f.id)!;
    const b = bounds.get(f.id)!;
    let defined = 0;
    let inside = 0;
    for (let i = 0; i < v.length; i++) {
      const x = v[i]!;
      if (Number.isNaN(x)) continue;
      defined++;
      if (b !== null && x >= b[0] && x <= b[1]) inside++;
    }
    expected += defined === 0 ? 0 : inside / defined;
  }
  let all = 1;
  for (const arm of ARMS) {
    const figures = figuresOf(arm.id);
    const n = values.get(figures[0]!.id)!.length;
    // Runs with every figure inside (or undefined): struck off figure by figure.
    const every = new Uint8Array(n).fill(1);
    for (const f of figures) {
      const v = values.get(f.id)!;
      const b = bounds.get(f.id)!;
      for (let i = 0; i < n; i++) {
        const x = v[i]!;
        if (!Number.isNaN(x) && (b === null || x < b[0] || x > b[1])) every[i] = 0;
      }
    }
    let count = 0;
    for (let i = 0; i < n; i++) count += every[i]!;
    all *= n === 0 ? 0 : count / n;
  }
  return { expected, all };
}
