import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { openerGap, openerGapRows, runOpeners } from '../../../sim/reproduction/gap.js';
import { meanInterval } from '../../../sim/core/stats.js';

describe('the library against the in-task openers', () => {
  const { rows, openers } = openerGap(hiddenOf(PUBLISHED_AGENT), 4, 200);

  it('lists the library, then each opener with its exact value 13/4 and the published gap 4.2 − 13/4', () => {
    expect(rows.map((r) => r.id)).toEqual(['exploit', 'consistent', 'optimal']);
    expect(rows[0]!.published).toBe(4.2);
    for (const r of rows.slice(1)) {
      expect(r.exact?.exact).toBe('13/4');
      expect(r.publishedGap).toBe(0.95);
    }
  });

  it('simulated openers agree with their exact value (within 4 standard errors)', () => {
    for (const o of openers) {
      const finals = o.replicates.map((rounds) => rounds[rounds.length - 1]!.meanAttempts);
      const { mean, se } = meanInterval(finals);
      expect(Math.abs(mean - 3.25), o.id).toBeLessThan(4 * se);
    }
  });

  it('the gap is the mean of replicate-wise differences, with an interval around it', () => {
    const lib = rows[0]!.mean;
    for (const r of rows.slice(1)) {
      expect(r.gap!).toBeCloseTo(lib - r.mean, 9);
      expect(r.gapCi95![0]).toBeLessThan(r.gap!);
      expect(r.gapCi95![1]).toBeGreaterThan(r.gap!);
      expect(r.gap!).toBeGreaterThan(0); // the feedback-blind library is slower than either opener
    }
  });

  it('refuses openers run with other replicates than the library', () => {
    expect(() => openerGapRows([], runOpeners(4, 3))).toThrow(/replicates/);
  });
});
