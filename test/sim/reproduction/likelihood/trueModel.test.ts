import { describe, expect, it } from 'vitest';
import { FIGURES, type FigureId } from '../../../../sim/reproduction/figures.js';
import { trueModelInside } from '../../../../sim/reproduction/likelihood/trueModel.js';

describe('figures inside under a true model', () => {
  it('continuous figures are inside 95 % of the time; the arms are separate runs, so all-inside is a product', () => {
    const n = 4000;
    // Distinct values, the same order in every figure: within an arm the figures move together.
    const values = new Map<FigureId, Float64Array>(
      FIGURES.map((f) => [f.id, Float64Array.from({ length: n }, (_, i) => i + 0.5)]),
    );
    const t = trueModelInside(values);
    // The central range keeps all but 99 runs in each tail (ceil(2.5 % of n) = 100 runs reach each end).
    const twoTailed = (n - 2 * 99) / n;
    const oneTailed = (n - 99) / n; // "at least 3" is only refuted from above
    expect(t.expected).toBeCloseTo((FIGURES.length - 1) * twoTailed + oneTailed, 12);
    expect(t.all).toBeCloseTo(twoTailed ** 5 * oneTailed, 12);
  });

  it('a discrete figure that covers every run is always inside', () => {
    const n = 1000;
    const values = new Map<FigureId, Float64Array>(
      FIGURES.map((f) => [f.id, Float64Array.from({ length: n }, (_, i) => i % 3)]),
    );
    const t = trueModelInside(values);
    expect(t.expected).toBeCloseTo(FIGURES.length, 12);
    expect(t.all).toBe(1);
  });
});
