/** Calibration's sizes and goals, apart from its machinery (the command line reads them without loading it). */

/** Publications per truth. */
export const CALIBRATION_PUBLICATIONS = 200;
/** The goals: wrong identifications at most this share; the 90 % credible set covering the truth within these. */
export const WRONG_GOAL = 0.05;
export const COVERAGE_GOAL: readonly [number, number] = [0.85, 0.95];
