import { describe, expect, it } from 'vitest';
import { estimateArm, spread, zeroHitUpperBound } from '../../../../sim/reproduction/likelihood/armEstimate.js';
import { normalMass } from '../../../../sim/reproduction/likelihood/normal.js';
import { roundMeanMass, roundTotalDistribution } from '../../../../sim/reproduction/likelihood/randomControl.js';
import { syntheticValues, type SyntheticReading } from './synthetic.js';

// The published window of the exploration arm: 10.0 attempts and exactly 1 skill.
const LO = 9.95;
const HI = 10.05;
const A: SyntheticReading = { space: 12, skills: [0.2, 0.7, 0.1] };
const N = 20_000;

/** The closed form: P(final mean in [9.95, 10.05)) × P(skills = 1). */
function closedForm(r: SyntheticReading): number {
  return roundMeanMass(roundTotalDistribution(r.space, 20, 30), 30, LO, HI) * r.skills[1];
}

describe('one arm: the joint probability of its published figures', () => {
  const values = syntheticValues(A, N, 11);
  const e = estimateArm('explore', values);

  it('counts runs reproducing every figure to the printed precision: within 4 se of the closed form', () => {
    const truth = closedForm(A);
    expect(truth).toBeGreaterThan(0.01);
    expect(e.n).toBe(N);
    expect(e.exact.p).toBe(e.hits / N);
    expect(e.exact.se).toBeCloseTo(Math.sqrt((truth * (1 - truth)) / N), 3);
    expect(Math.abs(e.exact.p - truth)).toBeLessThan(4 * e.exact.se);
  });

  it('smooths the attempts with a kernel: unbiased for its blurred target, which converges on the closed form', () => {
    const h = e.bandwidths.get('explore.final')!;
    // Scott's rule with one smoothed figure: h = spread · n^(−1/5).
    expect(h).toBeCloseTo(spread(values.get('explore.final')!) * N ** -0.2, 12);
    expect(e.bandwidths.has('explore.skills')).toBe(false);
    const dist = roundTotalDistribution(A.space, 20, 30);
    let blurred = 0;
    dist.forEach((p, s) => (blurred += p * normalMass((LO - s / 30) / h, (HI - s / 30) / h)));
    blurred *= A.skills[1];
    expect(Math.abs(e.smoothed.p - blurred)).toBeLessThan(4 * e.smoothed.se);
    // The kernel spreads each run over many windows, so it is far less noisy than the count …
    expect(e.smoothed.se).toBeLessThan(e.exact.se / 2);
    // … at a bias of order h² that a narrower kernel removes.
    const truth = closedForm(A);
    expect(Math.abs(blurred - truth) / truth).toBeLessThan(0.02);
  });

  it('gives an upper bound, not zero, when no run reproduces the arm', () => {
    const never = estimateArm('explore', syntheticValues({ space: 16, skills: [1, 0, 0] }, 400, 3));
    expect(never.hits).toBe(0);
    expect(never.exact.p).toBe(0);
    expect(never.exact.upper).toBeCloseTo(1 - 0.05 ** (1 / 400), 12);
    // The kernel cannot blur a skill count: the smoothed estimate is zero too, with the same bound.
    expect(never.smoothed.p).toBe(0);
    expect(never.smoothed.upper).toBe(never.exact.upper);
    expect(never.rarest).toBe('explore.skills');
    // The rule of three: about 3/n.
    expect(zeroHitUpperBound(400)).toBeCloseTo(3 / 400, 3);
  });

  it('measures spread robustly: the sd of a normal sample, the IQR when outliers inflate the sd', () => {
    const xs = Float64Array.from({ length: 1000 }, (_, i) => i % 10);
    expect(spread(xs)).toBeCloseTo(Math.min(Math.sqrt((8.25 * 1000) / 999), (7 - 2) / 1.349), 6);
    expect(spread(Float64Array.of(1, 1, 1, 1))).toBe(0);
  });
});
