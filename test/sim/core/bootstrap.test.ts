import { describe, expect, it } from 'vitest';
import { interquartileMean, ResamplePlan } from '../../../sim/core/bootstrap.js';
import { ReplicateKey } from '../../../sim/core/rng.js';

/** n uniform(0, 1) values from a keyed stream. */
function uniformSample(seed: number, n: number): Float64Array {
  const s = new ReplicateKey(seed, 0).stream('guess', 0, 0);
  return Float64Array.from({ length: n }, () => s.quick());
}

/** The multiset a resample stands for, expanded. */
function expand(values: ArrayLike<number>, counts: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) for (let c = 0; c < counts[i]!; c++) out.push(values[i]!);
  return out;
}

function percentile95(stats: number[]): [number, number] {
  const s = [...stats].sort((a, b) => a - b);
  const q = (p: number): number => {
    const h = (s.length - 1) * p;
    const i = Math.floor(h);
    return s[i]! + (h - i) * (s[Math.min(i + 1, s.length - 1)]! - s[i]!);
  };
  return [q(0.025), q(0.975)];
}

describe('interquartileMean', () => {
  it('cuts floor(n/4) values from each end', () => {
    expect(interquartileMean([1, 2, 3, 4, 5, 6, 7, 100])).toBe((3 + 4 + 5 + 6) / 4);
    expect(interquartileMean([5, 1, 9])).toBe(5); // n = 3: nothing cut
    expect(interquartileMean([10, 0, 1, 2, 3])).toBe(2); // n = 5: one cut from each end
    expect(interquartileMean([])).toBeNaN();
  });
});

