import { describe, expect, it } from 'vitest';
import { abcArm, NEIGHBOURS } from '../../../../sim/reproduction/checks/crossCheck.js';
import { roundMeanMass, roundTotalDistribution } from '../../../../sim/reproduction/likelihood/randomControl.js';
import { syntheticValues } from '../likelihood/synthetic.js';

describe('the cross-check by rejection ABC', () => {
  it('estimates a known window probability within its own error', () => {
    const values = syntheticValues({ space: 12, skills: [0.2, 0.7, 0.1] }, 20_000, 4);
    const truth = roundMeanMass(roundTotalDistribution(12, 20, 30), 30, 9.95, 10.05) * 0.7;
    const e = abcArm('explore', values)!;
    // On the lattice of 30ths the tolerance is the window's half-width: hundreds of runs within it.
    expect(e.se).toBeLessThan(Math.sqrt(1 / NEIGHBOURS));
    expect(Math.abs(e.log - Math.log(truth))).toBeLessThan(3 * e.se);
  });

  it('declines a class too small for its neighbours', () => {
    expect(abcArm('explore', syntheticValues({ space: 12, skills: [0.999, 0.001, 0] }, 2000, 4))).toBeNull();
  });
});
