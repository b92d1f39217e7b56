import { describe, expect, it, vi } from 'vitest';
import { Library } from '../../../sim/agent/library.js';
import { Retriever } from '../../../sim/agent/retriever.js';

const claim = (position: number, value: number, confidence: number, evidence: number) => ({
  position,
  value,
  confidence,
  evidence,
});

describe('Retriever', () => {
  it('ranks by confidence, then evidence, and merges the top k', () => {
    const lib = new Library(4, 2);
    lib.update([claim(0, 1, 0.9, 10), claim(1, 0, 0.95, 5), claim(2, 1, 0.9, 30), claim(3, 1, 0.86, 99)], 'replace');
    const r = new Retriever(4, 2);
    const c = r.retrieve(lib);
    expect(r.picked.map((s) => s.position)).toEqual([1, 2]);
    expect(Array.from(c.values)).toEqual([-1, 0, 1, -1]);
    expect(c.size).toBe(2);
    expect(r.clashes).toBe(0);
  });

  it('lets the first skill win on a clash, and counts it', () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1, 0.9, 10), claim(2, 0, 0.88, 10)], 'replace');
    const r = new Retriever(4, 2);
    const c = r.retrieve(lib);
    expect(Array.from(c.values)).toEqual([-1, -1, 1, -1]);
    expect(r.clashes).toBe(1);
  });

  it('top-k 0 gives an empty constraint', () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1, 0.9, 10)], 'replace');
    expect(new Retriever(4, 0).retrieve(lib).size).toBe(0);
  });

  it('keeps its constraint when an evolution hands over the same claims in the same order', () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1, 0.9, 10), claim(2, 0, 0.88, 10)], 'replace');
    const r = new Retriever(4, 2);
    const c = r.retrieve(lib);
    const clear = vi.spyOn(c, 'clear');
    lib.update([claim(2, 1, 0.95, 12), claim(2, 0, 0.9, 11)], 'replace');
    expect(r.retrieve(lib)).toBe(c);
    expect(clear).not.toHaveBeenCalled();
    expect(Array.from(c.values)).toEqual([-1, -1, 1, -1]);
    expect(r.clashes).toBe(1);
    expect(r.picked.map((s) => s.confidence)).toEqual([0.95, 0.9]);
  });

  it('rebuilds when the same claims come in another order or the picks change', () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1, 0.9, 10), claim(2, 0, 0.88, 10)], 'replace');
    const r = new Retriever(4, 2);
    const c = r.retrieve(lib);
    lib.update([claim(2, 1, 0.88, 10), claim(2, 0, 0.9, 10)], 'replace');
    r.retrieve(lib);
    expect(Array.from(c.values)).toEqual([-1, -1, 0, -1]);
    expect(r.clashes).toBe(1);
    lib.update([claim(2, 0, 0.9, 10), claim(0, 1, 0.86, 3)], 'replace');
    r.retrieve(lib);
    expect(Array.from(c.values)).toEqual([1, -1, 0, -1]);
    expect(r.clashes).toBe(0);
    lib.update([claim(2, 0, 0.9, 10)], 'replace');
    r.retrieve(lib);
    expect(Array.from(c.values)).toEqual([-1, -1, 0, -1]);
    expect(c.size).toBe(1);
  });

  it("builds a lifecycle's constraint afresh each time, bans included", () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1, 0.9, 10)], 'replace');
    let banned = 0;
    const r = new Retriever(4, 2, (constraint) => {
      banned++;
      constraint.ban(0, banned % 2, 2);
    });
    const c = r.retrieve(lib);
    lib.update([claim(2, 1, 0.95, 12)], 'replace');
    r.retrieve(lib);
    expect(banned).toBe(2);
    expect(c.activeBans?.total).toBe(1);
    expect(Array.from(c.values)).toEqual([-1, -1, 1, -1]);
  });
});
