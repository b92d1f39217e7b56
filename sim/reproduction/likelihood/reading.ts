/**
 * One reading's joint likelihood: the probability that a simulated publication — one separate run of every
 * arm — reproduces every published figure to the printed precision, the product of the arms' probabilities
 * (armEstimate.ts; the random control in closed form). The arms' runs are independent, so their log
 * variances add up. A reading is estimable when every arm is; otherwise it carries what is known: the arms'
 * status, and for each arm not estimated the upper bound of its discrete share.
 */
import type { ArmId } from '../arms.js';
import { BANDWIDTH_SCALES, type ArmEstimate } from './armEstimate.js';

export interface ArmTerm {
  /** The simulation's key: readings with the same key share the very same runs, and so the same error. */
  readonly key: string;
  readonly estimate: ArmEstimate;
}

export interface LogEstimate {
  /** Natural log. */
  readonly log: number;
  /** Its Monte Carlo standard error. */
  readonly se: number;
}

export interface ReadingLikelihood {
  readonly arms: readonly ArmTerm[];
  /** Every arm estimated. */
  readonly estimable: boolean;
  /** One per bandwidth scale (BANDWIDTH_SCALES), when estimable; NaN otherwise. */
  readonly byScale: readonly LogEstimate[];
  /** Σ over arms of the log discrete share (what orders readings that are not estimable). */
  readonly discreteLog: number;
  /** Arms not estimated: no run reproduces their discrete figures, or too few do. */
  readonly notEstimated: readonly ArmId[];
  /** Why the reading provably cannot produce a published figure (checks/impossible.ts), or null. */
  readonly impossible: string | null;
}

export function readingLikelihood(arms: readonly ArmTerm[], impossible: string | null = null): ReadingLikelihood {
  // Loops rather than callbacks: refinement and calibration make every reading's likelihood again and again.
  const notEstimated: ArmId[] = [];
  let discreteLog = 0;
  for (const t of arms) {
    if (t.estimate.byScale.length === 0) notEstimated.push(t.estimate.arm);
    discreteLog += t.estimate.discreteLog;
  }
  const estimable = notEstimated.length === 0;
  const byScale: LogEstimate[] = [];
  for (let s = 0; s < BANDWIDTH_SCALES.length; s++) {
    if (!estimable) {
      byScale.push({ log: NaN, se: NaN });
      continue;
    }
    let log = 0;
    let variance = 0;
    for (const t of arms) {
      log += t.estimate.byScale[s]!.log;
      variance += t.estimate.byScale[s]!.variance;
    }
    byScale.push({ log, se: Math.sqrt(variance) });
  }
  return { arms, estimable, byScale, discreteLog, notEstimated, impossible };
}

/**
 * Monte Carlo variance of log L(a) − log L(b) at one scale: arms on the same simulation cancel exactly; the
 * others are counted as independent (their runs share random numbers, which makes this an upper bound).
 */
export function differenceVariance(a: ReadingLikelihood, b: ReadingLikelihood, scale: number): number {
  let variance = 0;
  a.arms.forEach((ta, i) => {
    const tb = b.arms[i]!;
    if (ta.key === tb.key) return;
    variance += (ta.estimate.byScale[scale]?.variance ?? NaN) + (tb.estimate.byScale[scale]?.variance ?? NaN);
  });
  return variance;
}
