import { describe, expect, it } from 'vitest';
import { fullSet, OptimalOpener } from '../../../sim/limits/optimal.js';
import { initialBlocks, singletonBlocks } from '../../../sim/limits/symmetry.js';
import { add, wordsFor } from '../../../sim/limits/bitset.js';
import { allCodes, bruteOptimal } from './bruteForce.js';

describe('optimal opener', () => {
  it('4-bit lock: expected 13/4 attempts (total 52 over 16 truths), worst case 5', () => {
    const v = new OptimalOpener(4).value(fullSet(4), initialBlocks(4));
    expect(v.candidates).toBe(16);
    expect(v.total).toBe(52);
    expect(v.worst).toBe(5);
  });

  for (const bits of [1, 2, 3, 4]) {
    it(`${bits} bits: agrees with an exhaustive search without pruning or symmetry`, () => {
      const [total, worst] = bruteOptimal(bits, allCodes(bits));
      for (const blocks of [initialBlocks(bits), singletonBlocks(bits)]) {
        const v = new OptimalOpener(bits).value(fullSet(bits), blocks);
        expect([v.total, v.worst]).toEqual([total, worst]);
      }
    });
  }

  it('sub-pools (a constraint fixing positions) agree with exhaustive search', () => {
    const bits = 4;
    // Codes with position 0 = 1 and position 2 = 0.
    const pool = allCodes(bits).filter((c) => (c & 1) === 1 && ((c >> 2) & 1) === 0);
    const set = new Uint32Array(wordsFor(bits));
    for (const c of pool) add(set, c);
    const [total, worst] = bruteOptimal(bits, pool);
    const v = new OptimalOpener(bits).value(set, initialBlocks(bits, [1, -1, 0, -1]));
    expect([v.total, v.worst]).toEqual([total, worst]);
  });

  it('symmetry does not change the 5-bit value', () => {
    const a = new OptimalOpener(5).value(fullSet(5), initialBlocks(5));
    const b = new OptimalOpener(5).value(fullSet(5), singletonBlocks(5));
    expect(a).toEqual(b);
  });

  it('its move for a known set is a member or splits the set', () => {
    const o = new OptimalOpener(4);
    const set = fullSet(4);
    o.value(set, initialBlocks(4));
    const g = o.move(set);
    expect(g).toBeGreaterThanOrEqual(0);
    expect(g).toBeLessThan(16);
  });

  it('refuses locks beyond its limit', () => {
    expect(() => new OptimalOpener(9)).toThrow(RangeError);
  });
});
