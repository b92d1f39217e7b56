/** Each world's own rules: drift schedules, noise rates, mastermind scoring, API contracts, tool failures. */
import { describe, expect, it } from 'vitest';
import { apiContractV1, type ApiContractEnv } from '../../envs/apiContract.js';
import { driftLockV1, driftsAt } from '../../envs/driftLock.js';
import { FAILURE } from '../../sim/core/world/env.js';
import { type FlakyToolsEnv, flakyToolsV1 } from '../../envs/flakyTools.js';
import { matches } from '../../envs/lock.js';
import { mastermindV1 } from '../../envs/mastermind.js';
import { noisyLockV1 } from '../../envs/noisyLock.js';
import { makeEnv } from '../../envs/check/harness.js';
import { SeededTask } from '../../sim/core/world/task.js';

/** |observed share − p| within 4 binomial standard errors. */
function expectShare(hits: number, n: number, p: number): void {
  const se = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(hits / n - p)).toBeLessThan(4 * se);
}

describe('drift-lock-v1', () => {
  it('schedules drifts every m tasks and at listed tasks, never before task 0', () => {
    const s = { flips: 1, every: 4, at: [6, 9] };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12].filter((t) => driftsAt(s, t))).toEqual([4, 6, 8, 9, 12]);
    expect(driftsAt({ flips: 1, every: 0, at: [] }, 5)).toBe(false);
  });

  it('flips exactly `flips` distinct bits at each drift and none otherwise', () => {
    const { env, key } = makeEnv(driftLockV1, { bits: 12, truth: 'random', flips: 3, every: 5, at: '' }, 9);
    const slot = new SeededTask(key);
    let before = Int32Array.from(env.truth());
    for (let t = 0; t < 40; t++) {
      env.reset(slot.at(t));
      const now = Int32Array.from(env.truth());
      expect(12 - matches(before, now)).toBe(t > 0 && t % 5 === 0 ? 3 : 0);
      before = Int32Array.from(now);
    }
  });
});

describe('noisy-lock-v1', () => {
  it('reports the exact score with probability 1 − q and is otherwise off by exactly one', () => {
    const q = 0.3;
    const { env, key } = makeEnv(noisyLockV1, { bits: 6, truth: '101100', q }, 4);
    const slot = new SeededTask(key);
    const code = new Int32Array(6);
    let off = 0;
    let n = 0;
    for (let t = 0; t < 400; t++) {
      env.reset(slot.at(t));
      const guess = key.stream('guess', slot.round, slot.task);
      for (let a = 0; a < 10; a++) {
        for (let p = 0; p < 6; p++) code[p] = guess.quick() < 0.5 ? 0 : 1;
        const exact = matches(code, Int32Array.from(env.truth()));
        const fb = env.step(code);
        expect(Math.abs(fb.score - exact)).toBeLessThanOrEqual(1);
        if (fb.score !== exact) off++;
        n++;
        if (fb.solved) break;
      }
    }
    expectShare(off, n, q);
  });
});

describe('mastermind-v1', () => {
  it('counts pegs of the right colour in the right place only', () => {
    const { env, key } = makeEnv(mastermindV1, { truth: '0123', colours: 4 }, 1);
    env.reset(new SeededTask(key).at(0));
    expect(env.space).toEqual({ positions: 4, arity: 4 });
    expect(env.step(Int32Array.from([3, 2, 1, 0])).score).toBe(0);
    expect(env.step(Int32Array.from([0, 2, 1, 3])).score).toBe(2);
    const fb = env.step(Int32Array.from([0, 1, 2, 3]));
    expect([fb.score, fb.solved]).toEqual([4, true]);
  });
});

describe('api-contract-v1', () => {
  it('one API switches its success code before the drift task; the others keep theirs', () => {
    const { env, key } = makeEnv(apiContractV1, { apis: 3, drift: 20, api: 'user_api', initial: '0', after: '201' }, 2);
    const slot = new SeededTask(key);
    const seen = new Set<string>();
    for (let t = 0; t < 60; t++) {
      env.reset(slot.at(t));
      const ctx = env.context!();
      const expected = ctx === 1 && t >= 20 ? 2 : 0;
      expect(env.truth()[0]).toBe(expected);
      expect(env.step(Int32Array.of(expected === 0 ? 1 : 0)).score).toBe(0);
      expect(env.step(Int32Array.of(expected)).solved).toBe(true);
      seen.add(`${ctx}`);
    }
    expect(seen.size).toBe(3);
    expect((env as ApiContractEnv).describeClaim(0, 0, 1)).toBe('for order_api, code 200 means success');
  });
});

describe('flaky-tools-v1', () => {
  it('fails calls with the taxonomy at the configured rates', () => {
    const params = {
      types: 2,
      tools: 3,
      best: 0.8,
      second: 0.5,
      other: 0.2,
      outages: 0,
      'param-error': 0.1,
      ambiguous: 0.2,
    };
    const { env, key } = makeEnv(flakyToolsV1, params, 6);
    const slot = new SeededTask(key);
    const counts = [0, 0, 0, 0, 0];
    let bestCalls = 0;
    let bestOk = 0;
    let n = 0;
    for (let t = 0; t < 3000; t++) {
      env.reset(slot.at(t));
      const best = env.truth()[0]!;
      const fb = env.step(Int32Array.of(best));
      counts[fb.failure ?? 0]!++;
      n++;
      // Among calls that reached the tool, the best tool succeeds at rate `best`.
      if (fb.failure === FAILURE.none || fb.failure === FAILURE.toolError) {
        bestCalls++;
        if (fb.solved) bestOk++;
      }
    }
    expect(counts[FAILURE.toolUnavailable]).toBe(0);
    expectShare(counts[FAILURE.paramError]!, n, 0.1);
    expectShare(counts[FAILURE.ambiguousQuery]!, n, 0.9 * 0.2);
    expectShare(bestOk, bestCalls, 0.8);
    // Per type: one best tool, one fallback, the rest `other`.
    const tools = env as FlakyToolsEnv;
    expect([0, 1, 2].map((k) => tools.rate(k)).sort()).toEqual([0.2, 0.5, 0.8]);
  });

  it('an outage makes every call to the tool fail as unavailable, for `downtime` tasks', () => {
    const { env, key } = makeEnv(
      flakyToolsV1,
      { tools: 3, outages: 1, downtime: 3, 'param-error': 0, ambiguous: 0 },
      8,
    );
    const tools = env as FlakyToolsEnv;
    const slot = new SeededTask(key);
    for (let t = 0; t < 20; t++) {
      env.reset(slot.at(t));
      for (let k = 0; k < 3; k++) {
        if (!tools.isDown(k)) continue;
        const fb = env.step(Int32Array.of(k));
        expect(fb.failure).toBe(FAILURE.toolUnavailable);
        expect(fb.solved).toBe(false);
      }
    }
  });

  it("drift moves one type's best tool every m tasks", () => {
    const { env, key } = makeEnv(flakyToolsV1, { types: 1, tools: 4, every: 5, outages: 0 }, 3);
    const slot = new SeededTask(key);
    let best = -1;
    for (let t = 0; t < 30; t++) {
      env.reset(slot.at(t));
      const now = env.truth()[0]!;
      if (t > 0) expect(now !== best).toBe(t % 5 === 0);
      best = now;
    }
  });
});
