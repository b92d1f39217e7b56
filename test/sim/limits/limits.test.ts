import { describe, expect, it } from 'vitest';
import { computeLimits, limitsMaxCap } from '../../../sim/limits/limits.js';
import { randomGuessing } from '../../../sim/limits/random.js';
import { loadMath } from '../../helpers/mathjs.js';

describe('hexa limits figures', () => {
  it('4-bit lock: optimal 13/4 (worst 5), consistent 13/4, random 11.599 (replacing, cap 20), 17/2 (not)', async () => {
    const r = await computeLimits(4, 20);
    expect(r.optimal).toMatchObject({ expected: '13/4', worst: 5 });
    expect(r.consistent.expected).toBe('13/4');
    expect(r.random.withReplacement.uncapped.expected).toBe('16/1');
    expect(r.random.withReplacement.capped.value).toBeCloseTo(11.599, 3);
    expect(r.random.withoutReplacement.uncapped.expected).toBe('17/2');
    expect(r.random.withoutReplacement.capped.expected).toBe('17/2');
  });

  it('random guessing without replacement, capped below the space, matches a direct sum', async () => {
    for (const [space, cap] of [
      [16n, 4],
      [16n, 16],
      [32n, 20],
      [5n, 3],
    ] as const) {
      // E[min(T, C)] with T uniform on 1 … S.
      let sum = 0;
      for (let t = 1; t <= Number(space); t++) sum += Math.min(t, cap);
      const got = randomGuessing(space, cap).withoutReplacement.capped;
      expect(got.value).toBeCloseTo(sum / Number(space), 12);
    }
  });

  it('refuses locks beyond the exact limit, and caps whose capped fraction would pass the exact bound', async () => {
    await expect(computeLimits(9, 20)).rejects.toThrow(RangeError);
    await expect(computeLimits(4, limitsMaxCap(4) + 1)).rejects.toThrow(RangeError);
  });

  it('a cap in the hundred thousands is exact (powers by squaring, no gcd of the powers)', async () => {
    const r = await computeLimits(4, 100_000);
    const capped = r.random.withReplacement.capped;
    // (16^C − 15^C)/16^(C−1) in lowest terms: a denominator of exactly 4(C − 1) bits, a value just below 16.
    const [n, d] = capped.expected.split('/').map(BigInt) as [bigint, bigint];
    expect(d).toBe(16n ** 99_999n);
    expect(n).toBe(16n ** 100_000n - 15n ** 100_000n);
    expect(capped.value).toBe(16);
  });

  it("random guessing's fractions are mathjs's, summed term by term, and so are their doubles", async () => {
    const math = await loadMath();
    const ratio = (f: unknown): string => math.format(f as never, { fraction: 'ratio' });
    const text = (f: unknown): string => (ratio(f).includes('/') ? ratio(f) : `${ratio(f)}/1`);
    for (const space of [1, 2, 5, 16, 64])
      for (const cap of [1, 2, 3, 7, 16, 20, 40]) {
        // E[min(T, C)] = Σ_{t<C} P(T > t): (S − t)/S without replacement, (1 − 1/S)^t with.
        let without = math.fraction(0);
        let withReplacement = math.fraction(0);
        for (let t = 0; t < cap; t++) {
          without = math.add(without, math.fraction(Math.max(space - t, 0), space)) as typeof without;
          withReplacement = math.add(withReplacement, math.pow(math.fraction(space - 1, space), t)) as typeof without;
        }
        const got = randomGuessing(BigInt(space), cap);
        expect(got.withoutReplacement.capped.exact, `S ${space}, C ${cap}`).toBe(text(without));
        expect(got.withReplacement.capped.exact, `S ${space}, C ${cap}`).toBe(text(withReplacement));
        expect(got.withoutReplacement.capped.value).toBe(math.number(without));
        expect(got.withReplacement.capped.value).toBe(math.number(withReplacement));
        expect(got.withoutReplacement.uncapped.exact).toBe(text(math.fraction(space + 1, 2)));
      }
  });
});
