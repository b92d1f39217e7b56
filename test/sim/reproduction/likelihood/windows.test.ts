import { describe, expect, it } from 'vitest';
import { FIGURES, findFigure } from '../../../../sim/reproduction/figures.js';
import { inWindow, windowOf } from '../../../../sim/reproduction/likelihood/windows.js';

describe('printed windows', () => {
  it('a run reproduces a figure when it rounds to what the article printed', () => {
    const w = (id: Parameters<typeof findFigure>[0]): [number, number] => {
      const x = windowOf(findFigure(id));
      return [x.lo, x.hi];
    };
    expect(w('exploit.final')[0]).toBeCloseTo(4.15, 12);
    expect(w('exploit.final')[1]).toBeCloseTo(4.25, 12);
    expect(w('explore.final')[0]).toBeCloseTo(9.95, 12); // "10.0": one decimal, though the number is 10
    expect(w('exploit.skills')).toEqual([1.5, 2.5]);
    expect(w('exploit.tests')).toEqual([972.5, 973.5]);
    expect(w('exploit.refutationRate')[0]).toBeCloseTo(0.01945, 12);
    expect(w('threshold75.skills')).toEqual([3, Infinity]);
    for (const f of FIGURES) expect(inWindow(windowOf(f), f.published), f.id).toBe(true);
    expect(inWindow(windowOf(findFigure('exploit.final')), 126 / 30)).toBe(true);
    expect(inWindow(windowOf(findFigure('exploit.final')), 128 / 30)).toBe(false);
    expect(inWindow(windowOf(findFigure('exploit.final')), NaN)).toBe(false);
  });

  it("the article's own numbers agree: 19 refutations of 973 tests print as 1.95 %", () => {
    expect(inWindow(windowOf(findFigure('exploit.refutationRate')), 19 / 973)).toBe(true);
  });
});
