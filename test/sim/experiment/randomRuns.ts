/**
 * Random run configurations for the property tests that hold every configuration to an invariant: worlds
 * (the lock, its noisy and drifting variants, widths up to 70 bits), every hidden choice, lifecycle,
 * exploration policy and library mode, a few rounds of a dozen tasks.
 */
import fc from 'fast-check';
import { findEnv } from '../../../sim/agent/moduleStore.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../sim/agent/agentConfig.js';
import { HIDDEN_PARAMS as H } from '../../../sim/agent/choices.js';
import { DEFAULT_EXPLORATION, EXPLORATIONS } from '../../../sim/agent/exploration/config.js';
import { DEFAULT_LIFECYCLE, LIFECYCLES } from '../../../sim/agent/lifecycle/config.js';
import { LIBRARY_MODES } from '../../../sim/agent/modes.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../sim/experiment/config.js';
import { resolveEnvParams } from '../../../sim/core/world/params.js';

const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);

const world = fc.oneof(
  fc.record({
    env: fc.constant('lock-v1'),
    bits: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(31, 32, 33, 40, 64, 70)),
  }),
  fc.record({ env: fc.constant('noisy-lock-v1'), bits: fc.integer({ min: 2, max: 10 }), q: fc.constantFrom(0.1, 0.3) }),
  fc.record({
    env: fc.constant('drift-lock-v1'),
    bits: fc.integer({ min: 2, max: 36 }),
    every: fc.constantFrom(7, 20),
  }),
);

const agent: fc.Arbitrary<AgentConfig> = fc
  .record({
    library: fc.boolean(),
    mode: pick(LIBRARY_MODES),
    minEvidence: fc.integer({ min: 1, max: 4 }),
    threshold: fc.constantFrom(0.6, 0.75, 0.85),
    topK: fc.integer({ min: 0, max: 4 }),
    explore: fc.constantFrom(0, 0.1, 0.3),
    exploreUnit: pick(H.exploreUnit.values),
    cadence: pick(H.cadence.values),
    window: pick(H.window.values),
    routing: pick(H.routing.values),
    update: pick(H.update.values),
    samples: pick(H.samples.values),
    thresholdRule: fc.constantFrom('share' as const, 'lcb' as const),
    testUnit: pick(H.testUnit.values),
    testAt: pick(H.testAt.values),
    lifecycle: pick(LIFECYCLES),
    staleHalflife: fc.constantFrom(0, 5),
    exploration: pick(EXPLORATIONS),
  })
  .map((a) => ({
    ...PUBLISHED_AGENT,
    ...a,
    lifecycle: { ...DEFAULT_LIFECYCLE, name: a.lifecycle, staleHalflife: a.staleHalflife },
    exploration: { ...DEFAULT_EXPLORATION, name: a.exploration },
  }));

// A high score as a share of the positions (null: N − 1), so that wide locks have high-score samples too.
const goodShare = fc.constantFrom(null, 0.5, 0.6, 0.75);

export const randomRun = fc
  .record({ world, agent, goodShare, seed: fc.integer({ min: 0, max: 1000 }), cap: fc.integer({ min: 1, max: 30 }) })
  .map(({ world: w, agent: a, goodShare: share, seed, cap }): Run => {
    const { env, ...params } = w;
    const spec = findEnv(env)!;
    const goodScore = share === null ? null : Math.max(1, Math.round(share * w.bits));
    return normalizeRun({
      ...PUBLISHED_RUN,
      env,
      envParams: resolveEnvParams(spec, { ...params, truth: 'random' }),
      rounds: 3,
      tasks: 12,
      cap,
      seed,
      agent: { ...a, goodScore },
    });
  });

// Task hooks that change nothing between a round's tasks (the published lifecycle without staleness, a fixed
// exploration rate) and one evolution a round: the Actor then plans once a round and runs its tasks as a batch.
export const passiveRun = randomRun.map(
  (c): Run =>
    normalizeRun({
      ...c,
      agent: {
        ...c.agent,
        cadence: 'round',
        lifecycle: { ...c.agent.lifecycle, name: 'published', staleHalflife: 0 },
        exploration: { ...DEFAULT_EXPLORATION, name: 'fixed' },
      },
    }),
);
