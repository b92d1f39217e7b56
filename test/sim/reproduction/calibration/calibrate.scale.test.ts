/**
 * A reduced calibration: a grid of 16 readings (window, update and the test accounting; the rest at the
 * code's defaults), banks of 1000 runs per arm and reading (the audit's and one simulated afresh), 60
 * publications of each of two true readings, 30 judged on each bank, thresholds from 100 fresh publications.
 * The goals are asserted with tolerances of three binomial standard errors at those counts: this checks that
 * the machinery calibrates, not the full calibration's figures (docs/reproduction.md has those).
 *
 * A check of scale, in `npm run test:scale`: the goals hold only where banks are large enough that refinement
 * brings the truth to the floor of effective runs (its runs are most of this file's cost), and a smaller bank
 * leaves the truth not estimable in a large share of publications, so the goals fail there by design.
 * `npm test` keeps the calibration's bookkeeping at a small scale (calibrate.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REDUCED_GRID, REDUCED_TRUTHS } from './reducedGrid.js';
import { auditPublication, simulateGrid, type AuditResult } from '../../../../sim/reproduction/audit.js';
import {
  calibrate,
  COVERAGE_GOAL,
  WRONG_GOAL,
  type Calibration,
} from '../../../../sim/reproduction/calibration/calibrate.js';
import { simulatePublications } from '../../../../sim/reproduction/calibration/publications.js';
import { simulationPool } from '../../../../sim/reproduction/simulationJobs.js';
import { bankOf, bankSeed, freshBank, type Bank } from '../../../../sim/reproduction/calibration/judge.js';
import { THRESHOLD_PUBLICATIONS, thresholdSeed } from '../../../../sim/reproduction/calibration/confidence.js';
import { confidenceSet, type ConfidenceSet } from '../../../../sim/reproduction/calibration/articleSet.js';

const GRID = REDUCED_GRID;
const TRUTHS = REDUCED_TRUTHS;
const PUBLICATIONS = 60;
const FRESH = 100;
const BANK = 1000;
const se = (p: number): number => Math.sqrt((p * (1 - p)) / PUBLICATIONS);
let audit: AuditResult;
let result: Calibration;
let articleSet: ConfidenceSet;

beforeAll(async () => {
  audit = await auditPublication(9, BANK, { workers: 1, grid: GRID });
  const pool = simulationPool(1);
  try {
    const publications = await simulatePublications(TRUTHS, 9, PUBLICATIONS, pool);
    const fresh = (await simulateGrid(TRUTHS, thresholdSeed(9), FRESH, pool)).simulations;
    articleSet = await confidenceSet(audit, 9, pool, { publications: FRESH });
    const banks: [Bank, Bank] = [bankOf(audit, 9), await freshBank(GRID, bankSeed(9, 1), BANK, pool)];
    result = await calibrate(banks, TRUTHS, publications, { seed: 9, pool, fresh });
  } finally {
    await pool.close();
  }
  // Two banks, their refinement's runs and 560 publications judged: minutes on a loaded two-core machine.
}, 1_800_000);

describe('calibration of the decision on simulated publications', () => {
  it('reports every truth it was given, each with its publications, judged on two banks', () => {
    expect(result.truths.map((t) => t.hidden)).toEqual(TRUTHS);
    for (const t of result.truths) expect(t.publications).toBe(PUBLICATIONS);
    expect(result.replicates).toBe(BANK);
    expect(result.banks).toBe(2);
  });

  it(`identifies a wrong value in at most ${100 * WRONG_GOAL} % of publications (within 3 binomial SEs)`, () => {
    for (const t of result.truths) expect(t.wrongIdentifications).toBeLessThanOrEqual(WRONG_GOAL + 3 * se(WRONG_GOAL));
  });

  it('covers the truth with the printed 90 % confidence set in at least 85 % of publications (within 3 SEs)', () => {
    for (const t of result.truths)
      expect(t.confidenceCoverage90).toBeGreaterThanOrEqual(COVERAGE_GOAL[0] - 3 * se(COVERAGE_GOAL[0]));
  });

  it('covers the truth 90 % of the time by the randomized set (within 3 SEs of both samples)', () => {
    const se = Math.sqrt(0.09 * (1 / PUBLICATIONS + 1 / FRESH));
    for (const t of result.truths) expect(Math.abs(t.randomizedCoverage90 - 0.9)).toBeLessThanOrEqual(3 * se);
  });

  it('refines publications as the article is, and reports power and the credible set beside', () => {
    for (const t of result.truths) {
      expect(t.refined).toBeGreaterThan(0);
      expect(t.truthEstimable).toBeGreaterThan(0.8);
      expect(t.credibleCoverage90).toBeGreaterThan(0);
      expect(t.credibleCoverage90).toBeLessThanOrEqual(1);
      expect(t.threshold).toBeGreaterThanOrEqual(0);
      for (const p of Object.values(t.identified)) expect(p).toBeLessThanOrEqual(1);
    }
  });

  it('builds the article’s confidence set from the readings within its span, each against its own threshold', () => {
    expect(articleSet.examined.length).toBeGreaterThan(0);
    expect(articleSet.publications).toBe(FRESH);
    expect(THRESHOLD_PUBLICATIONS).toBeGreaterThan(FRESH);
    for (const e of articleSet.examined) {
      expect(e.lambda).toBeLessThanOrEqual(articleSet.span);
      expect(articleSet.members.includes(e.index)).toBe(e.lambda <= e.threshold.value + 1e-9);
    }
    expect(Math.max(...articleSet.examined.map((e) => e.threshold.value))).toBeLessThan(articleSet.span);
    expect(articleSet.members).toContain(articleSet.examined[0]!.index);
  });
});
