import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attemptGrid, RunCounter, type RunDistribution } from '../../../reports/aggregate/runDistribution.js';
import {
  improvement,
  probabilityOfImprovement,
  profileSteps,
  resampledShareInterval,
} from '../../../reports/aggregate/runStatistics.js';
import { ResamplePlan } from '../../../sim/core/bootstrap.js';
import { quantile } from '../../../sim/core/stats.js';

/** Runs of a 30-task round with cap 20: whole attempt totals over 30. */
const grid = attemptGrid(20, 30);
const distribution = (values: readonly number[]): RunDistribution => {
  const counter = new RunCounter(grid);
  for (const v of values) counter.add(v);
  return counter.done();
};
const totals = fc.array(fc.integer({ min: 30, max: 600 }), { minLength: 1, maxLength: 60 });

describe('the grid a group is counted on', () => {
  it('is exact for the published protocol: every round mean k/30 up to the cap has its own point', () => {
    expect(grid).toEqual({ step: 1 / 30, size: 601 });
    fc.assert(
      fc.property(totals, (ts) => {
        const d = distribution(ts.map((t) => t / 30));
        expect(d.runs).toBe(ts.length);
        for (const t of new Set(ts)) expect(d.counts[t]).toBe(ts.filter((x) => x === t).length);
      }),
    );
  });

  it('stays within its size for long rounds, counting a run at the first point at or above it', () => {
    const wide = attemptGrid(100, 1000);
    expect(wide.size).toBeLessThanOrEqual(1200);
    const counter = new RunCounter(wide);
    counter.add(37.123);
    const d = counter.done();
    const at = d.counts.indexOf(1);
    expect(at * wide.step).toBeGreaterThanOrEqual(37.123);
    expect((at - 1) * wide.step).toBeLessThan(37.123);
  });
});

describe('the performance profile', () => {
  it('is the share of runs at or below each value some run has, starting from 0 and ending at 1', () => {
    fc.assert(
      fc.property(totals, (ts) => {
        const values = ts.map((t) => t / 30);
        const steps = profileSteps(distribution(values));
        expect(steps[0]!.share).toBe(0);
        expect(steps.at(-1)!.share).toBe(1);
        for (const s of steps.slice(1)) {
          expect(s.share).toBe(values.filter((v) => v <= s.attempts + 1e-9).length / values.length);
          expect(s.lo).toBeLessThanOrEqual(s.share);
          expect(s.hi).toBeGreaterThanOrEqual(s.share);
        }
      }),
    );
  });

  it("bands a share with the bootstrap's percentile interval: the binomial's 2.5 % and 97.5 % points", () => {
    // Binomial(100, 0.5): P(X ≤ 39) = 0.0176, P(X ≤ 40) = 0.0284; P(X ≤ 59) = 0.9716, P(X ≤ 60) = 0.9824.
    expect(resampledShareInterval(100, 50)).toEqual([0.4, 0.6]);
    expect(resampledShareInterval(100, 0)).toEqual([0, 0]);
    expect(resampledShareInterval(100, 100)).toEqual([1, 1]);
    // The same as resampling the runs themselves, within a step of 1/n, on a seeded plan.
    const n = 60;
    const plan = new ResamplePlan(n, 4000, 7);
    for (const at of [3, 20, 45, 57]) {
      const below = Float64Array.from({ length: n }, (_, i) => (i < at ? 1 : 0));
      const shares = Float64Array.from({ length: 4000 }, (_, b) => {
        const counts = plan.countsOf(b);
        let s = 0;
        for (let i = 0; i < n; i++) s += counts[i]! * below[i]!;
        return s / n;
      }).sort();
      const [lo, hi] = resampledShareInterval(n, at);
      expect(Math.abs(lo - quantile(shares, 0.025))).toBeLessThanOrEqual(1 / n + 1e-12);
      expect(Math.abs(hi - quantile(shares, 0.975))).toBeLessThanOrEqual(1 / n + 1e-12);
    }
  });
});

describe('the probability of improvement', () => {
  it('is the share of run pairs where the first ends lower, ties counting half', () => {
    fc.assert(
      fc.property(totals, totals, (a, b) => {
        let wins = 0;
        for (const x of a) for (const y of b) wins += x < y ? 1 : x === y ? 0.5 : 0;
        const [da, db] = [distribution(a.map((t) => t / 30)), distribution(b.map((t) => t / 30))];
        expect(improvement(da.counts, db.counts, da.runs, db.runs)).toBeCloseTo(wins / (a.length * b.length), 12);
      }),
    );
  });

  it('is 0.5 between a group and itself, with an interval around it that the seed repeats', () => {
    const d = distribution([100, 120, 150, 200, 230, 260, 300, 330, 400, 500].map((t) => t / 30));
    const p = probabilityOfImprovement(d, d, 500, 1, 0);
    expect(p.estimate).toBe(0.5);
    expect(p.ci95![0]).toBeLessThan(0.5);
    expect(p.ci95![1]).toBeGreaterThan(0.5);
    expect(probabilityOfImprovement(d, d, 500, 1, 0)).toEqual(p);
    expect(probabilityOfImprovement(d, d, 500, 2, 0)).not.toEqual(p);
  });

  it('tells a clearly better group apart: its interval stays above 0.5', () => {
    const better = distribution(Array.from({ length: 40 }, (_, i) => (100 + 3 * i) / 30));
    const worse = distribution(Array.from({ length: 40 }, (_, i) => (160 + 3 * i) / 30));
    const p = probabilityOfImprovement(better, worse, 1000, 1, 3);
    expect(p.estimate).toBeGreaterThan(0.8);
    expect(p.ci95![0]).toBeGreaterThan(0.5);
  });
});
