import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_EXACT_BITS, uniformGuessing } from '../../../sim/core/analytics.js';
import { loadMath } from '../../helpers/mathjs.js';

/** Independent BigInt computation of E = (1 − (1−p)^C)/p, p = e/S + (1−e)/m, e = eNum/eDen. */
function expectedBigInt(S: bigint, m: bigint, eNum: bigint, eDen: bigint, C: number): [bigint, bigint] {
  const pn = eNum * m + (eDen - eNum) * S; // p = pn / pd
  const pd = eDen * S * m;
  const qn = pd - pn; // 1 − p
  const missN = qn ** BigInt(C);
  const missD = pd ** BigInt(C);
  // (1 − miss)/p = (missD − missN)/missD · pd/pn
  let num = (missD - missN) * pd;
  let den = missD * pn;
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const g = gcd(num, den);
  num /= g;
  den /= g;
  return [num, den];
}

describe('uniformGuessing (exact)', () => {
  it.each([
    [16, 16, '0', 11.599],
    [16, 8, '0', 7.446],
    [16, 4, '0', 3.987],
    [16, 4, '0.2', 4.666],
    [16, 8, '0.2', 8.072],
  ])('S=%i m=%i e=%s → %f', (S, m, e, rounded) => {
    const a = uniformGuessing({ space: S, pool: m, explore: e, cap: 20 });
    expect(a.expectedAttempts.value.toFixed(3)).toBe(rounded.toFixed(3));
    const [eNum, eDen] = e === '0.2' ? [1n, 5n] : [0n, 1n];
    const [num, den] = expectedBigInt(BigInt(S), BigInt(m), eNum, eDen, 20);
    expect(a.expectedAttempts.exact).toBe(`${num}/${den}`);
  });

  it('gives the solve probability and handles 2^256 codes exactly', () => {
    const a = uniformGuessing({ space: 16, pool: 16, explore: 0, cap: 20 });
    // 1 − (15/16)^20, reduced: the numerator is odd, the denominator 2^80.
    expect(a.solveProbability.exact).toBe(`${16n ** 20n - 15n ** 20n}/${16n ** 20n}`);
    const big = uniformGuessing({ space: 2n ** 256n, pool: 2n ** 256n, explore: 0, cap: 20 });
    expect(big.expectedAttempts.value).toBeCloseTo(20, 12);
    // 1 − (1 − p)^20 ≈ 20p for tiny p: the ratio is 1 to double precision.
    expect(big.solveProbability.value / (20 * 2 ** -256)).toBeCloseTo(1, 12);
  });
});

describe('uniformGuessing against mathjs fractions, and beyond the exact bound', () => {
  it('agrees with mathjs on every fraction for random settings', async () => {
    const math = await loadMath();
    const setting = fc.record({
      space: fc.integer({ min: 1, max: 64 }).chain((S) => fc.tuple(fc.constant(S), fc.integer({ min: 1, max: S }))),
      explore: fc.constantFrom('0', '0.05', '0.2', '0.5', '1', '0.001'),
      cap: fc.integer({ min: 1, max: 60 }),
    });
    fc.assert(
      fc.property(setting, ({ space: [S, m], explore, cap }) => {
        const e = math.fraction(explore);
        const one = math.fraction(1);
        const p = math.add(math.divide(e, math.fraction(S)), math.divide(math.subtract(one, e), math.fraction(m)));
        const solve = math.subtract(one, math.pow(math.subtract(one, p), cap));
        const expected = math.divide(solve, p);
        const ratio = (f: unknown): string => math.format(f as never, { fraction: 'ratio' });
        const a = uniformGuessing({ space: S, pool: m, explore, cap });
        expect(a.hitProbability.exact).toBe(ratio(p));
        expect(a.solveProbability.exact).toBe(ratio(solve));
        expect(a.expectedAttempts.exact).toBe(ratio(expected));
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('beyond the bound gives the value alone, in floating point, matching the exact value near the bound', () => {
    // 16 codes: the capped fraction has about 4·C bits, so C = 2^18 is just inside the bound, C = 2^18 + 1 outside.
    const inside = uniformGuessing({ space: 16, pool: 4, explore: '0.2', cap: 2 ** 18 / 2 });
    expect(inside.expectedAttempts.exact).not.toBeNull();
    const cap = Math.floor(MAX_EXACT_BITS / 5) + 1;
    for (const c of [20, 1000, cap, 1_000_000_000]) {
      const a = uniformGuessing({ space: 16, pool: 4, explore: '0.2', cap: c });
      const p = 0.2 / 16 + 0.8 / 4;
      const exact = (1 - (1 - p) ** c) / p;
      expect(a.expectedAttempts.value).toBeCloseTo(exact, 12);
      expect(a.hitProbability.exact).toBe('17/80');
      if (c >= cap) {
        expect(a.expectedAttempts.exact).toBeNull();
        expect(a.solveProbability.exact).toBeNull();
      } else expect(a.expectedAttempts.exact).not.toBeNull();
    }
    // A space so large that p underflows: every task runs to the cap.
    const huge = uniformGuessing({ space: 2n ** 65536n, pool: 2n ** 65536n, explore: 0, cap: 20 });
    expect(huge.expectedAttempts).toEqual({ exact: null, value: 20 });
  });
});
