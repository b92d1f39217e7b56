import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, HIDDEN_CHOICES, hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { auditGrid, auditJobs, type AuditResult } from '../../../sim/reproduction/audit.js';
import { floorCap } from '../../../sim/reproduction/refine.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';
import { MAIN_SCALE } from '../../../sim/reproduction/likelihood/armEstimate.js';
import { compareReadings } from '../../../sim/reproduction/likelihood/posterior.js';
import { unpairedSeed } from '../../../sim/reproduction/likelihood/unpaired.js';
import { compiled } from '../../helpers/compiled.js';

// Enough runs that the refinement's cap (`floorCap`) brings the leading readings to the floor.
const REPLICATES = 1000;
const base = hiddenOf(PUBLISHED_AGENT);
/** A small grid: the accounting, the update and the window, the rest at the code's defaults. */
const GRID: HiddenChoices[] = ['round', 'all'].flatMap((window) =>
  ['replace', 'merge'].flatMap((update) =>
    (['any', 'high'] as const).flatMap((testUnit) =>
      (['evolve', 'record'] as const).map((testAt) => ({ ...base, window, update, testUnit, testAt }) as HiddenChoices),
    ),
  ),
);
let inProcess: AuditResult;

// On the tests' build of the sources (test/helpers/compiled.ts): the audits' simulations are what this file costs.
const { auditPublication } =
  await compiled<typeof import('../../../sim/reproduction/audit.js')>('sim/reproduction/audit.ts');

beforeAll(async () => {
  inProcess = await auditPublication(5, REPLICATES, { workers: 1, grid: GRID });
});

describe('audit of the hidden choices', () => {
  it('the grid is every combination of every hidden choice, once, the defaults first', () => {
    const grid = auditGrid();
    const expected = HIDDEN_CHOICES.reduce((n, c) => n * c.values.length, 1);
    expect(grid).toHaveLength(expected);
    expect(new Set(grid.map((h) => JSON.stringify(h))).size).toBe(expected);
    for (const c of HIDDEN_CHOICES) expect(new Set(grid.map((h) => h[c.key]))).toEqual(new Set(c.values));
    expect(grid[0]).toEqual(Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, PUBLISHED_AGENT[c.key]])));
  });

  it('runs each distinct simulation once, one for all four test accountings of an arm', () => {
    const grid = auditGrid();
    const { jobs, keys } = auditJobs(grid, 5, REPLICATES);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(jobs.length);
    const exploit = ARMS.findIndex((a) => a.id === 'exploit');
    // Every reading's exploitation arm keeps its own accounting: 2⁶ (explore-unit is moot without exploration) …
    expect(new Set(keys.map((k) => k[exploit]))).toHaveProperty('size', grid.length / 2);
    // … from a quarter as many simulations.
    expect(jobs.filter((j) => j.arm === 'exploit')).toHaveLength(grid.length / 8);
    expect(jobs.filter((j) => j.arm === 'exploit').every((j) => j.accountings === true)).toBe(true);
    expect(jobs.filter((j) => j.arm === 'explore')).toHaveLength(32);
    expect(jobs.filter((j) => j.arm === 'random')).toHaveLength(1);
  });

  it('simulates the arms as separate runs, and one arm under every reading on the same random numbers', () => {
    const { jobs } = auditJobs(auditGrid(), 5, REPLICATES);
    for (const a of ARMS)
      expect(new Set(jobs.filter((j) => j.arm === a.id).map((j) => j.seed))).toEqual(new Set([unpairedSeed(5, a.id)]));
    expect(new Set(ARMS.map((a) => unpairedSeed(5, a.id))).size).toBe(ARMS.length);
  });

  it('estimates every reading from all its runs, and ranks the estimable ones first, by likelihood', () => {
    const entries = inProcess.entries;
    expect(entries).toHaveLength(GRID.length);
    for (const e of entries) {
      expect(e.replicates).toBe(REPLICATES);
      expect(e.total).toBe(FIGURES.length);
      for (const t of e.likelihood.arms)
        if (t.estimate.status !== 'closed form') expect(t.estimate.n).toBeGreaterThanOrEqual(REPLICATES);
    }
    for (let i = 1; i < entries.length; i++)
      expect(compareReadings(entries[i - 1]!.likelihood, entries[i]!.likelihood, MAIN_SCALE)).toBeLessThanOrEqual(0);
    const estimable = entries.filter((e) => e.likelihood.estimable);
    expect(estimable.length).toBeGreaterThan(0);
    expect(estimable.reduce((s, e) => s + e.posterior, 0)).toBeCloseTo(1, 12);
    for (const e of entries.filter((x) => !x.likelihood.estimable)) {
      expect(e.rank).toBeNull();
      expect(e.likelihood.notEstimated.length).toBeGreaterThan(0);
    }
    expect(inProcess.checks).not.toBeNull();
  });

  it('refines only readings it cannot estimate, up to its limit, with runs for the likelihood only', () => {
    expect(inProcess.extraRuns.size).toBeGreaterThan(0);
    for (const [key, extra] of inProcess.extraRuns) {
      expect(extra).toBeGreaterThan(0);
      expect(extra).toBeLessThanOrEqual(floorCap(REPLICATES) - REPLICATES);
      expect(inProcess.simulations.values.get(key)!.values().next().value!.length).toBe(REPLICATES);
    }
  });

  it('carries the estimator’s check on the simulated random control', () => {
    const r = inProcess.randomControl;
    expect(r.replicates).toBe(REPLICATES);
    expect(r.closedForm).toBeCloseTo(6.1429e-9, 12);
    // At 1000 runs the check is loose: within 4 of its own standard errors.
    expect(Math.abs(Math.log(r.estimated / r.closedForm))).toBeLessThan(4 * r.logSe);
  });

  it('is deterministic, whatever the number of worker threads', async () => {
    const again = await auditPublication(5, REPLICATES, { workers: 2, grid: GRID });
    const summary = (r: AuditResult): unknown[] =>
      r.entries.map((e) => [
        e.index,
        e.rank,
        e.inside,
        e.patternShare,
        e.likelihood.byScale.map((s) => s.log),
        e.posterior,
      ]);
    expect(summary(again)).toEqual(summary(inProcess));
    expect([...again.extraRuns]).toEqual([...inProcess.extraRuns]);
    expect(again.checks).toEqual(inProcess.checks);
  });
});
