import { describe, expect, it } from 'vitest';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { Evolver } from '../../../../sim/agent/evolver.js';
import { wilsonLower } from '../../../../sim/agent/lifecycle/threshold.js';
import { SampleBatch } from '../../../../sim/agent/samples/sampleBatch.js';

describe('the threshold tied to sample size (Wilson lower bound)', () => {
  it('matches the Wilson score interval', () => {
    // 8 of 10 at z = 1.96: the textbook interval is [0.4902, 0.9433].
    expect(wilsonLower(8, 10, 1.96)).toBeCloseTo(0.49016, 4);
    expect(wilsonLower(0, 10, 1.96)).toBe(0);
    expect(wilsonLower(5, 0, 1.96)).toBe(0);
    // The bound rises towards the share as n grows.
    const bounds = [10, 100, 1000, 10000].map((n) => wilsonLower(0.9 * n, n, 1.645));
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]!).toBeGreaterThan(bounds[i - 1]!);
    expect(0.9 - bounds[3]!).toBeLessThan(0.01);
  });

  it('needs near-unanimity from few samples and accepts a lower share from many', () => {
    const rules = { ...PUBLISHED_AGENT, thresholdRule: 'lcb' as const, lcbZ: 1.645, threshold: 0.7, minEvidence: 1 };
    const few = new Evolver(1, 2, rules);
    few.observe(SampleBatch.of(Array.from({ length: 5 }, () => [1])));
    expect(few.evolve()).toEqual([]); // 5/5: bound 0.65 < 0.7
    const many = new Evolver(1, 2, rules);
    many.observe(SampleBatch.of(Array.from({ length: 400 }, (_, i) => [i % 5 === 0 ? 0 : 1]))); // share 0.8
    const [claim] = many.evolve();
    expect(claim!.value).toBe(1);
    expect(claim!.confidence).toBeCloseTo(wilsonLower(320, 400, 1.645), 15);
    expect(claim!.confidence).toBeLessThan(0.8);
  });
});
