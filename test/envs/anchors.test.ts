/**
 * Exact anchors in the new worlds: uniform guessing (the random control) does not see drift, feedback noise
 * or contexts, so its mean attempts equal the closed form of docs/model.md's exact anchors for the world's space —
 * computed in
 * rational arithmetic, compared within 4 standard errors.
 */
import { describe, expect, it } from 'vitest';
import type { EnvParams } from '../../sim/core/world/env.js';
import { findEnv } from '../../sim/agent/moduleStore.js';
import { uniformGuessing } from '../../sim/core/analytics.js';
import { loadMath } from '../helpers/mathjs.js';
import { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN } from '../../sim/experiment/config.js';
import { runExperiment } from '../../sim/experiment/experiment.js';
import { ReplicateKey } from '../../sim/core/rng.js';
import { meanInterval } from '../../sim/core/stats.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';

const CASES: readonly [string, EnvParams, number][] = [
  ['drift-lock-v1', { every: 3, flips: 2 }, 20],
  ['noisy-lock-v1', { q: 0.4 }, 20],
  ['mastermind-v1', { pegs: 2, colours: 5 }, 20],
  ['api-contract-v1', { apis: 4, codes: 6, drift: 40 }, 8],
];

describe('random control against the exact expectation of uniform guessing', () => {
  for (const [id, params, cap] of CASES) {
    it(`${id} ${JSON.stringify(params)}, cap ${cap}`, async () => {
      const spec = findEnv(id)!;
      const envParams = resolveEnvParams(spec, params);
      expect(spec.exactRandomControl).toBe(true);
      const { space } = spec.create(envParams, new ReplicateKey(1, 0).stream('world'));
      const exact = uniformGuessing({
        space: BigInt(space.arity) ** BigInt(space.positions),
        pool: BigInt(space.arity) ** BigInt(space.positions),
        explore: 0,
        cap,
      });
      const run = runExperiment(
        normalizeRun({
          ...PUBLISHED_RUN,
          env: id,
          envParams,
          cap,
          rounds: 2,
          replicates: 1500,
          seed: 17,
          agent: { ...PUBLISHED_AGENT, library: false },
        }),
      );
      const perReplicate = run.replicates.map(
        (rounds) => rounds.reduce((s, m) => s + m.meanAttempts, 0) / rounds.length,
      );
      const { mean, se } = meanInterval(perReplicate);
      expect(Math.abs(mean - exact.expectedAttempts.value)).toBeLessThan(4 * se);
    });
  }
});

describe('flaky-tools-v1: random tool choice against the exact expectation', () => {
  it('p = (1 − param-error)(1 − ambiguous)·(best + second + (k − 2)·other)/k; attempts capped-geometric', async () => {
    const spec = findEnv('flaky-tools-v1')!;
    const params = { tools: 4, best: 0.9, second: 0.5, other: 0.1, outages: 0, 'param-error': 0.05, ambiguous: 0.1 };
    const cap = 10;
    const math = await loadMath();
    const f = (x: string | number): ReturnType<typeof math.fraction> => math.fraction(String(x));
    const rates = math.divide(math.add(math.add(f(0.9), f(0.5)), math.multiply(f(2), f(0.1))), f(4));
    const p = math.multiply(math.multiply(math.subtract(f(1), f(0.05)), math.subtract(f(1), f(0.1))), rates);
    const miss = math.pow(math.subtract(f(1), p), cap);
    const exact = Number(math.divide(math.subtract(f(1), miss), p));
    const run = runExperiment(
      normalizeRun({
        ...PUBLISHED_RUN,
        env: spec.id,
        envParams: resolveEnvParams(spec, params),
        cap,
        rounds: 2,
        replicates: 1500,
        seed: 5,
        agent: { ...PUBLISHED_AGENT, library: false },
      }),
    );
    const { mean, se } = meanInterval(
      run.replicates.map((rounds) => rounds.reduce((s, m) => s + m.meanAttempts, 0) / rounds.length),
    );
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
  });
});
