import { describe, expect, it } from 'vitest';
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import { formatMeanSd, runMetrics } from '../../../sim/experiment/runMetrics.js';

const round = (tasks: number, solved: number, attempts: number): RoundMetrics =>
  ({ round: 1, tasks, attempts, meanAttempts: attempts / tasks, solved, solveRate: solved / tasks }) as RoundMetrics;

describe('HExA run metrics', () => {
  it('scores each run over all its tasks, then mean ± sample sd over runs', () => {
    // Run A: 20 tasks, 18 solved, 100 attempts. Run B: 20 tasks, 10 solved, 200 attempts.
    const m = runMetrics([
      [round(10, 10, 40), round(10, 8, 60)],
      [round(10, 5, 90), round(10, 5, 110)],
    ]);
    expect(m.runs).toBe(2);
    expect(m.successRate.mean).toBeCloseTo((0.9 + 0.5) / 2, 12);
    expect(m.successRate.sd).toBeCloseTo(Math.SQRT2 * 0.2, 12);
    expect(m.meanAttempts.mean).toBeCloseTo(7.5, 12);
    expect(m.meanAttempts.sd).toBeCloseTo(Math.SQRT2 * 2.5, 12);
  });

  it('formats mean ± sd, and the mean alone for one run', () => {
    expect(formatMeanSd({ mean: 0.8123, sd: 0.05 }, 1, 100, ' %')).toBe('81.2 % ± 5.0');
    expect(formatMeanSd(runMetrics([[round(4, 4, 9)]]).meanAttempts, 2)).toBe('2.25');
  });
});
