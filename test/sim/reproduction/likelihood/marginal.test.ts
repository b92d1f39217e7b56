import { describe, expect, it } from 'vitest';
import {
  column,
  effectiveBandwidth,
  kernelMarginal,
  ordered,
  orderedMembers,
  sortedCopy,
} from '../../../../sim/reproduction/likelihood/marginal.js';
import { normalMass } from '../../../../sim/reproduction/likelihood/normal.js';
import { roundMeanMass, roundTotalDistribution } from '../../../../sim/reproduction/likelihood/randomControl.js';
import { syntheticValues } from './synthetic.js';

// The exploration arm's final round under uniform guessing among 12 codes: its window probabilities are exact.
const SPACE = 12;
const dist = roundTotalDistribution(SPACE, 20, 30);
const exact = (lo: number, hi: number): number => roundMeanMass(dist, 30, lo, hi);
const finals = (n: number, seed: number): Float64Array =>
  syntheticValues({ space: SPACE, skills: [0, 1, 0] }, n, seed).get('explore.final')!;

describe('a figure by variance-corrected kernel', () => {
  const xs = finals(4000, 3);
  const col = column(xs);

  it('holds the runs as distinct values with counts, with their mean and variance', () => {
    expect(col.m).toBe(4000);
    expect(col.counts.reduce((s, c) => s + c, 0)).toBe(4000);
    expect(col.values.length).toBeLessThan(300);
    for (let i = 1; i < col.values.length; i++) expect(col.values[i]!).toBeGreaterThan(col.values[i - 1]!);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(col.mean).toBeCloseTo(mean, 10);
    expect(col.variance).toBeCloseTo(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1), 8);
  });

  it('is, at the widest bandwidth, the normal with the runs’ own mean and variance', () => {
    const sd = Math.sqrt(col.variance);
    expect(effectiveBandwidth(10, sd)).toBe(sd);
    const e = kernelMarginal(col, { lo: 9.95, hi: 10.05, point: 10 }, 10);
    expect(e.mass).toBeCloseTo(normalMass((9.95 - col.mean) / sd, (10.05 - col.mean) / sd), 6);
    expect(e.ess).toBeCloseTo(4000, 6);
  });

  it('estimates window probabilities within a few reported SEs of the exact value, at every bandwidth', () => {
    const sd = Math.sqrt(col.variance);
    for (const [lo, hi] of [
      [9.95, 10.05],
      [11.45, 11.55],
      [12.95, 13.05],
    ] as const) {
      const truth = exact(lo, hi);
      for (const k of [0.25, 0.5, 1]) {
        const e = kernelMarginal(col, { lo, hi, point: (lo + hi) / 2 }, k * sd);
        // The bias of the kernel grows with the bandwidth; at these it stays inside 4 standard errors.
        expect(Math.abs(Math.log(e.mass / truth))).toBeLessThan(4 * Math.sqrt(e.logVariance));
      }
    }
  });

  it('reports a standard error that matches the spread over independent seeds', () => {
    // 40 seeds: the sample sd of 40 values is within 25 % of the true sd with probability above 0.98.
    const logs: number[] = [];
    const ses: number[] = [];
    for (let seed = 0; seed < 40; seed++) {
      const c = column(finals(400, 100 + seed));
      const e = kernelMarginal(c, { lo: 9.95, hi: 10.05, point: 10 }, 0.5 * Math.sqrt(c.variance));
      logs.push(Math.log(e.mass));
      ses.push(Math.sqrt(e.logVariance));
    }
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    const spread = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
    const reported = Math.sqrt(ses.reduce((s, x) => s + x * x, 0) / ses.length);
    expect(spread / reported).toBeGreaterThan(0.75);
    expect(spread / reported).toBeLessThan(1.25);
  });

  it('gives the same estimate without its errors, which are then NaN', () => {
    const target = { lo: 11.45, hi: 11.55, point: 11.5 };
    const full = kernelMarginal(col, target, 0.5 * Math.sqrt(col.variance));
    const lean = kernelMarginal(col, target, 0.5 * Math.sqrt(col.variance), false);
    expect([lean.mass, lean.cdf, lean.ess]).toEqual([full.mass, full.cdf, full.ess]);
    expect(full.logVariance).toBeGreaterThan(0);
    expect([lean.logVariance, lean.cdfVariance].every(Number.isNaN)).toBe(true);
  });

  it('gives no mass, and says so, when every run takes one value outside the window', () => {
    const e = kernelMarginal(column(Float64Array.of(0, 0, 0, 0)), { lo: 18.5, hi: 19.5, point: 19 }, 2);
    expect(e.mass).toBe(0);
    expect(Number.isNaN(e.logVariance)).toBe(true);
    expect(e.cdf).toBe(1);
  });
});

describe('a class of runs in order', () => {
  const xs = finals(4000, 5);
  const membersOf = (step: number, offset: number): Int32Array =>
    Int32Array.from({ length: Math.floor((xs.length - offset) / step) }, (_, i) => offset + i * step);
  const firstPlaces = (values: Float64Array, sorted: Float64Array): number[] =>
    Array.from(values, (x) => sorted.indexOf(x));

  it('gives what sorting gives, each run’s first place, and the same for any of its runs by counting', () => {
    const whole = ordered(xs);
    expect(Array.from(whole.sorted)).toEqual(Array.from(sortedCopy(xs)));
    expect(Array.from(whole.places!)).toEqual(firstPlaces(xs, whole.sorted));
    for (const members of [membersOf(3, 1), membersOf(7, 2), membersOf(5, 4)]) {
      const values = Float64Array.from(members, (j) => xs[j]!);
      const part = orderedMembers(whole.ranks!, members);
      expect(Array.from(part.sorted)).toEqual(Array.from(sortedCopy(values)));
      expect(Array.from(part.places!)).toEqual(firstPlaces(values, part.sorted));
    }
  });

  it('leaves values holding NaN or −0 sorted alone, unranked', () => {
    for (const odd of [Number.NaN, -0]) {
      const v = Float64Array.from(xs);
      v[10] = odd;
      const o = ordered(v);
      expect(o.places).toBeUndefined();
      expect(o.ranks).toBeUndefined();
      expect(Object.is(o.sorted[odd === 0 ? 0 : o.sorted.length - 1], odd)).toBe(true);
    }
  });
});
