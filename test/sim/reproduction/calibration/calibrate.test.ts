/**
 * Calibration's bookkeeping at a small scale: banks of 100 runs per arm and reading over the 16 readings of
 * calibrate.scale.test.ts, 4 publications of each of two true readings (2 judged on each bank), thresholds from 10
 * fresh publications. What it checks holds at any scale: every truth reported in order with its counts, each share
 * a whole number of its publications. Whether the decision meets its goals is a check of scale: it holds only on
 * banks large enough for refinement to bring the truth to the floor (calibrate.scale.test.ts, `npm run test:scale`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDUCED_GRID, REDUCED_TRUTHS } from './reducedGrid.js';
import { HIDDEN_CHOICES, type HiddenChoices } from '../../../../sim/reproduction/arms.js';
import { simulateGrid } from '../../../../sim/reproduction/audit.js';
import {
  calibrate,
  CALIBRATION_TRUTHS,
  truthOf,
  type Calibration,
} from '../../../../sim/reproduction/calibration/calibrate.js';
import { reportedTarget, simulatePublications } from '../../../../sim/reproduction/calibration/publications.js';
import { findFigure } from '../../../../sim/reproduction/figures.js';
import { simulationPool, type SimulationPool } from '../../../../sim/reproduction/simulationJobs.js';
import { bankSeed, freshBank, type Bank } from '../../../../sim/reproduction/calibration/judge.js';
import { thresholdSeed } from '../../../../sim/reproduction/calibration/confidence.js';

const GRID = REDUCED_GRID;
const TRUTHS = REDUCED_TRUTHS;
const PUBLICATIONS = 4;
const FRESH = 10;
const BANK = 100;
let result: Calibration;
/** The same calibration, its second bank simulated and judged on a thread of its own. */
let aside: Calibration;
/** Their first bank, the audit's bank as the command would pass it. */
let first: Bank;
/** A pool of two threads, kept for the file. */
let threads: SimulationPool;

beforeAll(async () => {
  const pool = simulationPool(1);
  threads = simulationPool(2);
  try {
    const publications = await simulatePublications(TRUTHS, 9, PUBLICATIONS, pool);
    const fresh = (await simulateGrid(TRUTHS, thresholdSeed(9), FRESH, pool)).simulations;
    first = await freshBank(GRID, bankSeed(9, 1), BANK, pool);
    const second = { grid: GRID, seed: bankSeed(9, 2), replicates: BANK };
    const banks: [Bank, Bank] = [first, await freshBank(second.grid, second.seed, second.replicates, pool)];
    result = await calibrate(banks, TRUTHS, publications, { seed: 9, pool, fresh });
    aside = await calibrate([first, second], TRUTHS, publications, { seed: 9, pool: threads, fresh });
  } finally {
    await pool.close();
  }
}, 600_000);
afterAll(async () => {
  await threads.close();
});

describe('calibration of the decision on simulated publications', () => {
  it('calibrates far truths as well as the neighbours of the defaults, none the runs of another', async () => {
    expect(CALIBRATION_TRUTHS.length).toBeGreaterThanOrEqual(8);
    expect(CALIBRATION_TRUTHS.filter((t) => Object.keys(t).length >= 2).length).toBeGreaterThanOrEqual(2);
    // Two truths whose runs are the same, arm for arm, would be one truth counted twice (as window all with samples
    // distinct is samples distinct): a few runs of every arm tell them apart.
    const truths = CALIBRATION_TRUTHS.map(truthOf);
    const pool = simulationPool(1);
    try {
      const { simulations } = await simulateGrid(truths, 5, 20, pool);
      const runs = simulations.keys.map((keys) =>
        JSON.stringify(keys.map((k) => [...simulations.values.get(k)!.values()].map((v) => [...v]))),
      );
      const same = truths.flatMap((_, i) => truths.flatMap((_, j) => (j > i && runs[i] === runs[j] ? [[i, j]] : [])));
      expect(same).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('reports every truth it was given, in order, each with its publications, judged on two banks', () => {
    expect(result.truths.map((t) => t.hidden)).toEqual(TRUTHS);
    expect(result.replicates).toBe(BANK);
    expect(result.banks).toBe(2);
    expect(result.thresholdPublications).toBe(FRESH);
    expect(result.ranks).toBeNull();
    for (const t of result.truths) {
      expect(t.publications).toBe(PUBLICATIONS);
      const shares = [
        t.wrongIdentifications,
        t.confidenceCoverage90,
        t.credibleCoverage90,
        t.truthEstimable,
        t.refined,
        t.vetoed,
        ...Object.values(t.identified),
      ];
      // Each a count of its publications: a whole number of quarters, between none and all.
      for (const s of shares) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(Number.isInteger(s * PUBLICATIONS)).toBe(true);
      }
      expect(Object.keys(t.identified)).toEqual(HIDDEN_CHOICES.map((c) => c.key));
      // The randomized set takes a reading at its threshold in part, the printed one whole: never more coverage.
      expect(t.randomizedCoverage90).toBeGreaterThanOrEqual(0);
      expect(t.randomizedCoverage90).toBeLessThanOrEqual(t.confidenceCoverage90);
    }
  });

  it('calibrates the same with a bank simulated and judged on a thread of its own', () => {
    expect(aside).toEqual(result);
  });

  it('fails with the error of a batch that failed on its own thread, without a stray rejection', async () => {
    const pool = threads;
    const publications = await simulatePublications(TRUTHS.slice(0, 1), 9, 2, pool);
    const fresh = (await simulateGrid(TRUTHS.slice(0, 1), thresholdSeed(9), 2, pool)).simulations;
    // A reading with no choices set: simulating the bank fails on the batch's thread.
    const broken = { grid: [{} as HiddenChoices], seed: 1, replicates: BANK };
    await expect(
      calibrate([first, broken], TRUTHS.slice(0, 1), publications, { seed: 9, pool, fresh }),
    ).rejects.toThrow();
  }, 120_000);

  it('reports a publication’s figures as the article printed its own', () => {
    expect(reportedTarget(findFigure('exploit.final'), 4.2333)).toEqual({ lo: 4.15, hi: 4.25, point: 4.2 });
    expect(reportedTarget(findFigure('exploit.tests'), 973)).toEqual({ lo: 972.5, hi: 973.5, point: 973 });
    expect(reportedTarget(findFigure('threshold75.skills'), 4)).toEqual({ lo: 3, hi: Infinity, point: 4 });
    expect(reportedTarget(findFigure('threshold75.skills'), 1)).toEqual({ lo: -Infinity, hi: 3, point: 1 });
  });
});
