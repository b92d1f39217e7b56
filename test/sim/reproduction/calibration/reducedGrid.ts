/**
 * The reduced calibration's readings, shared by calibrate.test.ts (its bookkeeping on small banks) and
 * calibrate.scale.test.ts (its goals on large ones): window, update and the test accounting varied, the other
 * choices at the code's defaults, and two true readings among them.
 */
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { hiddenOf, type HiddenChoices } from '../../../../sim/reproduction/arms.js';
import { truthOf } from '../../../../sim/reproduction/calibration/calibrate.js';

const base = hiddenOf(PUBLISHED_AGENT);

/** 16 readings: window × update × test unit × test at. */
export const REDUCED_GRID: HiddenChoices[] = (['round', 'all'] as const).flatMap((window) =>
  (['replace', 'merge'] as const).flatMap((update) =>
    (['any', 'high'] as const).flatMap((testUnit) =>
      (['evolve', 'record'] as const).map((testAt) => ({ ...base, window, update, testUnit, testAt })),
    ),
  ),
);

/** The code's defaults, and the defaults with the test unit high. */
export const REDUCED_TRUTHS = [truthOf({}), truthOf({ testUnit: 'high' })];
