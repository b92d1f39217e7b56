import { describe, expect, it } from 'vitest';
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
});
