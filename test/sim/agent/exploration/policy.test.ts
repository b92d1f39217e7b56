import { describe, expect, it } from 'vitest';
import { findEnv } from '../../../../sim/agent/moduleStore.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../../sim/experiment/config.js';
import { DEFAULT_EXPLORATION, type ExplorationConfig } from '../../../../sim/agent/exploration/config.js';
import { RefutationTriggered } from '../../../../sim/agent/exploration/policy.js';
import { makeExploration } from '../../../../sim/agent/exploration/make.js';
import { runExperiment } from '../../../../sim/experiment/experiment.js';
import { resolveEnvParams } from '../../../../sim/core/world/params.js';

const cfg = (over: Partial<ExplorationConfig>): ExplorationConfig => ({ ...DEFAULT_EXPLORATION, ...over });

describe('exploration policies', () => {
  it('fixed: the base rate for every task', () => {
    const p = makeExploration(0.2, cfg({ name: 'fixed' }));
    p.observe(10, 10);
    expect([p.rate(0), p.rate(500)]).toEqual([0.2, 0.2]);
    expect(makeExploration(0, cfg({ name: 'fixed' })).mayExplore).toBe(false);
  });

  it('decay: halves every half-life, never below the floor', () => {
    const p = makeExploration(0.4, cfg({ name: 'decay', halflife: 10, floor: 0.05 }));
    expect(p.rate(0)).toBe(0.4);
    expect(p.rate(10)).toBeCloseTo(0.2, 15);
    expect(p.rate(20)).toBeCloseTo(0.1, 15);
    expect(p.rate(100)).toBe(0.05);
  });

  it('refutation: explores above 10 %, stops below 2 %, holds in between, over a sliding window of tasks', () => {
    const p = new RefutationTriggered(
      0,
      cfg({ name: 'refutation', high: 0.25, refuteLow: 0.02, refuteHigh: 0.1, window: 3 }),
    );
    expect(p.rate(0)).toBe(0);
    p.observe(0, 0); // nothing tested: no change
    expect(p.rate(1)).toBe(0);
    p.observe(100, 5); // 5 %: in between, hold (off)
    expect(p.rate(2)).toBe(0);
    p.observe(100, 20); // window 25/200 = 12.5 % > 10 %
    expect([p.windowRate, p.rate(3)]).toEqual([0.125, 0.25]);
    p.observe(100, 0); // window (5 + 20 + 0)/300 = 8.3 %: hold (on)
    expect(p.rate(4)).toBe(0.25);
    p.observe(100, 0); // the 5 % task leaves: 20/300 = 6.7 %: hold
    p.observe(100, 1); // the 20 % task leaves: 1/300 = 0.33 % < 2 %: off
    expect([p.windowRate, p.rate(5)]).toEqual([1 / 300, 0]);
  });

  it('refutation with both rates 0 is the fixed arm without exploration, draw for draw', () => {
    const spec = findEnv('drift-lock-v1')!;
    const base: RunConfig = {
      ...PUBLISHED_RUN,
      env: spec.id,
      envParams: resolveEnvParams(spec, { every: 40 }),
      replicates: 4,
      seed: 8,
    };
    const fixed = runExperiment(normalizeRun(base)).replicates;
    const refutation = runExperiment(
      normalizeRun({
        ...base,
        agent: { ...PUBLISHED_AGENT, exploration: cfg({ name: 'refutation', high: 0 }) },
      }),
    ).replicates;
    expect(refutation).toEqual(fixed);
  });

  it('refutation in a run: no exploration until refutations are seen, then explores while they exceed 10 %', () => {
    // Noisy feedback (q = 0.3) and a loose threshold: skills form and noise keeps refuting them. Tests are
    // counted as high-score samples are recorded, so the window sees refutations as they happen.
    const spec = findEnv('noisy-lock-v1')!;
    const exploration = cfg({ name: 'refutation', high: 0.3, refuteHigh: 0.1, window: 30 });
    const agent = {
      ...PUBLISHED_AGENT,
      threshold: 0.6,
      window: 'all' as const,
      testUnit: 'high' as const,
      testAt: 'record' as const,
      exploration,
    };
    const noisy = (a: typeof agent) =>
      runExperiment(
        normalizeRun({
          ...PUBLISHED_RUN,
          env: spec.id,
          envParams: resolveEnvParams(spec, { q: 0.3 }),
          rounds: 4,
          replicates: 20,
          seed: 4,
          agent: a,
        }),
      );
    const run = noisy(agent);
    for (const rep of run.replicates) {
      expect(rep[0]!.explorations).toBe(0); // nothing tested yet in round 1 (no skills)
      for (const m of rep.slice(1)) {
        if (m.refutationRate > 0.15) expect(m.explorations).toBeGreaterThan(0);
      }
    }
    // The same arm without the policy never explores.
    const fixed = noisy({ ...agent, exploration: cfg({}) });
    expect(fixed.replicates.flat().every((m) => m.explorations === 0)).toBe(true);
  });
});
