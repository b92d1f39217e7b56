import { describe, expect, it } from 'vitest';
import { Retriever } from '../../../../sim/agent/retriever.js';
import { bench, times } from './harness.js';

describe('expel: insight votes', () => {
  it('ADD starts at 2, AGREE adds 1 per re-emission, REMOVE takes 1 per net-negative review; ≤ 0 drops', () => {
    const b = bench('expel');
    b.lc.emit(0, 1, 0.9, 10);
    const s = b.skill(0, 0, 1);
    b.task(0, []);
    expect(s.weight).toBe(2);
    b.lc.emit(0, 1, 0.9, 11);
    b.task(0, []);
    expect(s.weight).toBe(3);
    b.task(0, [...times(2, 0), ...times(2, 1)]); // as many agree as refute: no REMOVE
    b.task(0, []);
    expect(s.weight).toBe(3);
    b.task(0, [...times(3, 0), ...times(1, 1)]); // one REMOVE, however many counterexamples
    b.task(0, []);
    expect(s.weight).toBe(2);
    b.task(0, times(1, 0));
    b.task(0, times(1, 0));
    expect(b.library.skills).not.toContain(s);
    expect(b.lc.retired).toBe(1);
  });

  it('REMOVE costs 3 once the list is full', () => {
    const b = bench('expel', {
      positions: 2,
      config: { expel: { add: 5, agree: 1, edit: 1, remove: 1, removeFull: 3, cap: 2 } },
    });
    b.lc.emit(0, 1, 0.9, 10);
    b.lc.emit(1, 0, 0.9, 10);
    b.task(0, [[0, 0]]); // refutes position 0 = 1 once, with 2 skills (full)
    b.task(0, []);
    expect(b.skill(0, 0, 1).weight).toBe(2);
  });

  it('EDIT: a claim with another value at the same position replaces the skill and inherits its votes + 1', () => {
    const b = bench('expel');
    b.lc.emit(0, 1, 0.9, 10);
    b.lc.emit(0, 1, 0.9, 10); // AGREE: 3
    b.lc.emit(0, 0, 0.9, 10);
    b.task(0, []);
    expect(b.library.skills.map((s) => [s.value, s.weight])).toEqual([[0, 4]]);
  });

  it('the Retriever ranks by votes', () => {
    const b = bench('expel', { positions: 2 });
    b.lc.emit(0, 1, 0.99, 10);
    b.lc.emit(1, 1, 0.6, 10);
    b.lc.emit(1, 1, 0.6, 10);
    b.task(0, []);
    const r = new Retriever(2, 1);
    r.retrieve(b.library);
    expect(r.picked.map((s) => s.position)).toEqual([1]);
  });
});
