/**
 * Paired differences between arms. Replicate i of every arm draws the same random numbers per (round,
 * task), so the difference of replicate i's results cancels most of the task-to-task noise: its interval
 * is far narrower than the one from comparing two independent means.
 */
import type { ArmId } from './arms.js';
import type { RoundMetrics } from '../core/metrics.js';
import { meanInterval, type Interval } from '../core/stats.js';

export interface PairedDifference {
  /** e.g. 'exploit-explore.round3', 'exploit-explore.final' (round 5). */
  readonly id: string;
  readonly minuend: ArmId;
  readonly subtrahend: ArmId;
  /** 1-based round; the last round is the "final" one. */
  readonly round: number;
  readonly final: boolean;
  /** Mean over replicates of (minuend − subtrahend) mean attempts. */
  readonly mean: number;
  readonly se: number;
  readonly ci95: Interval | null;
  /** The standard error had the two arms been independent, for comparison. */
  readonly unpairedSe: number;
}

/** The comparisons the article draws: exploitation − exploration, and exploration − separated exploration. */
export const COMPARISONS: readonly (readonly [ArmId, ArmId])[] = [
  ['exploit', 'explore'],
  ['explore', 'separate'],
];

export function pairedDifferences(runs: ReadonlyMap<ArmId, readonly (readonly RoundMetrics[])[]>): PairedDifference[] {
  const out: PairedDifference[] = [];
  for (const [a, b] of COMPARISONS) {
    const ra = runs.get(a);
    const rb = runs.get(b);
    if (ra === undefined || rb === undefined || ra.length !== rb.length)
      throw new Error(`paired: arms ${a} and ${b} need the same replicates`);
    const rounds = ra[0]?.length ?? 0;
    for (let i = 0; i < rounds; i++) {
      const xa = ra.map((rep) => rep[i]!.meanAttempts);
      const xb = rb.map((rep) => rep[i]!.meanAttempts);
      const diff = meanInterval(xa.map((x, j) => x - xb[j]!));
      const final = i === rounds - 1;
      out.push({
        id: `${a}-${b}.${final ? 'final' : `round${i + 1}`}`,
        minuend: a,
        subtrahend: b,
        round: i + 1,
        final,
        mean: diff.mean,
        se: diff.se,
        ci95: diff.ci95,
        unpairedSe: Math.hypot(meanInterval(xa).se, meanInterval(xb).se),
      });
    }
  }
  return out;
}
