import { describe, expect, it } from 'vitest';
import { estimateArm } from '../../../../sim/reproduction/likelihood/armEstimate.js';
import {
  compareReadings,
  differenceSe,
  posteriors,
  standings,
  tied,
} from '../../../../sim/reproduction/likelihood/posterior.js';
import { roundMeanMass, roundTotalDistribution } from '../../../../sim/reproduction/likelihood/randomControl.js';
import {
  chooseBases,
  combine,
  readingLikelihood,
  type ReadingLikelihood,
} from '../../../../sim/reproduction/likelihood/reading.js';
import type { FigureId } from '../../../../sim/reproduction/figures.js';
import { syntheticValues, type SyntheticReading } from './synthetic.js';

const A: SyntheticReading = { space: 12, skills: [0.2, 0.7, 0.1] };
const B: SyntheticReading = { space: 16, skills: [0.3, 0.4, 0.3] };
const closedForm = (r: SyntheticReading): number =>
  roundMeanMass(roundTotalDistribution(r.space, 20, 30), 30, 9.95, 10.05) * r.skills[1];

/** Readings of one arm from per-run values, on the bases their estimates call for. */
function readings(values: readonly Map<FigureId, Float64Array>[], keys: readonly string[]): ReadingLikelihood[] {
  const estimates = values.map((v) => estimateArm('explore', v));
  const bases = chooseBases(estimates);
  return estimates.map((estimate, i) => readingLikelihood([{ key: keys[i]!, estimate }], bases));
}

describe('posteriors and Bayes factors', () => {
  // A and B share random numbers (the same seed): as one arm under two readings does in the audit.
  const [a, b] = readings([syntheticValues(A, 20_000, 5), syntheticValues(B, 20_000, 5)], ['a', 'b']);

  it('recover the closed-form Bayes factor within its Monte Carlo error', () => {
    const logBf = Math.log(closedForm(A) / closedForm(B));
    expect(logBf).toBeGreaterThan(0.5);
    const [sa, sb] = standings([a!, b!]);
    expect(sa!.rank).toBe(1);
    expect(sb!.logBayesFactor).toBeCloseTo(a!.joint.log - b!.joint.log, 12);
    expect(Math.abs(sb!.logBayesFactor - logBf)).toBeLessThan(4 * sb!.logBayesFactorSe);
    // Posterior under a uniform prior: L_A / (L_A + L_B), its error by the delta method.
    const truth = closedForm(A) / (closedForm(A) + closedForm(B));
    expect(Math.abs(sa!.posterior - truth)).toBeLessThan(4 * truth * (1 - truth) * sb!.logBayesFactorSe);
    expect(sb!.tiedWithBest).toBe(false);
  });

  it('sum to 1 under a uniform prior, and give 0 to a reading no run reproduces', () => {
    const never = readings([syntheticValues({ space: 16, skills: [1, 0, 0] }, 500, 9)], ['never'])[0]!;
    expect(never.joint.log).toBe(-Infinity);
    expect(never.joint.upper).toBeCloseTo(Math.log(1 - 0.05 ** (1 / 500)), 12);
    const post = posteriors([a!, b!, never, a!]);
    expect(post.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(post[2]).toBe(0);
    expect(post[0]).toBeCloseTo(post[3]!, 15);
    // Nothing finite: no posterior to give.
    expect(posteriors([never, never]).every(Number.isNaN)).toBe(true);
  });

  it('orders best first, readings too rare to estimate last by their bound', () => {
    const never = readings([syntheticValues({ space: 16, skills: [1, 0, 0] }, 500, 9)], ['never'])[0]!;
    const sorted = [never, b!, a!].sort(compareReadings);
    expect(sorted).toEqual([a, b, never]);
  });
});

describe('ties', () => {
  it('are declared when the intervals of the log Bayes factor overlap 0, not once runs separate the readings', () => {
    // A against a reading one skill count apart: a true log Bayes factor of log(0.7/0.6) = 0.15.
    const close: SyntheticReading = { space: 12, skills: [0.2, 0.6, 0.2] };
    const few = readings([syntheticValues(A, 100, 2), syntheticValues(close, 100, 3)], ['a', 'close']);
    const many = readings([syntheticValues(A, 20_000, 2), syntheticValues(close, 20_000, 2)], ['a', 'close']);
    const gap = (r: ReadingLikelihood[]): number => Math.abs(r[0]!.joint.log - r[1]!.joint.log);
    expect(gap(few)).toBeLessThanOrEqual(1.96 * differenceSe(few[0]!, few[1]!));
    expect(tied(few[0]!, few[1]!)).toBe(true);
    expect(gap(many)).toBeGreaterThan(1.96 * differenceSe(many[0]!, many[1]!));
    expect(tied(many[0]!, many[1]!)).toBe(false);
    // Tied readings share a rank.
    expect(standings(few.sort(compareReadings)).map((s) => s.rank)).toEqual([1, 1]);
  });

  it('readings sharing a simulation differ by exactly 0; on shared random numbers a paired, smaller error', () => {
    const values = syntheticValues(A, 5000, 4);
    const [x, y] = readings([values, values], ['same', 'same']);
    expect(differenceSe(x!, y!)).toBe(0);
    expect(tied(x!, y!)).toBe(true);
    // The same runs with one run in fifty reading one skill more: a nearly identical reading.
    const shifted = new Map(values);
    shifted.set(
      'explore.skills',
      values.get('explore.skills')!.map((s, i) => (i % 50 === 0 ? s + 1 : s)),
    );
    const [p, q] = readings([values, shifted], ['p', 'q']);
    const unpaired = Math.hypot(p!.joint.se, q!.joint.se);
    expect(differenceSe(p!, q!)).toBeGreaterThan(0);
    expect(differenceSe(p!, q!)).toBeLessThan(unpaired / 2);
  });
});

describe('combining arms', () => {
  it('adds log-probabilities with errors in quadrature; a zero arm leaves an upper bound', () => {
    const c = combine([
      { p: 0.5, se: 0.05, upper: null },
      { p: 0.1, se: 0.02, upper: null },
    ]);
    expect(c.log).toBeCloseTo(Math.log(0.05), 12);
    expect(c.se).toBeCloseTo(Math.hypot(0.1, 0.2), 12);
    const z = combine([
      { p: 0.5, se: 0.05, upper: null },
      { p: 0, se: 0, upper: 0.006 },
    ]);
    expect(z.log).toBe(-Infinity);
    expect(z.upper).toBeCloseTo(Math.log(0.5 * 0.006), 12);
  });
});
