import { describe, expect, it } from 'vitest';
import { normalMass, upperTail } from '../../../../sim/reproduction/likelihood/normal.js';

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
});
