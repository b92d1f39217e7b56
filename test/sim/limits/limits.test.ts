import { describe, expect, it } from 'vitest';
import { loadMath } from '../../../sim/core/analytics.js';
import { computeLimits } from '../../../sim/limits/limits.js';
import { randomGuessing } from '../../../sim/limits/random.js';

describe('hexa limits figures', () => {
  it('4-bit lock: optimal 13/4 (worst 5), consistent 13/4, random 11.599 with replacement (cap 20), 17/2 without', async () => {
    const r = await computeLimits(4, 20);
    expect(r.optimal).toMatchObject({ expected: '13/4', worst: 5 });
    expect(r.consistent.expected).toBe('13/4');
    expect(r.random.withReplacement.uncapped.expected).toBe('16/1');
    expect(r.random.withReplacement.capped.value).toBeCloseTo(11.599, 3);
    expect(r.random.withoutReplacement.uncapped.expected).toBe('17/2');
    expect(r.random.withoutReplacement.capped.expected).toBe('17/2');
  });

  it('random guessing without replacement, capped below the space, matches a direct sum', async () => {
    const math = await loadMath();
    for (const [space, cap] of [[16n, 4], [16n, 16], [32n, 20], [5n, 3]] as const) {
      // E[min(T, C)] with T uniform on 1 … S.
      let sum = 0;
      for (let t = 1; t <= Number(space); t++) sum += Math.min(t, cap);
      const got = randomGuessing(math, space, cap).withoutReplacement.capped;
      expect(Number(got.n) / Number(got.d)).toBeCloseTo(sum / Number(space), 12);
    }
  });

  it('refuses locks beyond the exact limit', async () => {
    await expect(computeLimits(9, 20)).rejects.toThrow(RangeError);
  });
});
