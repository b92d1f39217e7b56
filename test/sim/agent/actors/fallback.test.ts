/** A constraint the task's feedback contradicts is dropped for the rest of the task and counted as a fall-back. */
import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../../envs/lock.js';
import { Actor } from '../../../../sim/agent/actor.js';
import { actorFor } from '../../../../sim/agent/actors/index.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { Library } from '../../../../sim/agent/library.js';
import { RoundTally } from '../../../../sim/core/metrics.js';
import { Retriever } from '../../../../sim/agent/retriever.js';
import { ReplicateKey } from '../../../../sim/core/rng.js';

describe('in-task reasoning against a wrong skill', () => {
  for (const kind of ['consistent', 'optimal'] as const) {
    it(`${kind}: drops the contradicted constraint, counts one fall-back, solves the task`, () => {
      const key = new ReplicateKey(1, 0);
      const env = lockV1.create({ bits: 4, truth: '1011' }, key.stream('world'));
      const library = new Library(4, 2);
      library.update([{ position: 0, value: 0, confidence: 0.9, evidence: 10 }], 'replace'); // the truth has 1 there
      const policy = actorFor(kind, lockV1, env.space, 20);
      const actor = new Actor({
        env,
        agent: { ...PUBLISHED_AGENT, actor: kind },
        cap: 20,
        goodScore: 3,
        library,
        retriever: new Retriever(4, 2),
        policy,
      });
      for (let task = 0; task < 20; task++) {
        const tally = new RoundTally();
        env.reset({ round: 0, task, taskIndex: task, stream: () => key.stream('env', 0, task) });
        const attempts = actor.runTask({ guess: key.stream('guess', 0, task), explore: null }, tally);
        expect(tally.solved).toBe(1);
        expect(attempts).toBeLessThanOrEqual(kind === 'optimal' ? 6 : 9);
        expect(tally.fallbacks).toBe(1);
      }
    });
  }
});
