import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../../envs/lock.js';
import { actorSupport } from '../../../../sim/agent/actors/index.js';
import { fullSet, OptimalOpener } from '../../../../sim/agent/solver/optimal.js';
import { add, wordsFor } from '../../../../sim/agent/solver/bitset.js';
import { OptimalPolicy } from '../../../../sim/agent/actors/optimal.js';
import { Constraint } from '../../../../sim/agent/constraint.js';
import { meanInterval } from '../../../../sim/core/stats.js';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { lockRun, meanAttempts, taskAttempts } from './helpers.js';

describe('optimal Actor', () => {
  for (const bits of [4, 5]) {
    it(`${bits} bits, no library: the simulator agrees with the DP (mean within 4 se, never past the worst)`, () => {
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

  it('a banned value narrows the candidates like knowledge: expected attempts are the narrowed pool DP value', () => {
    // Ban 0 at position 0 (the truth 1011 has 1 there): the pool is the 8 codes with position 0 = 1.
    const bits = 4;
    const pool = new Uint32Array(wordsFor(bits));
    for (let c = 0; c < 16; c++) if ((c & 1) === 1) add(pool, c);
    const v = new OptimalOpener(bits).value(pool);
    const key = new ReplicateKey(12, 0);
    const env = lockV1.create({ bits: 4, truth: '1011' }, key.stream('world'));
    const policy = new OptimalPolicy(bits);
    const constraint = new Constraint(bits);
    constraint.ban(0, 0, 2);
    const code = new Int32Array(bits);
    const counts: number[] = [];
    for (let task = 0; task < 3000; task++) {
      env.reset({ round: 0, task, taskIndex: task, stream: () => key.stream('env', 0, task) });
      const guess = key.stream('guess', 0, task);
      policy.beginTask(guess, constraint);
      let attempts = 0;
      for (;;) {
        policy.choose(code, guess, constraint);
        attempts++;
        const fb = env.step(code);
        if (fb.solved) break;
        policy.observe(code, fb.score);
      }
      expect(policy.abandonedConstraint).toBe(false);
      counts.push(attempts);
    }
    const { mean, se } = meanInterval(counts);
    expect(Math.max(...counts)).toBeLessThanOrEqual(v.worst);
    expect(Math.abs(mean - v.total / v.candidates)).toBeLessThan(4 * se);
  });

  it('refuses worlds beyond the exact solver', () => {
    const space = (bits: number) =>
      lockV1.create({ bits, truth: 'random' }, new ReplicateKey(1, 0).stream('world')).space;
    expect(actorSupport('optimal', lockV1, space(8))).toBeNull();
    expect(actorSupport('optimal', lockV1, space(9))).toMatch(/^'optimal' .*up to 8 bits/);
  });
});
