import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreeing, bitWords, lastWordMask, packBits, popcount32, unpackBits } from '../../../sim/core/bitCode.js';

const code = (n: number): fc.Arbitrary<Int32Array> =>
  fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }).map((a) => Int32Array.from(a));

describe('bit words', () => {
  it('popcount32 counts set bits of any 32-bit word', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (x) => {
        let n = 0;
        for (let b = 0; b < 32; b++) n += (x >>> b) & 1;
        expect(popcount32(x)).toBe(n);
      }),
    );
  });

  it('packs and unpacks a code, leaving the bits beyond the last position 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }).chain((n) => code(n)),
        (c) => {
          const words = new Int32Array(bitWords(c.length));
          packBits(c, words);
          expect(words[words.length - 1]! & ~lastWordMask(c.length)).toBe(0);
          const back = new Int32Array(c.length);
          unpackBits(words, back);
          expect(back).toEqual(c);
        },
      ),
    );
  });

  it('agreeing counts the positions where two codes agree', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }).chain((n) => fc.tuple(code(n), code(n))),
        ([a, b]) => {
          const wa = new Int32Array(bitWords(a.length));
          const wb = new Int32Array(bitWords(b.length));
          packBits(a, wa);
          packBits(b, wb);
          expect(agreeing(wa, wb, lastWordMask(a.length))).toBe(a.filter((v, p) => v === b[p]).length);
        },
      ),
    );
  });
});
