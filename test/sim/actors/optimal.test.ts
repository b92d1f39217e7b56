import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { actorSupport } from '../../../sim/actors/index.js';
import { fullSet, OptimalOpener } from '../../../sim/limits/optimal.js';
import { ReplicateKey } from '../../../sim/rng.js';
import { lockRun, meanAttempts, taskAttempts } from './helpers.js';

describe('optimal Actor', () => {
  for (const bits of [4, 5]) {
    it(`${bits} bits, no library: the simulator agrees with the DP (mean within 4 se, never beyond the worst case)`, () => {
      const v = new OptimalOpener(bits).value(fullSet(bits));
      const config = lockRun(bits, { actor: 'optimal', library: false }, { replicates: 300, seed: 40 + bits });
      const { mean, se } = meanAttempts(config);
      expect(Math.abs(mean - v.total / v.candidates)).toBeLessThan(4 * se);
      // Every truth, several relabellings each: no task goes beyond the DP's worst case, and some reach it.
      let longest = 0;
      for (let t = 0; t < 2 ** bits; t++) {
        const truth = Array.from({ length: bits }, (_, p) => (t >> p) & 1).join('');
        longest = Math.max(longest, ...taskAttempts('optimal', truth, 12, t));
      }
      expect(longest).toBe(v.worst);
    });
  }

  it('on the fixed published truth 1011 its random relabelling still gives 13/4 on average', () => {
    const { mean, se } = meanAttempts(lockRun(4, { actor: 'optimal', library: false }, { replicates: 300, seed: 5 }));
    expect(Math.abs(mean - 13 / 4)).toBeLessThan(4 * se);
  });

  it('with the published library it follows the constraint and beats the feedback-blind Actor', () => {
    const base = { rounds: 5, replicates: 60, seed: 8 };
    const optimal = meanAttempts(lockRun(4, { actor: 'optimal' }, base));
    const published = meanAttempts(lockRun(4, { actor: 'published' }, base));
    expect(optimal.mean).toBeLessThan(published.mean);
    expect(optimal.maxRoundMean).toBeLessThanOrEqual(5);
  });

  it('refuses worlds beyond the exact solver', () => {
    const space = (bits: number) => lockV1.create({ bits, truth: 'random' }, new ReplicateKey(1, 0).stream('world')).space;
    expect(actorSupport('optimal', lockV1, space(8))).toBeNull();
    expect(actorSupport('optimal', lockV1, space(9))).toMatch(/^'optimal' .*up to 8 bits/);
  });
});
