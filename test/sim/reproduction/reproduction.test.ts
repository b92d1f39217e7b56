import { beforeAll, describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import {
  analyticFor,
  figureRows,
  figureValues,
  runArms,
  uniformGuessingValue,
  type ArmResult,
  type FigureRow,
} from '../../../sim/reproduction/reproduction.js';
import { findFigure } from '../../../sim/reproduction/figures.js';
import type { ExactValue } from '../../../sim/core/analytics.js';

/** Uniform guessing among 16 codes, cap 20: Σ_{t<20} (15/16)^t = (16^20 − 15^20) / 16^19, already in lowest terms. */
const EXACT = `${16n ** 20n - 15n ** 20n}/${16n ** 19n}`;

const hidden: HiddenChoices = hiddenOf(PUBLISHED_AGENT);
let arms: ArmResult[];
let rows: FigureRow[];
let uniform: ExactValue;

beforeAll(async () => {
  uniform = await uniformGuessingValue();
  arms = runArms(hidden, 1, 500);
  rows = figureRows(figureValues(arms), hidden, uniform);
});

describe('reproduction table', () => {
  it('has one row per published figure, with its published value', () => {
    expect(rows.map((r) => r.figure.id)).toEqual([...new Set(rows.map((r) => r.figure.id))]);
    expect(rows).toHaveLength(19);
  });

  it('gives the exact uniform-guessing value for the random control, as a fraction', () => {
    expect(uniform.exact).toBe(EXACT);
    expect(uniform.value).toBeCloseTo(11.599, 3);
    for (const r of rows.filter((r) => r.figure.arm === 'random')) expect(r.analytic?.exact).toBe(EXACT);
  });

  it('gives an analytic value only where the expectation is exactly uniform guessing', () => {
    const withAnalytic = rows.filter((r) => r.analytic !== null).map((r) => r.figure.id);
    // round cadence: the library is empty throughout round 1, so exploitation's round 1 is uniform guessing too
    expect(hidden.cadence).toBe('round');
    expect(withAnalytic).toEqual([
      'random.round1',
      'random.round2',
      'random.round3',
      'random.round4',
      'random.round5',
      'exploit.round1',
    ]);
    expect(analyticFor(findFigure('exploit.round1'), { ...hidden, cadence: 'task' }, uniform)).toBeNull();
  });

  it('random-control rows agree with 11.599 within 4 standard errors', () => {
    for (const r of rows.filter((r) => r.figure.arm === 'random' || r.figure.id === 'exploit.round1')) {
      expect(r.n).toBe(500);
      expect(Math.abs(r.mean - uniform.value), r.figure.id).toBeLessThan(4 * r.se);
      expect(r.ci95![0]).toBeLessThan(r.mean);
      expect(r.ci95![1]).toBeGreaterThan(r.mean);
    }
  });

  it('places each published value among single runs', () => {
    for (const r of rows) {
      expect(r.placement, r.figure.id).not.toBeNull();
      const [lo, hi] = r.singleRun95!;
      if (r.figure.claim === 'equals')
        expect(r.placement!.consistent).toBe(r.figure.published >= lo && r.figure.published <= hi);
      expect(r.placement!.percentile).toBeGreaterThanOrEqual(0);
      expect(r.placement!.percentile).toBeLessThanOrEqual(100);
    }
  });

  it('runs the arms on shared random numbers: without a library yet, exploitation is the random control', () => {
    const random = arms.find((a) => a.arm.id === 'random')!;
    const exploit = arms.find((a) => a.arm.id === 'exploit')!;
    for (let i = 0; i < 50; i++)
      expect(exploit.replicates[i]![0]).toMatchObject({ attempts: random.replicates[i]![0]!.attempts });
  });

  it('is deterministic', () => {
    const again = runArms(hidden, 1, 20);
    expect(again.map((a) => a.replicates)).toEqual(arms.map((a) => a.replicates.slice(0, 20)));
  });
});
