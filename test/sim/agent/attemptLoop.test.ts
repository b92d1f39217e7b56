import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { PublishedPolicy } from '../../../sim/agent/actors/published.js';
import { actorFor } from '../../../sim/agent/actors/index.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { loopFacts, type LoopParts } from '../../../sim/agent/attemptLoop.js';
import { ActionMask } from '../../../sim/core/actionMask.js';
import { ReplicateKey } from '../../../sim/core/rng.js';

const lock = (bits: number) => lockV1.create({ bits, truth: 'random' }, new ReplicateKey(1, 0).stream('world'));
const published = (): PublishedPolicy => new PublishedPolicy(2);
const parts = (bits: number, more: Partial<LoopParts> = {}): LoopParts => ({
  env: lock(bits),
  agent: PUBLISHED_AGENT,
  ...more,
});

describe('loopFacts', () => {
  it('a published guess on a 4-bit lock: bit words, one word, counted by code', () => {
    expect(loopFacts(parts(4), published())).toEqual({
      bitWords: true,
      oneWord: true,
      small: true,
      tasksIndependent: false,
      keepApart: false,
    });
  });

  it('the width of the lock decides one word (≤ 32 positions), not bit words', () => {
    const wide = loopFacts(parts(64), published());
    expect([wide.bitWords, wide.oneWord, wide.small]).toEqual([true, false, false]);
    const word = loopFacts(parts(32), published());
    expect([word.bitWords, word.oneWord]).toEqual([true, true]);
  });

  it('another guess policy, bit words switched off, or a value disabled: the value-by-value loop only', () => {
    const env = lock(4);
    const consistent = actorFor('consistent', { id: 'lock-v1', feedback: 'matches' }, env.space, 20);
    expect(loopFacts(parts(4), consistent).bitWords).toBe(false);
    expect(loopFacts(parts(4, { bitParallel: false }), published()).bitWords).toBe(false);
    const disabled = new ActionMask(4, 2);
    expect(loopFacts(parts(4, { disabled }), published()).bitWords).toBe(true);
    disabled.block(2, 1);
    expect(loopFacts(parts(4, { disabled }), published())).toMatchObject({ bitWords: false, oneWord: false });
  });

  it("a round's tasks are independent only under passive hooks, evolving once a round, in one context", () => {
    const passive = { hooks: { passive: true } };
    expect(loopFacts(parts(4, passive), published()).tasksIndependent).toBe(PUBLISHED_AGENT.cadence === 'round');
    const byRound = { ...PUBLISHED_AGENT, cadence: 'round' as const };
    const byTask = { ...PUBLISHED_AGENT, cadence: 'task' as const };
    expect(loopFacts(parts(4, { ...passive, agent: byRound }), published()).tasksIndependent).toBe(true);
    expect(loopFacts(parts(4, { ...passive, agent: byTask }), published()).tasksIndependent).toBe(false);
    expect(loopFacts(parts(4, { hooks: { passive: false }, agent: byRound }), published()).tasksIndependent).toBe(
      false,
    );
    const contexts = { ...lock(4), context: () => 0 };
    expect(loopFacts({ env: contexts, agent: byRound, ...passive }, published()).tasksIndependent).toBe(false);
  });

  it('exploration kept apart is a fact of the routing', () => {
    const separate = { ...PUBLISHED_AGENT, routing: 'separate' as const };
    expect(loopFacts(parts(4, { agent: separate }), published()).keepApart).toBe(true);
  });
});
