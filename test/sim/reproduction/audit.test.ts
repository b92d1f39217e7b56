import { beforeAll, describe, expect, it } from 'vitest';
import { ARMS, HIDDEN_CHOICES, armConfig } from '../../../sim/reproduction/arms.js';
import { auditGrid, auditJobs, runAudit, type AuditEntry } from '../../../sim/reproduction/audit.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';

const REPLICATES = 16;
let inProcess: AuditEntry[];

beforeAll(async () => {
  inProcess = await runAudit(5, REPLICATES, { workers: 1 });
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

  it('scores every combination and ranks them best first', () => {
    expect(inProcess).toHaveLength(auditGrid().length);
    expect(new Set(inProcess.map(key))).toEqual(new Set(auditGrid().map((h) => JSON.stringify(h))));
    for (const e of inProcess) {
      expect(e.total).toBe(FIGURES.length);
      expect(e.replicates).toBe(REPLICATES);
      expect(e.inside).toBe([...e.placements.values()].filter((p) => p?.consistent === true).length);
      expect(e.patternShare).toBeLessThanOrEqual(e.exploitPatternShare);
    }
    for (let i = 1; i < inProcess.length; i++) {
      const [a, b] = [inProcess[i - 1]!, inProcess[i]!];
      expect(a.inside).toBeGreaterThanOrEqual(b.inside);
      expect(b.rank).toBeGreaterThanOrEqual(a.rank);
      if (a.inside === b.inside) expect(a.patternShare).toBeGreaterThanOrEqual(b.patternShare);
    }
    expect(inProcess[0]!.rank).toBe(1);
  });

  it('is deterministic, whatever the number of worker threads', async () => {
    const again = await runAudit(5, REPLICATES, { workers: 2 });
    expect(again.map((e) => [key(e), e.rank, e.inside, e.patternShare, e.fit])).toEqual(inProcess.map((e) => [key(e), e.rank, e.inside, e.patternShare, e.fit]));
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
});
