import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanInterval, orderStatistic, sampleSd, t975 } from '../../../sim/core/stats.js';

describe('stats', () => {
  it('gives the sample standard deviation and the t-interval of known data', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32, so sd = √(32/7).
    const xs = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(sampleSd(xs)).toBe(Math.sqrt(32 / 7));
    const { mean, ci95 } = meanInterval(xs);
    expect(mean).toBe(5);
    expect(ci95?.[1]).toBeCloseTo(5 + 2.3646 * Math.sqrt(32 / 7 / 8), 12);
    expect(Number.isNaN(sampleSd([1]))).toBe(true);
  });

  it('follows the Cornish–Fisher expansion beyond 30 degrees of freedom, towards 1.96', () => {
    expect(t975(30)).toBe(2.0423);
    expect(t975(31)).toBeCloseTo(2.0395, 3);
    expect(t975(1000)).toBeCloseTo(1.9623, 4);
    expect(t975(1e9)).toBeCloseTo(1.959964, 6);
  });

  // The products that replaced `** 2`, `z ** 3` and `z ** 5` (exactly specified in every engine) gave the same
  // numbers as the powers in V8, so outputs did not move; this holds that fact for the V8 the tests run on.
  it("squares by a product as V8's ** 2 does, on any finite double", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Object.is(x ** 2, x * x)),
      { numRuns: 5000 },
    );
    const z = 1.959963984540054;
    expect([z * z * z, z * z * z * z * z]).toEqual([z ** 3, z ** 5]);
  });

  it('selects the k-th smallest value as the sorted list holds it, ties, NaN, −0 and infinities included', () => {
    const value = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: -5, max: 5 }).map((i) => i / 4) },
      { weight: 1, arbitrary: fc.constantFrom(Number.NaN, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
      { weight: 4, arbitrary: fc.double({ noNaN: true }) },
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 60 }), (list) => {
        const sorted = Float64Array.from(list).sort();
        for (let k = 0; k < list.length; k++)
          expect(Object.is(orderStatistic(Float64Array.from(list), k), sorted[k])).toBe(true);
        // Reordered in place, the list holds the same values.
        const xs = Float64Array.from(list);
        orderStatistic(xs, list.length >> 1);
        expect(xs.sort()).toEqual(sorted);
      }),
      { seed: 53, numRuns: 400 },
    );
  });
});
