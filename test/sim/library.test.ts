import { describe, expect, it } from 'vitest';
import { Library } from '../../sim/library.js';

const code = (bits: string): Int32Array => Int32Array.from(bits, (c) => Number(c));
const claim = (position: number, value: number, confidence = 0.9, evidence = 10) => ({ position, value, confidence, evidence });

describe('Library', () => {
  it('each high-score sample tests every skill and refutes those it disagrees with', () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1), claim(0, 1)], 'replace');
    lib.test(code('1011'));
    lib.test(code('0011'));
    expect(lib.tests).toBe(4);
    expect(lib.refutations).toBe(1);
    const byPos = Object.fromEntries(lib.skills.map((s) => [s.position, [s.hits, s.refuted]]));
    expect(byPos).toEqual({ 2: [2, 0], 0: [2, 1] });
  });

  it("'replace' drops skills not re-emitted; 'merge' keeps them; a re-emitted claim keeps its record", () => {
    const lib = new Library(4, 2);
    lib.update([claim(0, 1), claim(1, 0)], 'replace');
    lib.test(code('0000'));
    lib.update([claim(0, 1, 0.95, 20)], 'replace');
    expect(lib.skills.map((s) => [s.position, s.value, s.confidence, s.evidence, s.hits, s.refuted])).toEqual([[0, 1, 0.95, 20, 1, 1]]);
    lib.update([claim(3, 1)], 'merge');
    expect(lib.skills.map((s) => s.position)).toEqual([0, 3]);
    lib.update([], 'replace');
    expect(lib.size).toBe(0);
  });

  it('bumps its version on every update (the Retriever rebuilds on change)', () => {
    const lib = new Library(2, 2);
    const v = lib.version;
    lib.update([claim(0, 0)], 'merge');
    expect(lib.version).toBeGreaterThan(v);
  });
});
