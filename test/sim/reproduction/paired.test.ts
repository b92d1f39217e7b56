import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import { pairedDifferences } from '../../../sim/reproduction/paired.js';
import { runArm } from '../../../sim/reproduction/reproduction.js';
import { findArm, type ArmId } from '../../../sim/reproduction/arms.js';
import { t975 } from '../../../sim/core/stats.js';

const rounds = (...means: number[]): RoundMetrics[] =>
  means.map((meanAttempts, i) => ({ round: i + 1, meanAttempts }) as RoundMetrics);

describe('paired differences', () => {
  it('computes the mean difference per round with a paired t-interval', () => {
    const runs = new Map<ArmId, RoundMetrics[][]>([
      ['exploit', [rounds(10, 4), rounds(12, 5), rounds(11, 6)]],
      ['explore', [rounds(11, 6), rounds(12, 8), rounds(12, 7)]],
      ['separate', [rounds(11, 5), rounds(12, 6), rounds(12, 7)]],
    ]);
    const d = pairedDifferences(runs);
    expect(d.map((x) => x.id)).toEqual([
      'exploit-explore.round1',
      'exploit-explore.final',
      'explore-separate.round1',
      'explore-separate.final',
    ]);
    const final = d[1]!; // differences −2, −3, −1
    expect(final.mean).toBeCloseTo(-2, 12);
    expect(final.se).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(final.ci95![0]).toBeCloseTo(-2 - t975(2) / Math.sqrt(3), 10);
    expect(d[2]!.mean).toBe(0);
    expect(d[2]!.ci95).toEqual([0, 0]);
  });

  it('on shared random numbers, is far tighter than an unpaired comparison', () => {
    const hidden = hiddenOf(PUBLISHED_AGENT);
    const runs = new Map(
      (['exploit', 'explore', 'separate'] as const).map(
        (id) => [id, runArm(findArm(id), hidden, 3, 300).replicates] as const,
      ),
    );
    const d = pairedDifferences(runs);
    // Round 1: no library yet, so exploring changes nothing — the arms are identical run by run.
    expect(d[0]!.mean).toBe(0);
    expect(d[0]!.se).toBe(0);
    expect(d[0]!.unpairedSe).toBeGreaterThan(0);
    const final = d.find((x) => x.id === 'exploit-explore.final')!;
    expect(final.se).toBeLessThan(final.unpairedSe / 2);
  });

  it('refuses arms with different replicates', () => {
    const runs = new Map<ArmId, RoundMetrics[][]>([
      ['exploit', [rounds(1)]],
      ['explore', []],
      ['separate', []],
    ]);
    expect(() => pairedDifferences(runs)).toThrow(/same replicates/);
  });
});
