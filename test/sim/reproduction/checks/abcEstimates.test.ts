import { describe, expect, it } from 'vitest';
import { abcArm, NEIGHBOURS, syntheticArm } from '../../../../sim/reproduction/checks/abcEstimates.js';
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

describe('the cross-check by a synthetic likelihood', () => {
  it('estimates a known window probability within three of its own errors, on every one of three seeds', () => {
    const truth = roundMeanMass(roundTotalDistribution(12, 20, 30), 30, 9.95, 10.05) * 0.7;
    for (const seed of [4, 5, 6]) {
      const e = syntheticArm('explore', syntheticValues({ space: 12, skills: [0.2, 0.7, 0.1] }, 20_000, seed))!;
      expect(e.se).toBeGreaterThan(0);
      expect(Math.abs(e.log - Math.log(truth)), `seed ${seed}`).toBeLessThan(3 * e.se);
    }
  });

  it('gives the same estimate and error on every run, and declines a class too small', () => {
    const values = syntheticValues({ space: 12, skills: [0.2, 0.7, 0.1] }, 5000, 7);
    expect(syntheticArm('explore', values)).toEqual(syntheticArm('explore', values));
    expect(syntheticArm('explore', syntheticValues({ space: 12, skills: [0.999, 0.001, 0] }, 2000, 4))).toBeNull();
  });
});