describe('ResamplePlan', () => {
  it('draws n replicates per resample', () => {
    const plan = new ResamplePlan(17, 50, 3);
    for (let b = 0; b < 50; b++) expect(Array.from(plan.countsOf(b)).reduce((a, c) => a + c, 0)).toBe(17);
  });

  it('is deterministic for a seed and changes with it', () => {
    const x = uniformSample(1, 40);
    const a = new ResamplePlan(40, 500, 7).iqm(x);
    const b = new ResamplePlan(40, 500, 7).iqm(x);
    const c = new ResamplePlan(40, 500, 8).iqm(x);
    expect(a).toEqual(b);
    expect(c.ci95).not.toEqual(a.ci95);
    expect(a.estimate).toBe(interquartileMean(x));
  });

  it('computes each resample statistic exactly as on the expanded resample', () => {
    const x = Float64Array.from(uniformSample(2, 23), (v) => Math.round(v * 6)); // many ties
    const y = uniformSample(3, 23);
    const plan = new ResamplePlan(23, 300, 11);
    const expanded = (stat: (values: number[]) => number, values: ArrayLike<number>): [number, number] =>
      percentile95(Array.from({ length: 300 }, (_, b) => stat(expand(values, plan.countsOf(b)))));
    const meanOf = (v: number[]): number => v.reduce((s, t) => s + t, 0) / v.length;
    expect(plan.mean(x).ci95![0]).toBeCloseTo(expanded(meanOf, x)[0], 12);
    expect(plan.mean(x).ci95![1]).toBeCloseTo(expanded(meanOf, x)[1], 12);
    expect(plan.iqm(x).ci95![0]).toBeCloseTo(expanded(interquartileMean, x)[0], 12);
    expect(plan.iqm(x).ci95![1]).toBeCloseTo(expanded(interquartileMean, x)[1], 12);
    const diffs = Array.from(x, (v, i) => v - y[i]!);
    expect(plan.pairedDifference(x, y).ci95![0]).toBeCloseTo(expanded(meanOf, diffs)[0], 12);
    const ratios = Array.from({ length: 300 }, (_, b) => {
      const c = plan.countsOf(b);
      let num = 0;
      let den = 0;
      for (let i = 0; i < 23; i++) {
        num += c[i]! * y[i]!;
        den += c[i]! * x[i]!;
      }
      return num / den;
    });
    expect(plan.ratio(y, x).ci95![1]).toBeCloseTo(percentile95(ratios.filter(Number.isFinite))[1], 12);
  });

  it('takes every resample statistic bit for bit as a plain loop, one value at a time, takes it', () => {
    // The loops of bootstrap.ts are written for speed (several columns a pass, no branch in the IQM); the
    // intervals a report prints must not move by a bit, so each statistic is held to the loop it replaced.
    const plain = (plan: ResamplePlan, stat: (counts: ArrayLike<number>) => number): number[] =>
      Array.from({ length: plan.resamples }, (_, b) => stat(plan.countsOf(b)));
    const sum = (c: ArrayLike<number>, v: ArrayLike<number>): number => {
      let s = 0;
      for (let i = 0; i < v.length; i++) s += c[i]! * v[i]!;
      return s;
    };
    const iqmOf = (c: ArrayLike<number>, v: ArrayLike<number>): number => {
      const n = v.length;
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => v[a]! - v[b]! || a - b);
      const [lo, hi] = [Math.floor(n / 4), n - Math.floor(n / 4)];
      let [s, pos] = [0, 0];
      for (let j = 0; j < n && pos < hi; j++) {
        const k = c[order[j]!]!;
        if (k === 0) continue;
        const kept = Math.min(pos + k, hi) - Math.max(pos, lo);
        if (kept > 0) s += kept * v[order[j]!]!;
        pos += k;
      }
      return s / (hi - lo);
    };
    const interval = (stats: number[]): [number, number] => {
      const s = Float64Array.from(stats.filter(Number.isFinite)).sort();
      const q = (p: number): number => {
        const h = (s.length - 1) * p;
        const i = Math.floor(h);
        return s[i]! + (h - i) * (s[Math.min(i + 1, s.length - 1)]! - s[i]!);
      };
      return [q(0.025), q(0.975)];
    };
    for (const n of [2, 3, 4, 5, 7, 8, 9, 31, 200]) {
      const plan = new ResamplePlan(n, 150, n);
      const u = (seed: number): Float64Array => uniformSample(seed, n);
      // Thirtieths (a mean over 30 tasks: inexact in binary, many ties), signed values, whole numbers.
      const columns = [
        Float64Array.from(u(1), (x) => Math.floor(x * 600) / 30),
        Float64Array.from(u(2), (x) => (x - 0.5) * 1e3),
        Float64Array.from(u(3), (x) => Math.floor(x * 5)),
        u(4),
        Float64Array.from(u(5), (x) => Math.floor(x * 3) / 7),
        Float64Array.from(u(6), (x) => Math.floor(x * 40)),
      ];
      const sums = plan.resampleSums(columns);
      columns.forEach((v, k) => {
        const expected = plain(plan, (c) => sum(c, v));
        expect(Array.from(sums[k]!)).toEqual(expected);
        expect(plan.mean(v).ci95).toEqual(interval(expected.map((s) => s / n)));
        expect(plan.iqm(v).ci95).toEqual(interval(plain(plan, (c) => iqmOf(c, v))));
      });
      const [x, y] = [columns[3]!, columns[5]!];
      expect(plan.ratio(x, y).ci95).toEqual(interval(plain(plan, (c) => sum(c, x) / sum(c, y))));
      // Infinite values: the IQM leaves the extremes out, so its interval can still be finite.
      const wild = Float64Array.from(columns[0]!, (v, i) => (i === 0 ? Infinity : i === 1 ? -Infinity : v));
      if (n >= 8) expect(plan.iqm(wild).ci95).toEqual(interval(plain(plan, (c) => iqmOf(c, wild))));
    }
  });

  it('gives no interval for one replicate or an undefined ratio', () => {
    expect(new ResamplePlan(1, 100, 1).mean([4]).ci95).toBeNull();
    const r = new ResamplePlan(5, 100, 1).ratio([0, 0, 0, 0, 0], [0, 0, 0, 0, 0]);
    expect(r.estimate).toBeNaN();
    expect(r.ci95).toBeNull();
    expect(() => new ResamplePlan(5, 10, 1).mean([1, 2])).toThrow();
  });

  it('covers the known mean and IQM of uniform(0, 1) at about the nominal 95 %', () => {
    // 600 independent samples of 60; the percentile interval should hold 0.5 in ~95 % of them.
    const trials = 600;
    const n = 60;
    let meanHits = 0;
    let iqmHits = 0;
    let pairedHits = 0;
    for (let t = 0; t < trials; t++) {
      const x = uniformSample(1000 + t, n);
      const noise = uniformSample(5000 + t, n);
      // Paired arms: b shares x's randomness and is shifted by exactly 0.25 on average.
      const b = Float64Array.from(x, (v, i) => v + 0.5 * noise[i]!);
      const plan = new ResamplePlan(n, 1000, t);
      const m = plan.mean(x).ci95!;
      const q = plan.iqm(x).ci95!;
      const d = plan.pairedDifference(b, x).ci95!;
      if (m[0] <= 0.5 && 0.5 <= m[1]) meanHits++;
      if (q[0] <= 0.5 && 0.5 <= q[1]) iqmHits++;
      if (d[0] <= 0.25 && 0.25 <= d[1]) pairedHits++;
    }
    const se = Math.sqrt((0.95 * 0.05) / trials);
    expect(Math.abs(meanHits / trials - 0.95)).toBeLessThan(4 * se);
    expect(Math.abs(iqmHits / trials - 0.95)).toBeLessThan(4 * se);
    expect(Math.abs(pairedHits / trials - 0.95)).toBeLessThan(4 * se);
  });
});
