import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { MAIN_SCALE } from '../../../../sim/reproduction/likelihood/armEstimate.js';
import {
  compareReadings,
  posteriorDraws,
  posteriors,
  standings,
  tied,
  TIE_Z,
} from '../../../../sim/reproduction/likelihood/posterior.js';
import { differenceVariance, readingLikelihood } from '../../../../sim/reproduction/likelihood/reading.js';
import { armAt, armZero, reading } from './readingFixtures.js';

describe('posteriors, Bayes factors and ties', () => {
  const a = reading('a', armAt('explore', -10, 0.2));
  const b = reading('b', armAt('explore', -11, 0.2));
  const c = reading('c', armAt('explore', -10.1, 0.2));
  const none = reading('z', armZero('explore', -7));

  it('normalise over the estimable readings, a reading not estimable getting none', () => {
    const p = posteriors([-10, -11, NaN]);
    expect(p[0]! / p[1]!).toBeCloseTo(Math.E, 12);
    expect(p[2]).toBe(0);
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(posteriors([NaN, NaN]).every(Number.isNaN)).toBe(true);
    // A prior weights each reading.
    const q = posteriors([-10, -10], [3, 1]);
    expect(q[0]).toBeCloseTo(0.75, 12);
  });

  it('rank estimable readings first, by likelihood, and tie those within the 95 % interval of their difference', () => {
    const sorted = [b, none, a, c].sort((x, y) => compareReadings(x, y, MAIN_SCALE));
    expect(sorted).toEqual([a, c, b, none]);
    const s = standings(sorted, MAIN_SCALE);
    expect(s.map((x) => x.rank)).toEqual([1, 1, 3, null]);
    expect(s.map((x) => x.tiedWithBest)).toEqual([true, true, false, false]);
    expect(s[2]!.logBayesFactor).toBeCloseTo(1, 12);
    expect(s[2]!.logBayesFactorSe).toBeCloseTo(Math.sqrt(0.08), 12);
    expect(Number.isNaN(s[3]!.posterior)).toBe(true);
    expect(tied(a, b, MAIN_SCALE)).toBe(Math.abs(1) <= TIE_Z * Math.sqrt(0.08));
  });

  it('cancel the error of a simulation two readings share', () => {
    const shared = armAt('random', -18, 0);
    const x = readingLikelihood([
      { key: 'r', estimate: shared },
      { key: 'a', estimate: armAt('explore', -10, 0.3) },
    ]);
    const y = readingLikelihood([
      { key: 'r', estimate: shared },
      { key: 'a', estimate: armAt('explore', -10, 0.3) },
    ]);
    expect(differenceVariance(x, y, MAIN_SCALE)).toBe(0);
  });

  it('draw posteriors whose spread follows the readings’ Monte Carlo errors', () => {
    const draws = posteriorDraws([a, b], MAIN_SCALE, 2000, new ReplicateKey(7, 0).stream('bootstrap'));
    // log(p_a / p_b) over the draws: mean 1, sd √(0.2² + 0.2²).
    const logit = draws.map((d) => Math.log(d[0]! / d[1]!));
    const mean = logit.reduce((s, x) => s + x, 0) / logit.length;
    const sd = Math.sqrt(logit.reduce((s, x) => s + (x - mean) ** 2, 0) / (logit.length - 1));
    expect(Math.abs(mean - 1)).toBeLessThan(4 * (Math.sqrt(0.08) / Math.sqrt(2000)));
    expect(Math.abs(sd / Math.sqrt(0.08) - 1)).toBeLessThan(4 / Math.sqrt(2 * 1999));
    for (const d of draws) expect(d[0]! + d[1]!).toBeCloseTo(1, 12);
  });
});
