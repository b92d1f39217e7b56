import { describe, expect, it } from 'vitest';
import type { EngineFigure } from '../../../scripts/bench/bench.js';
import { benchGuard, guardLine, guardSummary } from '../../../scripts/bench/guardBench.js';
import { guardProbe, guardWork } from '../../../scripts/bench/guardProbe.js';

const figure = (attemptsPerCpuSec: number, warmUpAttemptsPerCpuSec = attemptsPerCpuSec / 2): EngineFigure => ({
  bits: 4,
  attempts: attemptsPerCpuSec,
  attemptsPerCpuSec,
  nsPerAttempt: 1e9 / attemptsPerCpuSec,
  warmUpAttemptsPerCpuSec,
});

describe('the bench of the run-time guard', () => {
  it('runs the same attempts with and without the guard: the variants differ in nothing else', async () => {
    const guarded = await guardWork('guarded', 40);
    expect(guarded).toBeGreaterThan(0);
    expect(await guardWork('unguarded', 40)).toBe(guarded);
  });

  it('takes the median of the pairs for the cost, the best of each variant for the figures', () => {
    const g = guardSummary([
      [figure(90), figure(100)],
      [figure(50), figure(60)],
      [figure(100), figure(99)],
    ]);
    expect(g.cost).toBeCloseTo(100 / 90 - 1, 12);
    expect(g.range[0]).toBeCloseTo(99 / 100 - 1, 12);
    expect(g.range[1]).toBeCloseTo(60 / 50 - 1, 12);
    expect(g.guarded.attemptsPerCpuSec).toBe(100);
    expect(g.unguarded.attemptsPerCpuSec).toBe(100);
    expect(guardLine(g)).toMatch(/a cost of 11\.1 %, median of the pairs \(-1\.0 % … 20\.0 %; target ≤ 3\.0 %\)/);
  });

  it("gives each variant's median warm-up rate apart from the timed cost", () => {
    const g = guardSummary([
      [figure(90e6, 30e6), figure(100e6, 40e6)],
      [figure(50e6, 10e6), figure(60e6, 70e6)],
      [figure(100e6, 20e6), figure(99e6, 50e6)],
    ]);
    expect(g.warmUp).toEqual({ guarded: 20e6, unguarded: 50e6 });
    expect(guardLine(g)).toMatch(/after a warm-up of 0\.5 CPU-s, .* they ran 20\.0 and 50\.0 M \(medians\)$/);
  });

  it('alternates the order of the pairs', () => {
    const order: string[] = [];
    benchGuard(0, 4, (variant) => {
      order.push(variant);
      return figure(variant === 'guarded' ? 90 : 100);
    });
    expect(order.join(' ')).toBe('guarded unguarded unguarded guarded guarded unguarded unguarded guarded');
  });

  it('measures both variants of the module world in a process', async () => {
    for (const variant of ['guarded', 'unguarded'] as const) {
      const f = await guardProbe(variant, 0.02, 0.02);
      expect(f.attempts).toBeGreaterThan(0);
      expect(f.warmUpAttemptsPerCpuSec).toBeGreaterThan(0);
    }
  });
});
