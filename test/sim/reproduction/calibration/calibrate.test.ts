/**
 * A reduced calibration: a grid of 16 readings (window, update and the test accounting; the rest at the
 * code's defaults), a bank of 2000 runs per arm and reading, 100 publications of each of two true readings.
 * The goals are asserted with tolerances of three binomial standard errors at 100 publications.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { auditPublication, type AuditResult } from '../../../../sim/reproduction/audit.js';
import {
  calibrate,
  CALIBRATION_TRUTHS,
  COVERAGE_GOAL,
  truthOf,
  WRONG_GOAL,
  type Calibration,
} from '../../../../sim/reproduction/calibration/calibrate.js';
import { reportedTarget, simulatePublications } from '../../../../sim/reproduction/calibration/publications.js';
import { findFigure } from '../../../../sim/reproduction/figures.js';
import { simulationPool } from '../../../../sim/reproduction/simulationJobs.js';

const base = hiddenOf(PUBLISHED_AGENT);
const GRID: HiddenChoices[] = (['round', 'all'] as const).flatMap((window) =>
  (['replace', 'merge'] as const).flatMap((update) =>
    (['any', 'high'] as const).flatMap((testUnit) =>
      (['evolve', 'record'] as const).map((testAt) => ({ ...base, window, update, testUnit, testAt })),
    ),
  ),
);
const TRUTHS = [truthOf({}), truthOf({ testUnit: 'high' })];
const PUBLICATIONS = 100;
const se = (p: number): number => Math.sqrt((p * (1 - p)) / PUBLICATIONS);
let bank: AuditResult;
let result: Calibration;

beforeAll(async () => {
  bank = await auditPublication(9, 2000, { workers: 1, grid: GRID });
  const pool = simulationPool(1);
  const publications = await simulatePublications(TRUTHS, 9, PUBLICATIONS, pool);
  await pool.close();
  result = calibrate(bank, TRUTHS, publications, { seed: 9 });
});

describe('calibration of the decision on simulated publications', () => {
  it('reports every truth it was given, each with its publications', () => {
    expect(result.truths.map((t) => t.hidden)).toEqual(TRUTHS);
    for (const t of result.truths) expect(t.publications).toBe(PUBLICATIONS);
    expect(result.replicates).toBe(2000);
    expect(CALIBRATION_TRUTHS.length).toBeGreaterThanOrEqual(6);
    expect(CALIBRATION_TRUTHS.some((t) => t.window === 'all')).toBe(true);
  });

  it(`identifies a wrong value in at most ${100 * WRONG_GOAL} % of publications (within 3 binomial SEs)`, () => {
    for (const t of result.truths) expect(t.wrongIdentifications).toBeLessThanOrEqual(WRONG_GOAL + 3 * se(WRONG_GOAL));
  });

  it('covers the truth with the 90 % credible set in 85–95 % of publications (within 3 binomial SEs)', () => {
    for (const t of result.truths) {
      expect(t.coverage90).toBeGreaterThanOrEqual(COVERAGE_GOAL[0] - 3 * se(COVERAGE_GOAL[0]));
      expect(t.coverage90).toBeLessThanOrEqual(COVERAGE_GOAL[1] + 3 * se(COVERAGE_GOAL[1]));
    }
  });

  it('reports a publication’s figures as the article printed its own', () => {
    expect(reportedTarget(findFigure('exploit.final'), 4.2333)).toEqual({ lo: 4.15, hi: 4.25, point: 4.2 });
    expect(reportedTarget(findFigure('exploit.tests'), 973)).toEqual({ lo: 972.5, hi: 973.5, point: 973 });
    expect(reportedTarget(findFigure('threshold75.skills'), 4)).toEqual({ lo: 3, hi: Infinity, point: 4 });
    expect(reportedTarget(findFigure('threshold75.skills'), 1)).toEqual({ lo: -Infinity, hi: 3, point: 1 });
  });
});
