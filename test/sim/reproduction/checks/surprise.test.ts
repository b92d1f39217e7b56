/**
 * One standard for surprise: the smallest of the predictive checks' p-values, corrected for being the smallest,
 * calls an outlier in about 5 % of the publications of the very reading it is judged under — where the
 * smallest p-value uncorrected calls one in about a quarter. 400 fresh publications of the code's defaults
 * (one of the best readings) against 4000 of its runs; the rate's tolerance is two binomial standard errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, hiddenOf } from '../../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { CHECKS, Reference, surprise } from '../../../../sim/reproduction/checks/surprise.js';
import { subset } from '../../../../sim/reproduction/checks/bestReading.js';
import { findFigure, type FigureId } from '../../../../sim/reproduction/figures.js';
import { checkPValues, predictiveCheck } from '../../../../sim/reproduction/likelihood/predictive.js';
import { unpairedSeed } from '../../../../sim/reproduction/likelihood/unpaired.js';
import { runSimulation, type AuditJobResult } from '../../../../sim/reproduction/simulationJobs.js';

const RUNS = 4000;
const PUBLICATIONS = 400;
const LEVEL = 0.05;
const se = Math.sqrt((LEVEL * (1 - LEVEL)) / PUBLICATIONS);
let reference: Map<FigureId, Float64Array>;
let fresh: Map<FigureId, Float64Array>;

beforeAll(() => {
  const all = new Map<FigureId, Float64Array>();
  for (const arm of ARMS) {
    const r = runSimulation({
      kind: 'figures',
      key: arm.id,
      arm: arm.id,
      hidden: hiddenOf(PUBLISHED_AGENT),
      seed: unpairedSeed(41, arm.id),
      replicates: RUNS + PUBLICATIONS,
    }) as AuditJobResult;
    for (const [id, v] of r.values) all.set(id as FigureId, v);
  }
  reference = subset(
    all,
    Int32Array.from({ length: RUNS }, (_, i) => i),
  );
  fresh = subset(
    all,
    Int32Array.from({ length: PUBLICATIONS }, (_, i) => RUNS + i),
  );
}, 120_000);

describe('the outlier rule', () => {
  it('takes the same p-values as the predictive check, for the article', () => {
    const mine = new Reference(reference).pValues((id) => findFigure(id).published);
    const theirs = checkPValues(predictiveCheck(reference)).map((c) => c.pValue);
    expect([...mine.values()].sort()).toEqual(theirs.sort());
    expect(CHECKS).toHaveLength(theirs.length);
  });

  it(`calls ${100 * LEVEL} % of the reading's own publications outliers, within two standard errors`, () => {
    const ref = new Reference(reference);
    let corrected = 0;
    let raw = 0;
    for (let j = 0; j < PUBLICATIONS; j++) {
      const c = ref.corrected((id) => fresh.get(id)![j]!);
      if (c.pValue < LEVEL) corrected++;
      if (c.smallest < LEVEL) raw++;
    }
    expect(corrected / PUBLICATIONS).toBeLessThanOrEqual(LEVEL + 2 * se);
    expect(corrected / PUBLICATIONS).toBeGreaterThanOrEqual(LEVEL - 2 * se);
    // The smallest of the checks' p-values taken as it is: far more often below the line.
    expect(raw / PUBLICATIONS).toBeGreaterThan(LEVEL + 4 * se);
  });

  it('names the figure that makes the smallest check small from the runs, and gives its error', () => {
    const s = surprise(reference, (id) => findFigure(id).published);
    expect(s.checks).toBe(CHECKS.length);
    expect(s.pValue).toBeGreaterThan(s.smallest.pValue);
    expect(s.se).toBeGreaterThan(0);
    expect(s.publications).toBe(RUNS);
    if (s.culprit !== null) {
      expect(CHECKS.find((c) => c.what === s.smallest.what)!.figures).toContain(s.culprit.id);
      expect(s.culprit.without).toBeGreaterThan(s.smallest.pValue);
    }
  });
});
