import { describe, expect, it } from 'vitest';
import {
  BANDWIDTH_SCALES,
  closedFormArm,
  ESS_FLOOR,
  estimateArm,
  MAIN_SCALE,
} from '../../../../sim/reproduction/likelihood/armEstimate.js';
import {
  classOf,
  continuousFigures,
  publishedTargets,
  shareUpperBound,
} from '../../../../sim/reproduction/likelihood/classes/armClass.js';
import {
  BATCHES,
  fitClass,
  MarginalCache,
  MIN_CLASS_RUNS,
} from '../../../../sim/reproduction/likelihood/classes/classFit.js';
import { BANDWIDTH, pooledBandwidths } from '../../../../sim/reproduction/likelihood/bandwidths.js';
import { roundMeanMass, roundTotalDistribution } from '../../../../sim/reproduction/likelihood/randomControl.js';
import { randomControlProbability } from '../../../../sim/reproduction/likelihood/randomControl.js';
import { unpairedSeed } from '../../../../sim/reproduction/likelihood/unpaired.js';
import { runSimulation, type AuditJobResult } from '../../../../sim/reproduction/simulationJobs.js';
import { hiddenOf } from '../../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import type { FigureId } from '../../../../sim/reproduction/figures.js';
import { syntheticValues, type SyntheticReading } from './synthetic.js';

// The exploration arm's published windows: 10.0 attempts and exactly 1 skill.
const A: SyntheticReading = { space: 12, skills: [0.2, 0.7, 0.1] };
const closedForm = (r: SyntheticReading): number =>
  roundMeanMass(roundTotalDistribution(r.space, 20, 30), 30, 9.95, 10.05) * r.skills[1];
const targets = publishedTargets('explore');

