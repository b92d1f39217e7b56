import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalRange,
  formatDecimal,
  parseDecimalText,
  RangeSyntaxError,
  type Decimal,
} from '../../../scripts/sweep/decimal.js';

const d = (text: string): Decimal => parseDecimalText(text)!;

describe('exact decimal ranges', () => {
  it('steps in exact decimals and includes the end point', () => {
    const values = decimalRange(d('0.6'), d('0.95'), d('0.05'), 100);
    expect(values).toEqual(['0.6', '0.65', '0.7', '0.75', '0.8', '0.85', '0.9', '0.95']);
    // Floating-point accumulation is what this avoids: 0.6 + 2 × 0.05 is not 0.7.
    expect(0.6 + 0.05 + 0.05).not.toBe(0.7);
    expect(values.map(Number)[2]).toBe(0.7);
  });

  it('stops at the last whole step below the end', () => {
    expect(decimalRange(d('0'), d('1'), d('0.3'), 100)).toEqual(['0', '0.3', '0.6', '0.9']);
    expect(decimalRange(d('1'), d('4'), d('1'), 100)).toEqual(['1', '2', '3', '4']);
    expect(decimalRange(d('-0.2'), d('0.2'), d('0.1'), 100)).toEqual(['-0.2', '-0.1', '0', '0.1', '0.2']);
  });

  it('rejects a non-positive step, a reversed range and too many values', () => {
    expect(() => decimalRange(d('0'), d('1'), d('0'), 100)).toThrow(RangeSyntaxError);
    expect(() => decimalRange(d('1'), d('0'), d('0.1'), 100)).toThrow(/above the end/);
    expect(() => decimalRange(d('0'), d('1'), d('0.001'), 100)).toThrow(/1001 values/);
  });

  it('formats the shortest decimal and parses numbers in the one grammar, exactly', () => {
    expect(formatDecimal(d('0.500'))).toBe('0.5');
    expect(formatDecimal(d('+3.000'))).toBe('3');
    expect(formatDecimal(d('-0.0'))).toBe('0');
    expect(formatDecimal(d('007.25'))).toBe('7.25');
    expect(formatDecimal(d('1e3'))).toBe('1000');
    expect(formatDecimal(d('2.5e-3'))).toBe('0.0025');
    expect(formatDecimal(d('.5'))).toBe('0.5');
    expect(formatDecimal(d('1.'))).toBe('1');
    expect(decimalRange(d('1e-1'), d('3e-1'), d('1e-1'), 10)).toEqual(['0.1', '0.2', '0.3']);
    for (const bad of ['0x10', '', 'abc', '.', '1e', 'Infinity', '1e999', '1_0'])
      expect(parseDecimalText(bad)).toBeUndefined();
  });

  it('every value equals start + i·step exactly, as integers of the finest scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 4 }),
        (a, s, n, scale) => {
          const unit = 10 ** scale;
          const text = (k: number): string => formatDecimal({ units: BigInt(k), scale });
          const values = decimalRange(d(text(a)), d(text(a + n * s)), d(text(s)), 1000);
          expect(values).toHaveLength(n + 1);
          values.forEach((v, i) => expect(Math.round(Number(v) * unit)).toBe(a + i * s));
          values.forEach((v) => expect(v).toBe(formatDecimal(d(v))));
        },
      ),
    );
  });
});
