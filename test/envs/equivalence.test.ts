/**
 * The variant locks reduce to lock-v1 exactly: noisy-lock-v1 with q = 0 and drift-lock-v1 with no drift
 * give the same rounds, replicate for replicate, as lock-v1 with the same seed — under several agents.
 */
import { describe, expect, it } from 'vitest';
import type { EnvParams } from '../../sim/core/world/env.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../sim/experiment/config.js';
import { findEnv } from '../../sim/agent/moduleStore.js';
import { runExperiment } from '../../sim/experiment/experiment.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';

function run(env: string, envParams: EnvParams, agent: Partial<AgentConfig>, bits = 4): RunConfig {
  const spec = findEnv(env)!;
  const base = bits === 4 ? { bits: 4, truth: '1011' } : { bits, truth: 'random' };
  return {
    ...PUBLISHED_RUN,
    env,
    envParams: resolveEnvParams(spec, { ...base, ...envParams }),
    replicates: 4,
    seed: 3,
    agent: { ...PUBLISHED_AGENT, ...agent },
  };
}

const AGENTS: Readonly<Record<string, Partial<AgentConfig>>> = {
  published: {},
  explore: { explore: 0.2, routing: 'separate' },
  cadenceTask: { cadence: 'task', threshold: 0.7 },
  noLibrary: { library: false },
};

describe('noisy-lock-v1 (q = 0) and drift-lock-v1 (no drift) equal lock-v1', () => {
  for (const [name, agent] of Object.entries(AGENTS)) {
    for (const bits of [4, 7]) {
      it(`${name}, ${bits} bits`, () => {
        const lock = runExperiment(normalizeRun(run('lock-v1', {}, agent, bits))).replicates;
        expect(runExperiment(normalizeRun(run('noisy-lock-v1', { q: 0 }, agent, bits))).replicates).toEqual(lock);
        expect(runExperiment(normalizeRun(run('drift-lock-v1', { every: 0, at: '' }, agent, bits))).replicates).toEqual(
          lock,
        );
      });
    }
  }

  it('and they do differ once there is noise or drift (the comparison can fail)', () => {
    const lock = runExperiment(normalizeRun(run('lock-v1', {}, {}))).replicates;
    expect(runExperiment(normalizeRun(run('noisy-lock-v1', { q: 0.3 }, {}))).replicates).not.toEqual(lock);
    expect(runExperiment(normalizeRun(run('drift-lock-v1', { every: 0, at: '40' }, {}))).replicates).not.toEqual(lock);
  });
});