describe('one arm: the discrete share times the continuous figures given it', () => {
  const values = syntheticValues(A, 20_000, 11);
  const bandwidths = pooledBandwidths([{ arm: 'explore', values }]);

  it('matches the discrete figures exactly, and ties each bandwidth to the spread within that class', () => {
    const hits = classOf('explore', values, targets);
    const skills = values.get('explore.skills')!;
    expect(hits.length).toBe(skills.filter((s) => s === 1).length);
    const finals = Float64Array.from(hits, (i) => values.get('explore.final')![i]!);
    const mean = finals.reduce((s, x) => s + x, 0) / finals.length;
    const sd = Math.sqrt(finals.reduce((s, x) => s + (x - mean) ** 2, 0) / (finals.length - 1));
    expect(bandwidths.get('explore.final')).toBeCloseTo(BANDWIDTH * sd, 10);
    expect(bandwidths.has('explore.skills')).toBe(false);
  });

  it('estimates the joint probability within 4 reported standard errors of the closed form, at every bandwidth', () => {
    const e = estimateArm('explore', values, targets, bandwidths);
    expect(e.status).toBe('estimated');
    expect(e.byScale).toHaveLength(BANDWIDTH_SCALES.length);
    for (const s of e.byScale)
      expect(Math.abs(s.log - Math.log(closedForm(A)))).toBeLessThan(4 * Math.sqrt(s.variance));
    expect(e.byScale[MAIN_SCALE]!.ess).toBeGreaterThan(1000);
  });

  it('says which figure no run reproduces, and bounds the arm by the discrete share', () => {
    const never = estimateArm(
      'explore',
      syntheticValues({ space: 16, skills: [1, 0, 0] }, 400, 3),
      targets,
      bandwidths,
    );
    expect(never.status).toBe('zero');
    expect(never.missing).toEqual(['explore.skills']);
    expect(never.byScale).toEqual([]);
    expect(never.bound).toEqual({ log: Math.log(shareUpperBound(0, 400)), continuousMissing: true });
    // About 2.7/n for none in n (one-sided 95 %), and above the share when some are seen.
    expect(shareUpperBound(0, 400) * 400).toBeCloseTo(2.7, 0);
    expect(shareUpperBound(40, 400)).toBeGreaterThan(0.1);
    expect(shareUpperBound(40, 400)).toBeLessThan(0.13);
  });

  it(`leaves a class of fewer than ${MIN_CLASS_RUNS} runs unestimated`, () => {
    const rare = estimateArm(
      'explore',
      syntheticValues({ space: 12, skills: [0.995, 0.005, 0] }, 2000, 4),
      targets,
      bandwidths,
    );
    expect(rare.hits).toBeGreaterThan(0);
    expect(rare.hits).toBeLessThan(MIN_CLASS_RUNS);
    expect(rare.status).toBe('tooFew');
    expect(rare.bound!.continuousMissing).toBe(true);
  });

  it('bounds a continuous figure no run of the class reproduces by the rest times its share bound', () => {
    const far = new Map(values);
    far.set(
      'explore.final',
      values.get('explore.final')!.map(() => 3),
    );
    const e = estimateArm('explore', far, targets, bandwidths);
    expect(e.status).toBe('zero');
    expect(e.missing).toEqual(['explore.final']);
    expect(e.bound!.continuousMissing).toBe(false);
    expect(e.bound!.log).toBeCloseTo(
      e.discreteLog + Math.log(shareUpperBound(0, e.hits)) + 1.96 * Math.sqrt((1 - e.hits / e.n) / e.hits),
      2,
    );
  });

  it(`leaves an estimate on fewer than ${ESS_FLOOR} effective runs unestimated, bounded like a rare class`, () => {
    // 5.0 attempts lies below all but a few of this arm's 20 000 runs: a handful of runs decide the kernel.
    const tail = new Map(targets);
    tail.set('explore.final', { lo: 4.95, hi: 5.05, point: 5 });
    const e = estimateArm('explore', values, tail, bandwidths);
    expect(e.hits).toBeGreaterThan(MIN_CLASS_RUNS);
    expect(e.status).toBe('sparse');
    expect(e.ess).toBeLessThan(ESS_FLOOR);
    expect(e.byScale).toEqual([]);
    expect(e.bound).toEqual({ log: e.discreteUpper, continuousMissing: true });
    expect(Number.isFinite(e.provisional)).toBe(true);
  });

  it(`takes the larger error of the delta method and the spread over ${BATCHES} batches of the runs`, () => {
    const e = estimateArm('explore', values, targets, bandwidths);
    for (const s of e.byScale) {
      expect(Number.isFinite(s.batchVariance)).toBe(true);
      expect(s.variance).toBeGreaterThanOrEqual(s.batchVariance!);
    }
    // Publications judged by their logs alone need neither.
    const lean = estimateArm('explore', values, targets, bandwidths, { logOnly: true });
    expect(lean.byScale.map((s) => s.log)).toEqual(e.byScale.map((s) => s.log));
  });

  it('gives the same estimate from a class fit that kept its batches’ marginals from the estimate before', () => {
    const fit = fitClass('explore', values, classOf('explore', values, targets));
    const first = estimateArm('explore', values, targets, bandwidths, { fit, marginals: new MarginalCache() });
    expect(fit.batches?.every((b) => (b.marginals?.size ?? 0) > 0)).toBe(true);
    const again = estimateArm('explore', values, targets, bandwidths, { fit, marginals: new MarginalCache() });
    expect(again).toEqual(first);
    expect(again).toEqual(estimateArm('explore', values, targets, bandwidths));
  });

  it('gives a closed form at every bandwidth without error', () => {
    const c = closedFormArm('random', 1e-9);
    expect(c.byScale.every((s) => s.log === Math.log(1e-9) && s.variance === 0)).toBe(true);
  });
});

describe('the estimator applied to the simulated random control', () => {
  it('lands within 10 % of the closed form (10 000 runs)', () => {
    const result = runSimulation({
      kind: 'figures',
      key: 'random',
      arm: 'random',
      hidden: hiddenOf(PUBLISHED_AGENT),
      seed: unpairedSeed(1, 'random'),
      replicates: 10_000,
    }) as AuditJobResult;
    const values = new Map(result.values as [FigureId, Float64Array][]);
    const bandwidths = pooledBandwidths([{ arm: 'random', values }]);
    const e = estimateArm('random', values, publishedTargets('random'), bandwidths);
    const main = e.byScale[MAIN_SCALE]!;
    const ratio = Math.exp(main.log) / randomControlProbability();
    expect(Math.abs(ratio - 1)).toBeLessThan(0.1);
    // Its reported error is small enough for that to mean something.
    expect(Math.sqrt(main.variance)).toBeLessThan(0.05);
    // The log alone, as publications are judged: the same numbers at every bandwidth, copula included, no errors.
    expect(continuousFigures('random').length).toBeGreaterThan(1);
    const lean = estimateArm('random', values, publishedTargets('random'), bandwidths, { logOnly: true });
    expect(lean.byScale.map((s) => s.log)).toEqual(e.byScale.map((s) => s.log));
    expect(lean.byScale.every((s) => Number.isNaN(s.variance))).toBe(true);
  });
});
