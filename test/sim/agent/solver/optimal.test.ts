import { describe, expect, it } from 'vitest';
import { fullSet, OptimalOpener } from '../../../../sim/agent/solver/optimal.js';
import { add, wordsFor } from '../../../../sim/agent/solver/bitset.js';
import { allCodes, bruteOptimal } from './bruteForce.js';

describe('optimal opener', () => {
  it('4-bit lock: expected 13/4 attempts (total 52 over 16 truths), worst case 5', () => {
    const v = new OptimalOpener(4).value(fullSet(4));
    expect(v.candidates).toBe(16);
    expect(v.total).toBe(52);
    expect(v.worst).toBe(5);
  });

  for (const bits of [1, 2, 3, 4]) {
    it(`${bits} bits: agrees with an exhaustive search without pruning or symmetry`, () => {
      const [total, worst] = bruteOptimal(bits, allCodes(bits));
      for (const symmetry of [true, false]) {
        const v = new OptimalOpener(bits, symmetry).value(fullSet(bits));
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
    const v = new OptimalOpener(bits).value(set);
    expect([v.total, v.worst]).toEqual([total, worst]);
  });

  it('symmetry does not change the 5-bit value', () => {
    const a = new OptimalOpener(5).value(fullSet(5));
    const b = new OptimalOpener(5, false).value(fullSet(5));
    expect(a).toEqual(b);
  });

  it('its move is a pure function of the set, whatever was solved before', () => {
    const bits = 5;
    const pool = new Uint32Array(wordsFor(bits));
    for (const c of allCodes(bits)) if ((c & 3) === 2) add(pool, c);
    const fresh = new OptimalOpener(bits);
    const warmed = new OptimalOpener(bits);
    warmed.value(fullSet(bits)); // solves many sets first, in another order
    expect(warmed.move(pool)).toBe(fresh.move(pool));
    expect(warmed.move(fullSet(bits))).toBe(fresh.move(fullSet(bits)));
  });

  it('refuses locks beyond its limit', () => {
    expect(() => new OptimalOpener(9)).toThrow(RangeError);
  });
});
