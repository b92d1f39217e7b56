/**
 * One reading's joint likelihood: the probability that a simulated publication — one separate run of every
 * arm — reproduces every published figure to the printed precision, the product of the arms' probabilities.
 * Each arm enters through one basis, the same for every reading so that readings stay comparable:
 *
 *  - 'closed form' for the random control (randomControl.ts);
 *  - 'exact' (the share of reproducing runs) where some reading reproduces the arm at least MIN_HITS times;
 *  - 'smoothed' (the kernel estimate) where the arm is too rare to count under every reading.
 *
 * Standard errors on the log scale by the delta method, se(log p) = se(p)/p, summed in quadrature over the
 * arms (their runs are independent). An arm no run reproduces makes the log-likelihood −∞; the reading then
 * carries an upper bound instead (each such arm at its 95 % bound).
 */
import type { ArmId } from '../arms.js';
import type { ArmEstimate, ProbabilityEstimate } from './armEstimate.js';

export type Basis = 'closed form' | 'exact' | 'smoothed';

/**
 * Reproducing runs an arm needs, under its best reading, to be counted rather than smoothed (relative error ≤ 20 %).
 */
export const MIN_HITS = 25;

export interface ArmTerm {
  /** The simulation's key: readings with the same key share the very same runs. */
  readonly key: string;
  readonly estimate: ArmEstimate;
  readonly basis: Basis;
}

export interface LogEstimate {
  /** Natural log; −∞ when some arm has no reproducing run. */
  readonly log: number;
  readonly se: number;
  /** When log is −∞: the log of an upper bound (95 % per rare arm); otherwise null. */
  readonly upper: number | null;
}

export interface ReadingLikelihood {
  readonly arms: readonly ArmTerm[];
  /** The likelihood the ranking uses (each arm on its basis). */
  readonly joint: LogEstimate;
  /** Every arm counted exactly (closed form for the control): the unsmoothed column. */
  readonly exact: LogEstimate;
  /** Every arm kernel-smoothed: the second column. */
  readonly smoothed: LogEstimate;
  /** Arms too rare to count under this reading (no reproducing run). */
  readonly tooRare: readonly ArmId[];
}

export function pick(estimate: ArmEstimate, basis: Basis): ProbabilityEstimate {
  return basis === 'smoothed' ? estimate.smoothed : estimate.exact;
}

export function weightsOf(estimate: ArmEstimate, basis: Basis): Float64Array | null {
  return basis === 'smoothed' ? estimate.smoothedWeights : estimate.exactWeights;
}

/** Σ log p over arms, with its delta-method error, or an upper bound when some arm is zero. */
export function combine(parts: readonly ProbabilityEstimate[]): LogEstimate {
  let log = 0;
  let variance = 0;
  let bound = 0;
  let zero = false;
  for (const e of parts) {
    if (e.p > 0) {
      log += Math.log(e.p);
      bound += Math.log(e.p);
      variance += (e.se / e.p) ** 2;
    } else {
      zero = true;
      bound += Math.log(e.upper ?? 1);
    }
  }
  return zero ? { log: -Infinity, se: NaN, upper: bound } : { log, se: Math.sqrt(variance), upper: null };
}

/** Each arm's basis, from every reading's estimate of it. */
export function chooseBases(estimates: readonly ArmEstimate[]): Map<ArmId, Basis> {
  const out = new Map<ArmId, Basis>();
  for (const e of estimates) {
    if (e.exactWeights === null) out.set(e.arm, 'closed form');
    else if (e.hits >= MIN_HITS) out.set(e.arm, 'exact');
    else if (!out.has(e.arm)) out.set(e.arm, 'smoothed');
  }
  return out;
}

export function readingLikelihood(
  arms: readonly { key: string; estimate: ArmEstimate }[],
  bases: ReadonlyMap<ArmId, Basis>,
): ReadingLikelihood {
  const terms = arms.map(({ key, estimate }) => ({ key, estimate, basis: bases.get(estimate.arm) ?? 'smoothed' }));
  return {
    arms: terms,
    joint: combine(terms.map((t) => pick(t.estimate, t.basis))),
    exact: combine(terms.map((t) => t.estimate.exact)),
    smoothed: combine(terms.map((t) => t.estimate.smoothed)),
    tooRare: terms.filter((t) => pick(t.estimate, t.basis).p === 0).map((t) => t.estimate.arm),
  };
}
