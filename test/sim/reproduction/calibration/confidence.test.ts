/** The confidence set's statistic, thresholds and coverage, where the answers are known exactly. */
import { describe, expect, it } from 'vitest';
import {
  inclusionAt,
  leaveOneOutCoverage,
  ratioStatistic,
  thresholdOf,
} from '../../../../sim/reproduction/calibration/confidence.js';

describe('the likelihood-ratio statistic λ', () => {
  it('is the best log-likelihood less the reading’s own, 0 for the best, ∞ for a reading not estimable', () => {
    const logs = [-10, -12.5, -Infinity, -10];
    expect(ratioStatistic(logs, 0)).toBe(0);
    expect(ratioStatistic(logs, 3)).toBe(0);
    expect(ratioStatistic(logs, 1)).toBe(2.5);
    expect(ratioStatistic(logs, 2)).toBe(Infinity);
  });
});

describe('a reading’s threshold', () => {
  it('is the smallest λ whose share at or below it reaches 0.9', () => {
    const lambdas = Array.from({ length: 20 }, (_, i) => i / 10);
    const t = thresholdOf(lambdas);
    expect(t.value).toBeCloseTo(1.7, 12);
    expect(t.below).toBeCloseTo(0.85, 12);
    expect(t.at).toBeCloseTo(0.05, 12);
    expect(inclusionAt(1.7, t)).toBeCloseTo(1, 12);
    expect(inclusionAt(1.69, t)).toBe(1);
    expect(inclusionAt(1.71, t)).toBe(0);
  });

  it('sits on the atom when most publications tie with the best, and takes a reading there in part', () => {
    const lambdas = [...Array<number>(95).fill(0), 1, 2, 3, 4, 5];
    const t = thresholdOf(lambdas);
    expect(t.value).toBe(0);
    expect(t.at).toBeCloseTo(0.95, 12);
    expect(inclusionAt(0, t)).toBeCloseTo(0.9 / 0.95, 12);
    // Averaged over the publications themselves, the set holds the truth exactly 90 % of the time.
    const covered = lambdas.reduce((s, x) => s + inclusionAt(x, t), 0) / lambdas.length;
    expect(covered).toBeCloseTo(0.9, 12);
  });

  it('never takes a reading that is not estimable, and takes every estimable one when over 10 % are not', () => {
    const t = thresholdOf([0, 1, Infinity, Infinity]);
    expect(t.value).toBe(Infinity);
    expect(inclusionAt(50, t)).toBe(1);
    expect(inclusionAt(Infinity, t)).toBe(0);
  });
});

describe('leave-one-out coverage', () => {
  it('is 180/200 for 200 distinct λ (the 180th of the other 199 is the threshold)', () => {
    const lambdas = Array.from({ length: 200 }, (_, i) => ((i * 7919) % 200) / 13);
    expect(leaveOneOutCoverage(lambdas)).toBeCloseTo(0.9, 12);
  });

  it('is 90 % when every publication ties the truth with the best (identical runs)', () => {
    expect(leaveOneOutCoverage(Array<number>(200).fill(0))).toBeCloseTo(0.9, 12);
  });

  it('counts a publication on which the truth is not estimable as not covered', () => {
    const lambdas = [...Array<number>(150).fill(0.5), ...Array<number>(50).fill(Infinity)];
    expect(leaveOneOutCoverage(lambdas)).toBeCloseTo(0.75, 12);
  });
});
