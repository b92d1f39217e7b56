import { describe, expect, it } from 'vitest';
import { findArm } from '../../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { hiddenOf } from '../../../../sim/reproduction/arms.js';
import { figuresOf } from '../../../../sim/reproduction/figures.js';
import {
  cappedGeometric,
  randomControlProbability,
  roundMeanMass,
  roundTotalDistribution,
} from '../../../../sim/reproduction/likelihood/randomControl.js';
import { windowOf } from '../../../../sim/reproduction/likelihood/windows.js';
import { runArm } from '../../../../sim/reproduction/reproduction.js';

describe('the random control in closed form', () => {
  it('a task is a capped geometric count: it sums to 1 and its mean is the exact 11.599', () => {
    const one = cappedGeometric(16, 20);
    expect(one.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
    const mean = one.reduce((s, p, k) => s + p * k, 0);
    expect(mean).toBeCloseTo((1 - (15 / 16) ** 20) * 16, 12);
    const round = roundTotalDistribution(16, 20, 30);
    expect(round.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(round.reduce((s, p, k) => s + p * k, 0) / 30).toBeCloseTo(mean, 10);
  });

  it('matches the simulator: each round mean lands in its printed window as often as the convolution says', () => {
    const n = 4000;
    const arm = runArm(findArm('random'), hiddenOf(PUBLISHED_AGENT), 7, n);
    const dist = roundTotalDistribution(16, 20, 30);
    for (const [i, f] of figuresOf('random').entries()) {
      const w = windowOf(f);
      const p = roundMeanMass(dist, 30, w.lo, w.hi);
      const share =
        arm.replicates.filter((rounds) => rounds[i]!.meanAttempts >= w.lo && rounds[i]!.meanAttempts < w.hi).length / n;
      expect(Math.abs(share - p), f.id).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    }
  });

  it('the joint probability of the five published rounds is their product', () => {
    const dist = roundTotalDistribution(16, 20, 30);
    const product = figuresOf('random').reduce(
      (p, f) => p * roundMeanMass(dist, 30, windowOf(f).lo, windowOf(f).hi),
      1,
    );
    expect(randomControlProbability()).toBe(product);
    // 12.7 means [12.65, 12.75): the round totals 380, 381 and 382.
    expect(roundMeanMass(dist, 30, 12.65, 12.75)).toBeCloseTo(dist[380]! + dist[381]! + dist[382]!, 15);
  });
});
