import { describe, expect, it } from 'vitest';
import { uniformGuessing } from '../../../sim/core/analytics.js';

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

describe('uniformGuessing (exact, SPEC §3)', () => {
  it.each([
    [16, 16, '0', 11.599],
    [16, 8, '0', 7.446],
    [16, 4, '0', 3.987],
    [16, 4, '0.2', 4.666],
    [16, 8, '0.2', 8.072],
  ])('S=%i m=%i e=%s → %f', async (S, m, e, rounded) => {
    const a = await uniformGuessing({ space: S, pool: m, explore: e, cap: 20 });
    expect(a.expectedAttempts.value.toFixed(3)).toBe(rounded.toFixed(3));
    const [eNum, eDen] = e === '0.2' ? [1n, 5n] : [0n, 1n];
    const [num, den] = expectedBigInt(BigInt(S), BigInt(m), eNum, eDen, 20);
    expect(a.expectedAttempts.exact).toBe(`${num}/${den}`);
  });

  it('gives the solve probability and handles 2^256 codes exactly', async () => {
    const a = await uniformGuessing({ space: 16, pool: 16, explore: 0, cap: 20 });
    // 1 − (15/16)^20, reduced: the numerator is odd, the denominator 2^80.
    expect(a.solveProbability.exact).toBe(`${16n ** 20n - 15n ** 20n}/${16n ** 20n}`);
    const big = await uniformGuessing({ space: 2n ** 256n, pool: 2n ** 256n, explore: 0, cap: 20 });
    expect(big.expectedAttempts.value).toBeCloseTo(20, 12);
    // 1 − (1 − p)^20 ≈ 20p for tiny p: the ratio is 1 to double precision.
    expect(big.solveProbability.value / (20 * 2 ** -256)).toBeCloseTo(1, 12);
  });
});
