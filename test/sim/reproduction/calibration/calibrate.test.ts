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
import { simulateGrid } from '../../../../sim/reproduction/audit.js';
import { publicationReadings } from '../../../../sim/reproduction/calibration/calibrate.js';
import { BankCache } from '../../../../sim/reproduction/calibration/bankCache.js';
import {
  mainLogs,
  publicationLogs,
  THRESHOLD_PUBLICATIONS,
  thresholdSeed,
} from '../../../../sim/reproduction/calibration/confidence.js';
import { confidenceSet, type ConfidenceSet } from '../../../../sim/reproduction/calibration/articleSet.js';
import { publicationOf } from '../../../../sim/reproduction/calibration/publications.js';

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
let publicationsOf: Awaited<ReturnType<typeof simulatePublications>>;
let fresh: Awaited<ReturnType<typeof simulateGrid>>['simulations'];
let articleSet: ConfidenceSet;

beforeAll(async () => {
  bank = await auditPublication(9, 2000, { workers: 1, grid: GRID });
  const pool = simulationPool(1);
  const publications = await simulatePublications(TRUTHS, 9, PUBLICATIONS, pool);
  publicationsOf = publications;
  fresh = (await simulateGrid(TRUTHS, thresholdSeed(9), THRESHOLD_PUBLICATIONS, pool)).simulations;
  articleSet = await confidenceSet(bank, 9, pool);
  await pool.close();
  result = calibrate(bank, TRUTHS, publications, { seed: 9, fresh });
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

  it('covers the truth with the 90 % confidence set in 85–95 % of publications (within 3 binomial SEs)', () => {
    for (const t of result.truths) {
      expect(t.coverage90).toBeGreaterThanOrEqual(COVERAGE_GOAL[0] - 3 * se(COVERAGE_GOAL[0]));
      expect(t.coverage90).toBeLessThanOrEqual(COVERAGE_GOAL[1] + 3 * se(COVERAGE_GOAL[1]));
    }
  });

  it('reports the credible set’s coverage beside it, and each truth’s threshold', () => {
    for (const t of result.truths) {
      expect(t.credibleCoverage90).toBeGreaterThan(0);
      expect(t.credibleCoverage90).toBeLessThanOrEqual(1);
      expect(t.threshold).toBeGreaterThanOrEqual(0);
    }
  });

  it('computes λ for thresholds as calibration does (main bandwidth, the same bank)', () => {
    const cache = new BankCache();
    const lean = new BankCache({ errors: false });
    for (let i = 0; i < 20; i++) {
      const p = publicationOf(publicationsOf[0]!, i);
      const judged = mainLogs(publicationReadings(bank.simulations, bank.bandwidths, p, cache));
      const fast = publicationLogs(bank.simulations, bank.bandwidths, p, cache);
      expect(fast).toEqual(judged);
      // The confidence set's cache, without the errors λ does not read: the same logs.
      expect(publicationLogs(bank.simulations, bank.bandwidths, p, lean)).toEqual(judged);
    }
  });

  it('covers the truth 90 % of the time with thresholds from fresh publications (within 3 SEs of both samples)', () => {
    const se = Math.sqrt(0.09 * (1 / PUBLICATIONS + 1 / THRESHOLD_PUBLICATIONS));
    for (const t of result.truths) expect(Math.abs(t.freshCoverage90! - 0.9)).toBeLessThanOrEqual(3 * se);
  });

  it('builds the article’s confidence set from the readings within its span, each against its own threshold', () => {
    expect(articleSet.examined.length).toBeGreaterThan(0);
    expect(articleSet.publications).toBe(THRESHOLD_PUBLICATIONS);
    for (const e of articleSet.examined) {
      expect(e.lambda).toBeLessThanOrEqual(articleSet.span);
      expect(articleSet.members.includes(e.index)).toBe(e.lambda <= e.threshold.value + 1e-9);
    }
    expect(Math.max(...articleSet.examined.map((e) => e.threshold.value))).toBeLessThan(articleSet.span);
    expect(articleSet.members).toContain(articleSet.examined[0]!.index);
  });

  it('reports a publication’s figures as the article printed its own', () => {
    expect(reportedTarget(findFigure('exploit.final'), 4.2333)).toEqual({ lo: 4.15, hi: 4.25, point: 4.2 });
    expect(reportedTarget(findFigure('exploit.tests'), 973)).toEqual({ lo: 972.5, hi: 973.5, point: 973 });
    expect(reportedTarget(findFigure('threshold75.skills'), 4)).toEqual({ lo: 3, hi: Infinity, point: 4 });
    expect(reportedTarget(findFigure('threshold75.skills'), 1)).toEqual({ lo: -Infinity, hi: 3, point: 1 });
  });
});
