import { describe, expect, it } from 'vitest';
import { Retriever } from '../../../../sim/agent/retriever.js';
import { bench, times } from './harness.js';
import { SampleBatch } from '../../../../sim/agent/samples/sampleBatch.js';

describe('published lifecycle and the staleness fix', () => {
  it('never retires a skill, however often it is refuted', () => {
    const b = bench('published');
    b.evolver.observe(SampleBatch.of(times(4, 1)));
    b.lc.evolve();
    const s = b.skill(0, 0, 1);
    for (let t = 0; t < 20; t++) b.task(0, times(5, 0));
    expect(b.library.skills).toContain(s);
    expect(s.refuted).toBe(100);
    expect(b.lc.retired).toBe(0);
  });

  it('--stale-halflife halves the weight of a skill per halflife untested; below the floor it is not retrieved', () => {
    const b = bench('published', { config: { staleHalflife: 4, staleFloor: 0.3 } });
    b.evolver.observe(SampleBatch.of(times(4, 1)));
    b.lc.evolve();
    const s = b.skill(0, 0, 1);
    b.task(0, []); // admitted at task 0
    for (let t = 1; t < 4; t++) b.task(0, []);
    b.lc.beforeTask(4, 0);
    expect(s.weight).toBeCloseTo(0.5, 12);
    b.lc.beforeTask(8, 0);
    expect(s.weight).toBe(0); // 0.25 < 0.3
    expect(new Retriever(1, 1).retrieve(b.library).size).toBe(0);
    b.taskIndex = 8;
    b.task(0, times(1, 0)); // refuted at task 8: not borne out, still stale
    b.lc.beforeTask(9, 0);
    expect(s.weight).toBe(0);
    b.task(0, times(1, 1)); // agreed with at task 9
    b.lc.beforeTask(10, 0);
    expect(s.weight).toBeCloseTo(2 ** (-1 / 4), 12);
  });

  it('an evolution with nothing new repeats the last: its tests settled, a skill removed since brought back', () => {
    const b = bench('published', { accounting: { testUnit: 'high', testAt: 'evolve' } });
    b.evolver.observe(SampleBatch.of(times(4, 1)));
    b.lc.evolve();
    const s = b.skill(0, 0, 1);
    b.library.record(SampleBatch.of(times(3, 0)));
    const version = b.library.version;
    b.lc.evolve(); // the Evolver saw nothing since: the same claim, and the three pending samples refute it
    expect(b.library.skills).toEqual([s]);
    expect(s.refuted).toBe(3);
    expect(b.library.version).toBeGreaterThan(version);
    b.library.remove(s);
    b.lc.evolve(); // the library changed since: a full evolution re-emits the claim
    expect(b.library.skills).toEqual([s]);
    b.evolver.forget(0, 0);
    b.lc.evolve(); // the evidence forgotten: the claim is not re-emitted, and replace drops the skill
    expect(b.library.skills).toEqual([]);
  });
});
