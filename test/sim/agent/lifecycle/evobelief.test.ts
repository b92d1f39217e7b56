import { describe, expect, it } from 'vitest';
import { EVERY_CONTEXT } from '../../../../sim/agent/skill.js';
import { bench, times } from './harness.js';
import { SampleBatch } from '../../../../sim/agent/samples/sampleBatch.js';

describe('evobelief: validation, promotion, decay, narrowing, retirement', () => {
  it('a proposed rule is a candidate: in the library, tested, never retrieved', () => {
    const b = bench('evobelief');
    b.lc.emit(0, 1, 0.9, 12);
    const s = b.skill(0, 0, 1);
    expect(b.library.skills).toContain(s);
    expect(s.weight).toBe(0);
    expect(b.library.usable).toBe(0);
  });

  it('is promoted after n trials when at least 80 % agree, with confidence := that share', () => {
    const b = bench('evobelief');
    b.lc.emit(0, 1, 0.9, 12);
    b.task(0, [...times(6, 1), ...times(1, 0)]);
    expect(b.skill(0, 0, 1).weight).toBe(0);
    b.task(0, [...times(2, 1), ...times(1, 0)]); // 10 trials, 8 agree
    const s = b.skill(0, 0, 1);
    expect(s.confidence).toBe(0.8);
    b.task(0, []);
    expect(s.weight).toBe(0.8);
    expect(b.library.usable).toBe(1);
  });

  it('below 80 % it stays a candidate and a fresh batch of trials starts', () => {
    const b = bench('evobelief');
    b.lc.emit(0, 1, 0.9, 12);
    b.task(0, [...times(7, 1), ...times(3, 0)]); // 70 %
    b.task(0, times(9, 1));
    expect(b.skill(0, 0, 1).weight).toBe(0); // 9 of the new batch: not yet 10
    b.task(0, times(1, 1));
    b.task(0, []);
    expect(b.skill(0, 0, 1).weight).toBe(1);
  });

  it('a counterexample multiplies confidence by the decay; below 0.4 the rule retires, its evidence forgotten', () => {
    const b = bench('evobelief', { config: { evobelief: { trials: 2, promote: 0.8, decay: 0.8, retire: 0.4 } } });
    b.evolver.observe(SampleBatch.of(times(5, 1)));
    b.lc.evolve();
    b.task(0, times(2, 1));
    const s = b.skill(0, 0, 1);
    expect(s.confidence).toBe(1);
    b.task(0, times(3, 0));
    expect(s.confidence).toBeCloseTo(0.512, 12);
    expect(b.library.skills).toContain(s);
    b.task(0, times(2, 0)); // 0.32768 < 0.4
    expect(b.library.skills).not.toContain(s);
    expect(b.lc.retired).toBe(1);
    expect(b.evolver.evolve()).toEqual([]); // the evidence behind position 0 is gone
  });

  it('a rule spanning every context is narrowed to exclude the context of a counterexample', () => {
    const b = bench('evobelief', {
      contexts: 3,
      scope: 'global',
      config: { evobelief: { trials: 2, promote: 0.8, decay: 0.8, retire: 0.4 } },
    });
    b.lc.emit(0, 1, 1, 10, EVERY_CONTEXT);
    b.task(1, times(2, 1));
    const s = b.skill(EVERY_CONTEXT, 0, 1);
    b.task(2, times(1, 0));
    expect(Array.from(s.excluded!)).toEqual([0, 0, 1]);
    expect(s.confidence).toBeCloseTo(0.8, 12);
    // No longer tested in context 2; still in 0 and 1.
    b.library.record(SampleBatch.of([[0]], { context: 2 }));
    expect(s.hits).toBe(3);
  });

  it('a rule scoped to one context is only decayed (nothing to narrow)', () => {
    const b = bench('evobelief', {
      contexts: 2,
      config: { evobelief: { trials: 1, promote: 0.8, decay: 0.8, retire: 0.4 } },
    });
    b.lc.emit(0, 1, 1, 10, 1);
    b.task(1, times(1, 1));
    b.task(1, times(1, 0));
    expect(b.skill(1, 0, 1).excluded).toBeNull();
  });
});
