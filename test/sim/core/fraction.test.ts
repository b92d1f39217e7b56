import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, div, fraction, fromDecimal, mul, ratioText, sub, toNumber } from '../../../sim/core/fraction.js';
import { loadMath } from '../../helpers/mathjs.js';

const small = fc
  .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 1000 }))
  .map(([n, d]) => fraction(BigInt(n), BigInt(d)));

describe('fractions on BigInt', () => {
  it('keeps lowest terms with a positive denominator, written n/d', () => {
    expect(ratioText(fraction(6n, -4n))).toBe('-3/2');
    expect(ratioText(fraction(16n))).toBe('16/1');
    expect(ratioText(fraction(0n, 7n))).toBe('0/1');
    expect(() => fraction(1n, 0n)).toThrow(RangeError);
  });

  it('reads decimals exactly, exponents included', () => {
    expect(ratioText(fromDecimal('0.2'))).toBe('1/5');
    expect(ratioText(fromDecimal('1e-7'))).toBe('1/10000000');
    expect(ratioText(fromDecimal('-1.25'))).toBe('-5/4');
    expect(ratioText(fromDecimal('3'))).toBe('3/1');
    expect(ratioText(fromDecimal('2.5e2'))).toBe('250/1');
    for (const bad of ['', '.', 'abc', '1/2', '0x10']) expect(() => fromDecimal(bad)).toThrow(RangeError);
  });

  it('adds, subtracts, multiplies and divides as the rationals do', () => {
    fc.assert(
      fc.property(small, small, (a, b) => {
        const close = (f: ReturnType<typeof fraction>, x: number): void => expect(toNumber(f)).toBeCloseTo(x, 9);
        const [x, y] = [toNumber(a), toNumber(b)];
        close(add(a, b), x + y);
        close(sub(a, b), x - y);
        close(mul(a, b), x * y);
        if (b.n !== 0n) close(div(a, b), x / y);
        expect(sub(add(a, b), b)).toEqual(a);
      }),
    );
  });

  it('turns huge fractions into the nearest double', () => {
    expect(toNumber(fraction(16n ** 400n + 1n, 16n ** 399n))).toBe(16);
    expect(toNumber(fraction(1n, 2n ** 2000n))).toBe(0);
    expect(toNumber(fraction(-(3n ** 1000n), 3n ** 999n))).toBe(-3);
  });

  it("are mathjs's fractions, operation by operation, and read decimals as mathjs does", async () => {
    const math = await loadMath();
    const ratio = (f: unknown): string => {
      const text = math.format(f as never, { fraction: 'ratio' });
      return text.includes('/') ? text : `${text}/1`;
    };
    const theirs = (f: ReturnType<typeof fraction>): unknown => math.fraction(f.n, f.d);
    fc.assert(
      fc.property(small, small, (a, b) => {
        const [x, y] = [theirs(a), theirs(b)] as [never, never];
        expect(ratioText(add(a, b))).toBe(ratio(math.add(x, y)));
        expect(ratioText(sub(a, b))).toBe(ratio(math.subtract(x, y)));
        expect(ratioText(mul(a, b))).toBe(ratio(math.multiply(x, y)));
        if (b.n !== 0n) expect(ratioText(div(a, b))).toBe(ratio(math.divide(x, y)));
      }),
      { numRuns: 300, seed: 9 },
    );
    for (const text of ['0.2', '0.05', '-1.25', '3', '0.001', '12.5', '0'])
      expect(ratioText(fromDecimal(text))).toBe(ratio(math.fraction(text)));
  });
});
