import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { cholesky, copulaLogDensity, fitCopula, normalScores } from '../../../../sim/reproduction/likelihood/copula.js';
import { lowerTail } from '../../../../sim/reproduction/likelihood/normal.js';
import { normalDraw } from '../../../../sim/reproduction/likelihood/posterior.js';

/** n pairs of standard normals with correlation r, from a keyed stream. */
function pairs(n: number, r: number, seed: number): [Float64Array, Float64Array] {
  const s = new ReplicateKey(seed, 0).stream('bootstrap');
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = normalDraw(s);
    b[i] = r * a[i]! + Math.sqrt(1 - r * r) * normalDraw(s);
  }
  return [a, b];
}

describe('the Gaussian copula of the continuous figures', () => {
  it('scores ranks by their mid-points, ties sharing one', () => {
    const s = normalScores(Float64Array.of(3, 1, 2, 2));
    expect(s[1]).toBeLessThan(s[2]!);
    expect(s[2]).toBe(s[3]);
    expect(s[2]).toBeCloseTo(0, 12);
    expect(lowerTail(s[0]!)).toBeCloseTo(3.5 / 4, 6);
  });

  it('gives a run the score of its place among the sorted runs, whatever the order, zeros of either sign tied', () => {
    // The scores are found by bisection in a sorted copy: the same as ranking by index, tie for tie.
    const xs = Float64Array.of(2, -0, 5, 0, 2, -1, 2, 7, 5);
    const s = normalScores(xs);
    const m = xs.length;
    const byRank = (lo: number, hi: number): number => ((lo + hi) / 2 + 0.5) / m;
    const expected = [byRank(3, 5), byRank(1, 2), byRank(6, 7), byRank(1, 2), byRank(3, 5), byRank(0, 0)];
    expected.push(byRank(3, 5), byRank(8, 8), byRank(6, 7));
    expected.forEach((p, i) => expect(lowerTail(s[i]!)).toBeCloseTo(p, 6));
    const withNaN = normalScores(Float64Array.of(1, Number.NaN, 0));
    expect(withNaN.length).toBe(3);
  });

  it('recovers the correlation and gives the bivariate normal copula density', () => {
    const [a, b] = pairs(20_000, 0.6, 1);
    const fit = fitCopula([a, b])!;
    expect(fit.correlation[1]!).toBeCloseTo(0.6, 1);
    const r = fit.correlation[1]!;
    const { log } = copulaLogDensity(fit, [lowerTail(1), lowerTail(-0.5)], [0, 0], 20_000);
    const z = [1, -0.5];
    const expected =
      -0.5 * Math.log(1 - r * r) - (r * r * (z[0]! ** 2 + z[1]! ** 2) - 2 * r * z[0]! * z[1]!) / (2 * (1 - r * r));
    expect(log).toBeCloseTo(expected, 4);
  });

  it('reports a Monte Carlo error that matches the spread over independent seeds', () => {
    const logs: number[] = [];
    const ses: number[] = [];
    for (let seed = 0; seed < 40; seed++) {
      const [a, b] = pairs(400, 0.5, 10 + seed);
      const r = copulaLogDensity(fitCopula([a, b])!, [lowerTail(2), lowerTail(-1)], [0, 0], 400);
      logs.push(r.log);
      ses.push(Math.sqrt(r.variance));
    }
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    const spread = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
    const reported = Math.sqrt(ses.reduce((s, x) => s + x * x, 0) / ses.length);
    expect(spread / reported).toBeGreaterThan(0.75);
    expect(spread / reported).toBeLessThan(1.25);
  });

  it('declines a singular correlation, and a Cholesky factor of a matrix that is not positive definite', () => {
    const a = Float64Array.from({ length: 50 }, (_, i) => i);
    expect(fitCopula([a, a])).toBeNull();
    expect(fitCopula([a, new Float64Array(50)])).toBeNull();
    expect(cholesky(Float64Array.of(1, 2, 2, 1), 2)).toBeNull();
  });
});
