import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, HIDDEN_CHOICES, armConfig } from '../../../sim/reproduction/arms.js';
import {
  auditGrid,
  auditJobs,
  auditPublication,
  contenders,
  SCREEN_MARGIN,
  type AuditEntry,
  type AuditResult,
} from '../../../sim/reproduction/audit.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';
import { compareReadings } from '../../../sim/reproduction/likelihood/posterior.js';
import type { ReadingLikelihood } from '../../../sim/reproduction/likelihood/reading.js';
import { unpairedSeed } from '../../../sim/reproduction/likelihood/unpaired.js';

const REPLICATES = 40;
let inProcess: AuditResult;

beforeAll(async () => {
  inProcess = await auditPublication(5, REPLICATES, { workers: 1 });
});

const key = (e: AuditEntry): string => JSON.stringify(e.hidden);

describe('audit of the hidden choices', () => {
  it('the grid is every combination of every hidden choice, once, the defaults first', () => {
    const grid = auditGrid();
    const expected = HIDDEN_CHOICES.reduce((n, c) => n * c.values.length, 1);
    expect(grid).toHaveLength(expected);
    expect(new Set(grid.map((h) => JSON.stringify(h))).size).toBe(expected);
    for (const c of HIDDEN_CHOICES) expect(new Set(grid.map((h) => h[c.key]))).toEqual(new Set(c.values));
    expect(grid[0]).toEqual(Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, PUBLISHED_AGENT[c.key]])));
  });

  it('runs each distinct simulation once', () => {
    const grid = auditGrid();
    const { jobs, keys } = auditJobs(grid, 5, REPLICATES);
    expect(keys).toHaveLength(grid.length);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(jobs.length);
    // Far fewer simulations than combinations × arms, because moot settings are merged …
    expect(jobs.length).toBeLessThan(grid.length * ARMS.length);
    // … but every combination's exploitation arm with its own test accounting is among them.
    expect(new Set(keys.map((k) => k[ARMS.findIndex((a) => a.id === 'exploit')])).size).toBe(grid.length / 2);
  });

  it('simulates the arms as separate runs, and one arm under every reading on the same random numbers', () => {
    const { jobs } = auditJobs(auditGrid(), 5, REPLICATES);
    const seeds = new Map(ARMS.map((a) => [a.id, new Set(jobs.filter((j) => j.arm === a.id).map((j) => j.seed))]));
    for (const a of ARMS) expect(seeds.get(a.id)).toEqual(new Set([unpairedSeed(5, a.id)]));
    expect(new Set(ARMS.map((a) => unpairedSeed(5, a.id))).size).toBe(ARMS.length);
    expect(unpairedSeed(6, 'exploit')).not.toBe(unpairedSeed(5, 'exploit'));
  });

  it('ranks every combination by likelihood, with posteriors summing to 1', () => {
    const entries = inProcess.entries;
    expect(entries).toHaveLength(auditGrid().length);
    expect(new Set(entries.map(key))).toEqual(new Set(auditGrid().map((h) => JSON.stringify(h))));
    for (const e of entries) {
      expect(e.total).toBe(FIGURES.length);
      expect(e.replicates).toBe(REPLICATES);
      expect(e.inside).toBe([...e.placements.values()].filter((p) => p?.consistent === true).length);
      expect(e.patternShare).toBeLessThanOrEqual(e.exploitPatternShare);
      expect(e.trueModel.expected).toBeGreaterThan(0.9 * FIGURES.length);
    }
    for (let i = 1; i < entries.length; i++) {
      expect(compareReadings(entries[i - 1]!.likelihood, entries[i]!.likelihood)).toBeLessThanOrEqual(0);
      expect(entries[i]!.rank).toBeGreaterThanOrEqual(entries[i - 1]!.rank);
    }
    expect(entries[0]!.rank).toBe(1);
    expect(Number.isFinite(entries[0]!.likelihood.joint.log)).toBe(true);
    expect(entries.reduce((s, e) => s + e.posterior, 0)).toBeCloseTo(1, 12);
    expect(inProcess.check).not.toBeNull();
    expect(inProcess.screening).toEqual({ replicates: REPLICATES, refined: entries.length });
  });

  it('is deterministic, whatever the number of worker threads', async () => {
    const again = await auditPublication(5, REPLICATES, { workers: 2 });
    const summary = (r: AuditResult): unknown[] =>
      r.entries.map((e) => [key(e), e.rank, e.inside, e.patternShare, e.likelihood.joint.log, e.posterior]);
    expect(summary(again)).toEqual(summary(inProcess));
    expect(again.check).toEqual(inProcess.check);
  });

  it('merges only settings that cannot matter', () => {
    const grid = auditGrid();
    const { jobs } = auditJobs(grid, 5, REPLICATES);
    const random = ARMS.find((a) => a.id === 'random')!;
    expect(jobs.filter((j) => j.arm === 'random')).toHaveLength(1);
    expect(armConfig(random, grid[0]!, 5, REPLICATES).agent.library).toBe(false);
    // Exploration arms depend on every choice but the test accounting: 2^5 each.
    expect(jobs.filter((j) => j.arm === 'explore')).toHaveLength(32);
    expect(jobs.filter((j) => j.arm === 'threshold90')).toHaveLength(16);
  });

  it('screens every reading, then refines only those still in contention', async () => {
    const staged = await auditPublication(5, 2 * REPLICATES, { workers: 1, screenReplicates: REPLICATES });
    const refined = staged.entries.filter((e) => e.replicates === 2 * REPLICATES);
    expect(staged.screening).toEqual({ replicates: REPLICATES, refined: refined.length });
    expect(refined.length).toBeGreaterThan(0);
    expect(refined.length).toBeLessThan(staged.entries.length);
    // The leader was refined; a reading left at the screening count is out of contention there.
    expect(staged.entries[0]!.replicates).toBe(2 * REPLICATES);
    const screened = inProcess.entries.filter((e) => !refined.some((r) => key(r) === key(e)));
    const best = inProcess.entries[0]!.likelihood.joint;
    for (const e of screened) {
      const j = e.likelihood.joint;
      expect(!Number.isFinite(j.log) || j.log + 1.96 * j.se < best.log - 1.96 * best.se - SCREEN_MARGIN).toBe(true);
    }
  });
});

describe('contenders after screening', () => {
  const reading = (log: number, se: number): ReadingLikelihood => ({
    arms: [],
    joint: { log, se, upper: Number.isFinite(log) ? null : -5 },
    exact: { log, se, upper: null },
    smoothed: { log, se, upper: null },
    tooRare: [],
  });
  it('keeps readings within the margin of the best given Monte Carlo error; drops the rest and the inestimable', () => {
    const best = reading(-50, 0.5);
    const near = reading(-50 - SCREEN_MARGIN, 0.2); // within the margin once the errors are allowed for
    const noisy = reading(-50 - SCREEN_MARGIN - 2, 1); // below it, but its interval reaches back
    const far = reading(-50 - SCREEN_MARGIN - 5, 0.5);
    const none = reading(-Infinity, NaN);
    expect(contenders([best, near, noisy, far, none])).toEqual([0, 1, 2]);
    // With nothing estimable, everything stays in.
    expect(contenders([none, none])).toEqual([0, 1]);
  });
});
