/** Orders of names and parameter values that do not depend on the host's locale. */
import { describe, expect, it } from 'vitest';
import { compareText, compareValues } from '../../../../sim/core/params/order.js';
import { closestNames } from '../../../../sim/core/params/suggest.js';
import { sortedValues } from '../../../../reports/charts/heatmap.js';

// Texts on which a locale's collation and code units disagree: ICU puts `a` before `B`, `_` and `-` before digits.
const MIXED = ['b', 'B', 'a_1', 'a-1', 'a1', 'A', 'é', 'e', '_x', '10', '9'];

describe('compareText', () => {
  it('orders by UTF-16 code units, as the default sort does', () => {
    expect([...MIXED].sort(compareText)).toEqual([...MIXED].sort());
    expect([...MIXED].sort(compareText)).toEqual(['10', '9', 'A', 'B', '_x', 'a-1', 'a1', 'a_1', 'b', 'e', 'é']);
  });

  it('is zero only for equal texts and antisymmetric', () => {
    for (const a of MIXED) {
      for (const b of MIXED) {
        expect(compareText(a, b) === 0).toBe(a === b);
        expect(compareText(a, b) + compareText(b, a)).toBe(0);
      }
    }
  });

  it('differs from a locale order where the locale would decide', () => {
    expect(['b', 'B'].sort(compareText)).toEqual(['B', 'b']);
    expect(['b', 'B'].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(['b', 'B']);
  });
});

describe('compareValues', () => {
  it('orders numbers numerically and anything else by code units', () => {
    expect([10, 9, 0.5].sort(compareValues)).toEqual([0.5, 9, 10]);
    expect(['separate', 'Shared', 'shared'].sort(compareValues)).toEqual(['Shared', 'separate', 'shared']);
    expect([10, '9'].sort(compareValues)).toEqual([10, '9']);
  });

  it('is what the heatmap orders its ticks by', () => {
    expect(sortedValues(['b', 'B', 2, 1, 'a'])).toEqual([...new Set(['b', 'B', 2, 1, 'a'])].sort(compareValues));
    expect(sortedValues(['b', 'B', 'a'])).toEqual(['B', 'a', 'b']);
  });
});

describe('closestNames', () => {
  it('breaks ties in distance by code units', () => {
    expect(closestNames('lockx', ['lockb', 'lockB', 'locka'])).toEqual(['lockB', 'locka', 'lockb']);
  });
});
