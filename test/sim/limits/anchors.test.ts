/**
 * The simulator against the exact anchors of docs/model.md (fixed seeds; tolerance 4 standard errors).
 */
import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { Actor } from '../../../sim/agent/actor.js';
import { uniformGuessing } from '../../../sim/core/analytics.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN } from '../../../sim/experiment/config.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { Library } from '../../../sim/agent/library.js';
import { RoundTally } from '../../../sim/core/metrics.js';
import { Retriever } from '../../../sim/agent/retriever.js';
import { ReplicateKey } from '../../../sim/core/rng.js';
import { mean, standardError } from '../../../sim/core/stats.js';

const task = { round: 0, task: 0, taskIndex: 0, stream: () => new ReplicateKey(0, 0).stream('env') };

/** Attempts per task for an Actor holding `known` correct bits of 1011 as skills. */
function simulateFixedPool(known: number, explore: number, tasks: number, seed: number): number[] {
  const env = lockV1.create({ truth: '1011' }, new ReplicateKey(seed, 0).stream('world'));
  const library = new Library(4, 2);
  library.update(
    [
      [0, 1],
      [2, 1],
    ]
      .slice(0, known)
      .map(([position, value]) => ({ position: position!, value: value!, confidence: 1, evidence: 9 })),
    'replace',
  );
  const actor = new Actor({
    env,
    agent: { ...PUBLISHED_AGENT, explore },
    cap: 20,
    goodScore: 3,
    library,
    retriever: new Retriever(4, 2),
  });
  const key = new ReplicateKey(seed, 0);
  const out: number[] = [];
  const tally = new RoundTally();
  for (let t = 0; t < tasks; t++) {
    env.reset(task);
    out.push(
      actor.runTask(
        { guess: key.stream('guess', 0, t), explore: explore > 0 ? key.stream('explore', 0, t) : null },
        tally,
      ),
    );
  }
  return out;
}

describe('exact anchors', () => {
  it.each([
    [0, 0, 16],
    [1, 0, 8],
    [2, 0, 4],
    [2, 0.2, 4],
    [1, 0.2, 8],
  ])(
    '%i known bits, explore %f: mean attempts within 4 se of the exact value (pool %i)',
    async (known, explore, pool) => {
      const exact = (await uniformGuessing({ space: 16, pool, explore: known === 0 ? 0 : explore, cap: 20 }))
        .expectedAttempts.value;
      const xs = simulateFixedPool(known, explore, 40_000, 20261129 + known);
      expect(Math.abs(mean(xs) - exact)).toBeLessThan(4 * standardError(xs));
    },
  );

  it('the random control (--no-library) agrees with 11.599 in every round (4000 replicates)', async () => {
    const exact = (await uniformGuessing({ space: 16, pool: 16, explore: 0, cap: 20 })).expectedAttempts.value;
    const r = runExperiment(
      normalizeRun({
        ...PUBLISHED_RUN,
        seed: 7,
        replicates: 4000,
        agent: { ...PUBLISHED_AGENT, library: false },
      }),
    );
    for (const round of r.rounds) expect(Math.abs(round.meanAttempts - exact)).toBeLessThan(4 * round.se);
  });
});
