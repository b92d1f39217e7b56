/**
 * The test unit's cross-check: the log Bayes factor of the best reading against its twin in the test unit, by the
 * kernel and by the two other estimators of the exploitation arm (abcEstimates.ts), and whether they agree. Where
 * they do not, the verdict leaves the test unit open.
 */
import { MAIN_SCALE } from '../likelihood/armEstimate.js';
import type { ArmTargets } from '../likelihood/classes/armClass.js';
import type { ReadingLikelihood } from '../likelihood/reading.js';
import type { FigureValues } from '../pattern.js';
import { abcArm, syntheticArm, type AbcEstimate } from './abcEstimates.js';

/**
 * A reading's log-likelihood with arm `arm`'s kernel estimate replaced by a cross-check's `estimate`: the other
 * arms' terms and their Monte Carlo variance kept, the estimate's added.
 */
export function withArmEstimate(reading: ReadingLikelihood, arm: number, estimate: AbcEstimate): AbcEstimate {
  const main = reading.byScale[MAIN_SCALE]!;
  const own = reading.arms[arm]!.estimate.byScale[MAIN_SCALE]!;
  const others = { log: main.log - own.log, variance: main.se ** 2 - own.variance };
  return { log: others.log + estimate.log, se: Math.sqrt(Math.max(0, others.variance) + estimate.se ** 2) };
}

/** A log Bayes factor with its error. */
export interface LogDifference {
  readonly log: number;
  readonly se: number;
}

/** The test unit's log Bayes factor, best reading against its twin, by the kernel and by each cross-check. */
export interface TestUnitCheck {
  readonly main: LogDifference;
  readonly abc: LogDifference;
  readonly agree: boolean;
  readonly synthetic: LogDifference | null;
  readonly syntheticAgrees: boolean;
}

const difference = (a: LogDifference, b: LogDifference): LogDifference => ({
  log: a.log - b.log,
  se: Math.hypot(a.se, b.se),
});

/** Whether a cross-check's Bayes factor lies within the 95 % interval of its difference from the kernel's. */
const agreesWith = (main: LogDifference, x: LogDifference): boolean =>
  Math.abs(main.log - x.log) <= 1.959963984540054 * Math.hypot(main.se, x.se);

/** The test-unit check from each reading's three log-likelihoods (the kernel's, ABC's, the synthetic one's). */
export function testUnitFrom(
  best: { readonly main: LogDifference; readonly abc: LogDifference; readonly synthetic: LogDifference | null },
  twin: { readonly main: LogDifference; readonly abc: LogDifference; readonly synthetic: LogDifference | null },
): TestUnitCheck {
  const main = difference(best.main, twin.main);
  const abc = difference(best.abc, twin.abc);
  const synthetic =
    best.synthetic === null || twin.synthetic === null ? null : difference(best.synthetic, twin.synthetic);
  return {
    main,
    abc,
    agree: agreesWith(main, abc),
    synthetic,
    syntheticAgrees: synthetic !== null && agreesWith(main, synthetic),
  };
}

/**
 * Whether a publication's test-unit check leaves the test unit open, as the audit's (`testUnitFrom`) would: both
 * readings estimable, the twin within `within` nats of the best, ABC estimating both exploitation arms, and either
 * cross-check disagreeing. ABC is read for both readings first, and the synthetic likelihood — the check's dearest
 * part, its bootstrap — only where ABC agrees, as the answer does not depend on it otherwise: calibration counts the
 * vetoes alone.
 */
export function testUnitVetoes(
  best: ReadingLikelihood,
  twin: ReadingLikelihood,
  exploit: number,
  values: { readonly best: FigureValues; readonly twin: FigureValues },
  targets: ArmTargets,
  within: number,
): boolean {
  if (!best.estimable || !twin.estimable) return false;
  const b = best.byScale[MAIN_SCALE]!;
  const t = twin.byScale[MAIN_SCALE]!;
  if (b.log - t.log > within) return false;
  const abcBest = abcArm('exploit', values.best, targets);
  if (abcBest === null) return false;
  const abcTwin = abcArm('exploit', values.twin, targets);
  if (abcTwin === null) return false;
  const main = difference({ log: b.log, se: b.se }, { log: t.log, se: t.se });
  const abc = difference(withArmEstimate(best, exploit, abcBest), withArmEstimate(twin, exploit, abcTwin));
  if (!agreesWith(main, abc)) return true;
  const syntheticBest = syntheticArm('exploit', values.best, targets);
  const syntheticTwin = syntheticArm('exploit', values.twin, targets);
  if (syntheticBest === null || syntheticTwin === null) return true;
  return !agreesWith(
    main,
    difference(withArmEstimate(best, exploit, syntheticBest), withArmEstimate(twin, exploit, syntheticTwin)),
  );
}
