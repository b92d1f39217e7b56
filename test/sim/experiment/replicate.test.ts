import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';

const config: RunConfig = { ...PUBLISHED_RUN, seed: 3, replicates: 12 };

describe('runReplicate', () => {
  it('same config and seed → same result; replicates are independent and order-free', () => {
    const all = runExperiment(normalizeRun(config)).replicates;
    expect(runExperiment(normalizeRun(config)).replicates).toEqual(all);
    // Replicate 7 alone equals replicate 7 of the batch: nothing depends on what ran before.
    expect(runReplicate(normalizeRun(config), lockV1, 7)).toEqual(all[7]);
    // A batch starting elsewhere gives the same replicates.
    expect(runExperiment(normalizeRun({ ...config, replicates: 4 }), 8).replicates).toEqual(all.slice(8, 12));
    // Replicates differ from one another.
    expect(new Set(all.map((r) => JSON.stringify(r))).size).toBe(all.length);
  });

  it('a different seed gives different results', () => {
    expect(runExperiment(normalizeRun({ ...config, seed: 4 })).replicates).not.toEqual(
      runExperiment(normalizeRun(config)).replicates,
    );
  });

  it('pairs arms: while the library is empty, the agent and the random control make the same attempts', () => {
    // With the Evolver running at the end of each round, round 1 has no skills in either arm.
    const withLibrary = runExperiment(normalizeRun({ ...config, agent: { ...PUBLISHED_AGENT, cadence: 'round' } }));
    const control = runExperiment(normalizeRun({ ...config, agent: { ...PUBLISHED_AGENT, library: false } }));
    for (let r = 0; r < config.replicates; r++)
      expect(withLibrary.replicates[r]![0]!.attempts).toBe(control.replicates[r]![0]!.attempts);
  });

  it('reports per-round accounting consistent with its definitions', () => {
    for (const rounds of runExperiment(
      normalizeRun({ ...config, agent: { ...PUBLISHED_AGENT, cadence: 'task', explore: 0.2 } }),
    ).replicates) {
      for (const m of rounds) {
        expect(m.attempts).toBeGreaterThanOrEqual(m.tasks);
        expect(m.attempts).toBeLessThanOrEqual(m.tasks * config.cap);
        expect(m.meanAttempts).toBe(m.attempts / m.tasks);
        expect(m.refutations).toBeLessThanOrEqual(m.tests);
        expect(m.constraintSize).toBeLessThanOrEqual(2);
        expect(m.explorations).toBeLessThanOrEqual(m.attempts);
        expect(m.goodSamples).toBeGreaterThanOrEqual(m.solved);
      }
    }
  });
});
