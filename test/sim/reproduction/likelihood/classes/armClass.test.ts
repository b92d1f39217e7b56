import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../../sim/core/rng.js';
import { figuresOf, type FigureId } from '../../../../../sim/reproduction/figures.js';
import {
  classOf,
  continuousFigures,
  discreteFigures,
  missingDiscrete,
  publishedTargets,
  runsOf,
  shareUpperBound,
} from '../../../../../sim/reproduction/likelihood/classes/armClass.js';

const targets = publishedTargets('exploit');
const discrete = discreteFigures('exploit');

/** n runs of the exploitation arm's figures, each drawn uniformly around its window (ties in the discrete ones). */
function runs(n: number, seed: number): Map<FigureId, Float64Array> {
  const stream = new ReplicateKey(seed, 0).stream('world');
  return new Map(
    figuresOf('exploit').map((f) => {
      const t = targets.get(f.id)!;
      const width = Math.max(1, t.hi - t.lo);
      const xs = Float64Array.from({ length: n }, () => {
        const x = t.lo - width + 3 * width * stream.quick();
        return f.smooth ? x : Math.floor(x);
      });
      return [f.id, xs];
    }),
  );
}

describe("an arm's class: the runs reproducing every discrete figure", () => {
  it('splits the figures implied by none into exact and smoothed ones', () => {
    const own = figuresOf('exploit').filter((f) => f.impliedBy === undefined);
    expect([...discrete, ...continuousFigures('exploit')].map((f) => f.id).sort()).toEqual(own.map((f) => f.id).sort());
    expect(discrete.length).toBeGreaterThanOrEqual(2);
    expect(discrete.every((f) => !f.smooth)).toBe(true);
    expect(continuousFigures('exploit').every((f) => f.smooth)).toBe(true);
  });

  it('lists, in ascending order, exactly the runs whose discrete figures all land in their windows', () => {
    const values = runs(3000, 5);
    const hits = classOf('exploit', values, targets);
    const expected: number[] = [];
    for (let i = 0; i < runsOf('exploit', values); i++)
      if (
        discrete.every(
          (f) => values.get(f.id)![i]! >= targets.get(f.id)!.lo && values.get(f.id)![i]! < targets.get(f.id)!.hi,
        )
      )
        expected.push(i);
    expect(expected.length).toBeGreaterThan(0);
    expect([...hits]).toEqual(expected);
    // A second class does not overwrite the first (both are copied out of one scratch buffer).
    const other = classOf('exploit', runs(3000, 6), targets);
    expect([...hits]).toEqual(expected);
    expect([...other]).not.toEqual(expected);
  });

  it('names the discrete figures no run reproduces, or all of them when each is reproduced but never together', () => {
    const [a, b] = discrete;
    const values = runs(100, 7);
    const aIn = targets.get(a!.id)!.lo;
    const bIn = targets.get(b!.id)!.lo;
    const bOut = targets.get(b!.id)!.hi + 5;
    // a reproduced in every run, b in none.
    values.set(
      a!.id,
      values.get(a!.id)!.map(() => aIn),
    );
    values.set(
      b!.id,
      values.get(b!.id)!.map(() => bOut),
    );
    expect(missingDiscrete('exploit', values, targets)).toEqual([b!.id]);
    // Each reproduced, in alternate runs only.
    values.set(
      b!.id,
      values.get(b!.id)!.map((_, i) => (i % 2 === 0 ? bIn : bOut)),
    );
    values.set(
      a!.id,
      values.get(a!.id)!.map((_, i) => (i % 2 === 1 ? aIn : targets.get(a!.id)!.hi + 5)),
    );
    expect(classOf('exploit', values, targets)).toHaveLength(0);
    expect(missingDiscrete('exploit', values, targets)).toEqual(discrete.map((f) => f.id));
  });

  it('bounds a share seen k times in n from above by the Wilson score (exactly z²/(n + z²) for none)', () => {
    const z2 = 1.6448536269514722 ** 2;
    for (const n of [1, 10, 400, 10_000]) expect(shareUpperBound(0, n)).toBeCloseTo(z2 / (n + z2), 15);
    for (const [k, n] of [
      [1, 10],
      [40, 400],
      [9_990, 10_000],
    ] as const) {
      expect(shareUpperBound(k, n)).toBeGreaterThan(k / n);
      expect(shareUpperBound(k, n)).toBeLessThanOrEqual(1);
    }
    expect(shareUpperBound(5, 5)).toBeCloseTo(1, 15); // 1 up to rounding
    expect(shareUpperBound(0, 0)).toBe(1);
  });
});
