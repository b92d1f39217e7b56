import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import type { Calibration, TruthCalibration } from '../../../sim/reproduction/calibration/calibrate.js';
import { calibrationCsvRows, renderCalibration } from '../../../reports/tables/calibrationTables.js';

const truth = (changes: Partial<TruthCalibration>): TruthCalibration => ({
  hidden: hiddenOf(PUBLISHED_AGENT),
  publications: 200,
  wrongIdentifications: 0.01,
  identified: { cadence: 0.7, samples: 0.75 },
  threshold: 0.6,
  confidenceCoverage90: 0.91,
  randomizedCoverage90: 0.9,
  credibleCoverage90: 0.94,
  truthEstimable: 1,
  refined: 0.8,
  vetoed: 0.02,
  ...changes,
});

const calibration: Calibration = {
  truths: [truth({}), truth({ hidden: { ...hiddenOf(PUBLISHED_AGENT), window: 'all' }, confidenceCoverage90: 0.8 })],
  ranks: null,
  replicates: 10_000,
  banks: 2,
  thresholdPublications: 200,
};

describe('the calibration table', () => {
  it('gives each truth its power beside its wrong identifications, and the printed sets’ coverage', () => {
    const text = renderCalibration(calibration);
    expect(text).toContain('cadence 70 %, samples 75 %');
    expect(text).toContain('--window all');
    expect(text).toMatch(/met[\s\S]*MISSED/);
    expect(text).toContain('judged in 2 batches, each on a bank of its own (10000 runs per arm and reading');
    expect(text).toContain('threshold from 200 fresh publications');
  });

  it('writes one CSV row per truth with the power per choice', () => {
    const rows = calibrationCsvRows(calibration);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ banks: 2, 'identified.cadence': 0.7, 'identified.window': 0, meetsGoals: true });
    expect(rows[1]).toMatchObject({ meetsGoals: false });
  });
});
