import { describe, expect, it } from 'vitest';
import { centralRange, place } from '../../../sim/core/percentile.js';

/** 1, 2, …, n */
const ramp = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('place', () => {
  it('gives the mid-rank percentile on a constructed continuous distribution', () => {
    const xs = ramp(100);
    expect(place(xs, 50.5)!.percentile).toBe(50); // 50 below, none equal
    expect(place(xs, 50)!.percentile).toBe(49.5); // 49 below, one equal
    expect(place(xs, 0)!.percentile).toBe(0);
    expect(place(xs, 101)!.percentile).toBe(100);
  });

  it('excludes exactly the values in either 2.5 % tail', () => {
    const xs = ramp(200); // tails hold 5 runs each: 1…5 and 196…200
    expect(place(xs, 4.5)!.consistent).toBe(false); // P(X ≤ x) = 4/200
    expect(place(xs, 5)!.consistent).toBe(true); // P(X ≤ x) = 5/200 = 2.5 %
    expect(place(xs, 196)!.consistent).toBe(true);
    expect(place(xs, 196.5)!.consistent).toBe(false);
    expect(place(xs, 100)!.consistent).toBe(true);
  });

  it('handles ties: a value held by enough runs is never excluded', () => {
    // 0 skills in 96 % of runs, 2 skills in 4 %
    const xs = [...Array<number>(960).fill(0), ...Array<number>(40).fill(2)];
    const two = place(xs, 2)!;
    expect(two.percentile).toBeCloseTo(98, 10);
    expect(two.above).toBeCloseTo(0.04, 12);
    expect(two.consistent).toBe(true);
    expect(place(xs, 1)!.consistent).toBe(true); // between two values held by many runs
    // 2 skills in 2 % only: outside
    const rare = [...Array<number>(980).fill(0), ...Array<number>(20).fill(2)];
    expect(place(rare, 2)!.consistent).toBe(false);
    expect(place(rare, 3)!.percentile).toBe(100);
  });

  it('reads an "at least" claim one-sided', () => {
    const xs = [...Array<number>(970).fill(1), ...Array<number>(30).fill(3)];
    expect(place(xs, 3, 'atLeast')!.consistent).toBe(true); // 3 % of runs reach 3
    expect(place(xs, 4, 'atLeast')!.consistent).toBe(false);
    expect(place(xs, 0, 'atLeast')!.consistent).toBe(true);
    expect(place(xs, 0, 'equals')!.consistent).toBe(false);
  });

  it('ignores NaN and returns null without results', () => {
    expect(place([NaN, NaN], 1)).toBeNull();
    expect(place([NaN, 1, 3], 2)!.percentile).toBe(50);
  });
});

describe('centralRange', () => {
  it('is the range whose members place() calls consistent', () => {
    const xs = ramp(200);
    expect(centralRange(xs)).toEqual([5, 196]);
    const skewed = [...Array<number>(960).fill(0), ...Array<number>(40).fill(2)];
    expect(centralRange(skewed)).toEqual([0, 2]);
    for (const data of [xs, skewed, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]]) {
      const [lo, hi] = centralRange(data)!;
      for (let x = -1; x <= 201; x += 0.5) expect(place(data, x)!.consistent).toBe(x >= lo && x <= hi);
    }
  });

  it('is null without results', () => {
    expect(centralRange([])).toBeNull();
  });
});
