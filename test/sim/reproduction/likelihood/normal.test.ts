import { describe, expect, it } from 'vitest';
import { lowerTail, normalMass, upperTail } from '../../../../sim/reproduction/likelihood/normal.js';

describe('normal tails', () => {
  it('match tabulated values, relatively, far into the tails', () => {
    expect(upperTail(0)).toBeCloseTo(0.5, 7);
    expect(upperTail(1.959963984540054)).toBeCloseTo(0.025, 7);
    expect(upperTail(-1.959963984540054)).toBeCloseTo(0.975, 7);
    // Q(5) = 2.866515718791939e-7, Q(8) = 6.220960574271785e-16 (to the fit's 1.2e-7 relative error).
    expect(Math.abs(upperTail(5) / 2.866515718791939e-7 - 1)).toBeLessThan(2e-7);
    expect(Math.abs(upperTail(8) / 6.220960574271785e-16 - 1)).toBeLessThan(2e-7);
  });

  it('give the mass of an interval on either side of zero, and of a narrow one by its density', () => {
    expect(normalMass(-1, 1)).toBeCloseTo(0.6826894921370859, 7);
    expect(normalMass(5, 6)).toBeCloseTo(upperTail(5) - upperTail(6), 20);
    expect(normalMass(-6, -5)).toBeCloseTo(normalMass(5, 6), 20);
    const phi = (z: number): number => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
    expect(normalMass(0.999, 1.001) / (0.002 * phi(1)) - 1).toBeLessThan(1e-6);
    expect(normalMass(1, 1)).toBe(0);
    expect(normalMass(2, 1)).toBe(0);
  });

  it('takes each interval on the side where it does not cancel, the tail at two points', () => {
    // The three cases spelt out with the tail itself: the mass must be these very numbers, bit for bit.
    const byCases = (a: number, b: number): number =>
      a >= 0 ? upperTail(a) - upperTail(b) : b <= 0 ? upperTail(-b) - upperTail(-a) : 1 - upperTail(-a) - upperTail(b);
    for (let a = -12; a <= 12; a += 0.0173)
      for (const width of [0.05, 0.4, 3, 17])
        expect(Object.is(normalMass(a, a + width), byCases(a, a + width))).toBe(true);
  });

  it('is certain beyond 9 standard deviations and nothing beyond 39, as the tail itself rounds there', () => {
    // Where the shortcuts start, the long way gives the same numbers; two steps nearer zero it would not.
    for (let z = 9; z <= 60; z += 0.25) {
      expect(lowerTail(z)).toBe(1);
      expect(1 - upperTail(z)).toBe(1);
      expect(lowerTail(-z)).toBe(0);
      expect(1 - upperTail(-z)).toBe(0);
    }
    expect(1 - upperTail(7)).toBeLessThan(1);
    expect(lowerTail(7)).toBe(1 - upperTail(7));
    for (let z = 39; z <= 60; z += 0.25) {
      expect(upperTail(z)).toBe(0);
      expect(normalMass(z, z + 1)).toBe(0);
      expect(normalMass(-z - 1, -z)).toBe(0);
    }
    expect(upperTail(37)).toBeGreaterThan(0);
  });
});
