import { describe, expect, it } from 'vitest';
import { loadMath } from '../../../helpers/mathjs.js';
import { ConsistentOpener } from '../../../../sim/agent/solver/consistent.js';
import { fullSet } from '../../../../sim/agent/solver/optimal.js';
import { allCodes, bruteConsistent } from './bruteForce.js';

describe('consistent opener, exact', () => {
  it('4-bit lock: 13/4, worst case 5', () => {
    const v = new ConsistentOpener(4).value(fullSet(4));
    expect(`${v.expected.n}/${v.expected.d}`).toBe('13/4');
    expect(v.worst).toBe(5);
  });

  for (const bits of [1, 2, 3, 4]) {
    it(`${bits} bits: agrees with a naive recursion in mathjs fractions`, async () => {
      const math = await loadMath();
      const want = bruteConsistent(math, bits, allCodes(bits));
      for (const symmetry of [true, false]) {
        const v = new ConsistentOpener(bits, symmetry).value(fullSet(bits));
        expect(`${v.expected.n}/${v.expected.d}`).toBe(math.format(want, { fraction: 'ratio' }));
      }
    });
  }

  it('symmetry does not change the 6-bit value', () => {
    const a = new ConsistentOpener(6).value(fullSet(6));
    const b = new ConsistentOpener(6, false).value(fullSet(6));
    expect(a).toEqual(b);
  });
});
