/** Hand-made arm estimates and readings for the posterior, decision and headline tests. */
import type { ArmId } from '../../../../sim/reproduction/arms.js';
import { BANDWIDTH_SCALES, type ArmEstimate } from '../../../../sim/reproduction/likelihood/armEstimate.js';
import { readingLikelihood, type ReadingLikelihood } from '../../../../sim/reproduction/likelihood/reading.js';

/** An estimated arm: its log-likelihood and standard error, the same at every bandwidth unless `byScale` says. */
export function armAt(arm: ArmId, log: number, se: number, byScale?: readonly number[]): ArmEstimate {
  return {
    arm,
    n: 1000,
    hits: 500,
    status: 'estimated',
    missing: [],
    discreteLog: Math.log(0.5),
    discreteUpper: Math.log(0.55),
    byScale: BANDWIDTH_SCALES.map((_, s) => ({ log: byScale?.[s] ?? log, variance: se * se, ess: 100 })),
    bound: null,
    ess: 100,
  };
}

/** An arm no run reproduces: its bound, with or without its continuous part. */
export function armZero(arm: ArmId, upper: number, continuousMissing = true): ArmEstimate {
  return {
    arm,
    n: 1000,
    hits: 0,
    status: 'zero',
    missing: [`${arm}.skills` as never],
    discreteLog: -Infinity,
    discreteUpper: upper,
    byScale: [],
    bound: { log: upper, continuousMissing },
    ess: NaN,
  };
}

/** A one-arm reading on simulation `key`. */
export function reading(key: string, estimate: ArmEstimate): ReadingLikelihood {
  return readingLikelihood([{ key, estimate }]);
}
