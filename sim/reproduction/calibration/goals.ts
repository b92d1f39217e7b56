/** Calibration's sizes and goals, apart from its machinery (the command line reads them without loading it). */

/** Publications per truth. */
export const CALIBRATION_PUBLICATIONS = 200;
/** Banks per calibration: each truth's publications are judged in as many batches, each on a bank of its own. */
export const CALIBRATION_BANKS = 2;
/** The goals: wrong identifications at most this share; the 90 % confidence set covering the truth within these. */
export const WRONG_GOAL = 0.05;
export const COVERAGE_GOAL: readonly [number, number] = [0.85, 0.95];
/** Truths drawn from the prior for the posterior's rank histogram (simulation-based calibration), one each. */
export const RANK_DRAWS = 100;
