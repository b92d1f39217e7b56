import { describe, expect, it } from 'vitest';
import { EVERY_CONTEXT } from '../../../../sim/agent/skill.js';
import { bench, times } from './harness.js';
import { SampleBatch } from '../../../../sim/agent/samples/sampleBatch.js';

describe('beta: Beta–Bernoulli estimates, retirement, scope splitting', () => {
  it('reads evidence only: with every attempt a test, low-score attempts move nothing', () => {
    const b = bench('beta', { accounting: { testUnit: 'any', testAt: 'evolve' } });
    b.lc.emit(0, 1, 0.5, 2); // alpha 2, beta 2
    const s = b.skill(0, 0, 1);
    b.library.record(SampleBatch.of([], { attempts: 5 }));
    b.library.record(SampleBatch.of([[1], [0]]));
    b.library.flushTests();
    expect([s.hits, s.agreed, s.refuted]).toEqual([7, 1, 1]);
    b.task(0, []);
    b.task(0, []);
    expect(s.weight).toBeCloseTo(3 / 6, 12);
  });

  it('admits with the prior plus the claim’s evidence and ranks by the posterior mean', () => {
    const b = bench('beta');
    b.lc.emit(0, 1, 0.8, 10); // alpha = 1 + 8, beta = 1 + 2
    const s = b.skill(0, 0, 1);
    expect(s.weight).toBeCloseTo(9 / 12, 12);
    b.task(0, [...times(3, 1), ...times(1, 0)]);
    b.task(0, []);
    expect(s.weight).toBeCloseTo(12 / 16, 12);
  });

  it('retires after at least 4 failures once the posterior mean is below 0.45', () => {
    const b = bench('beta');
    b.lc.emit(0, 1, 1, 2); // alpha 3, beta 1
    const s = b.skill(0, 0, 1);
    b.task(0, times(3, 0)); // alpha 3, beta 4: 3 failures, mean 0.43
    expect(b.library.skills).toContain(s);
    b.task(0, times(1, 1)); // 4/8 = 0.5
    b.task(0, times(1, 0)); // 4 failures, 4/9 = 0.444
    expect(b.library.skills).not.toContain(s);
    expect(b.lc.retired).toBe(1);
  });

  it('splits a pooled skill seen in 3 contexts with 4 observations each into per-context skills', () => {
    const b = bench('beta', { contexts: 4, scope: 'global' });
    b.lc.emit(0, 1, 1, 4, EVERY_CONTEXT);
    const pooled = b.skill(EVERY_CONTEXT, 0, 1);
    b.task(0, times(4, 1));
    b.task(1, times(4, 1));
    expect(b.library.skills).toEqual([pooled]);
    b.task(2, [...times(1, 1), ...times(3, 0)]);
    expect(b.library.skills).not.toContain(pooled);
    const children = b.library.skills.map((s) => [s.context, s.evidence]);
    expect(children).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
    b.task(0, []);
    expect(b.skill(2, 0, 1).weight).toBeCloseTo(2 / 6, 12);
    // The pooled claim is not re-admitted afterwards.
    b.lc.emit(0, 1, 1, 20, EVERY_CONTEXT);
    expect(b.library.skills).not.toContain(pooled);
  });
});
