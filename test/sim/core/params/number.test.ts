/** The one number grammar, and that a flag and a world's parameter accept the same texts. */
import { describe, expect, it } from 'vitest';
import { configFrom } from '../../../../scripts/config/runOptions.js';
import { noisyLockV1 } from '../../../../envs/noisyLock.js';
import { numberParts, parseNumber } from '../../../../sim/core/params/number.js';
import { resolveEnvParams } from '../../../../sim/core/world/params.js';

const ACCEPTED: readonly [string, number][] = [
  ['0.1', 0.1],
  ['1e-1', 0.1],
  ['+.5', 0.5],
  ['1.', 1],
  [' 2.5E-1 ', 0.25],
  ['-0', -0],
  ['1e-7', 1e-7],
];
const REFUSED = ['', ' ', '.', '0x1', '0b1', '1_0', 'Infinity', 'NaN', '1e', 'e1', '1e999', '--1', '1,5', '1/2'];

describe('the number grammar', () => {
  it.each(ACCEPTED)('reads %j as %d', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  it.each(REFUSED)('refuses %j', (text) => {
    expect(parseNumber(text)).toBeUndefined();
  });

  it('splits a number into sign, digits and exponent', () => {
    expect(numberParts('-12.50e+3')).toEqual({ negative: true, whole: '12', fraction: '50', exponent: 3 });
    expect(numberParts('.5')).toEqual({ negative: false, whole: '', fraction: '5', exponent: 0 });
  });

  it('is what --explore and a world parameter (--param q=…) both accept', () => {
    const flag = (text: string): boolean => {
      try {
        configFrom({ explore: text });
        return true;
      } catch {
        return false;
      }
    };
    const world = (text: string): boolean => {
      try {
        resolveEnvParams(noisyLockV1, { q: text });
        return true;
      } catch {
        return false;
      }
    };
    for (const text of [...ACCEPTED.map(([t]) => t).filter((t) => Number(t) >= 0 && Number(t) <= 1), ...REFUSED])
      expect([text, flag(text)]).toEqual([text, world(text)]);
    expect(flag('1e-1') && world('1e-1')).toBe(true);
    expect(flag('0x0') || world('0x0')).toBe(false);
  });
});
