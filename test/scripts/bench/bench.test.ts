import { describe, expect, it } from 'vitest';
import { benchAudit, benchReproduce, runBench } from '../../../scripts/bench/bench.js';
import { auditGrid } from '../../../sim/reproduction/audit.js';
import { benchModuleLock } from '../../../scripts/bench/moduleBench.js';

describe('bench', () => {
  it('keeps the lock4 / lock256 figures', () => {
    const r = runBench(0.01);
    for (const f of [r.lock4, r.lock256]) {
      expect(f.attemptsPerSec).toBeGreaterThan(0);
      expect(f.attempts).toBeGreaterThan(0);
    }
  });

  it('measures the module lock beside the built-in one', async () => {
    const r = await benchModuleLock(0.03);
    expect(r.path).toMatch(/docs\/examples\/lock-world\.mjs$/);
    for (const f of [r.module, r.builtIn]) expect(f.attempts).toBeGreaterThan(0);
    expect(r.slowdown).toBeCloseTo(r.builtIn.attemptsPerCpuSec / r.module.attemptsPerCpuSec, 10);
  });

  it('times the reproduction and the audit', async () => {
    const reproduce = await benchReproduce(10);
    expect(reproduce).toMatchObject({ replicates: 10, arms: 6 });
    expect(reproduce.seconds).toBeGreaterThan(0);
    expect(reproduce.cpuSeconds).toBeGreaterThan(0);
    const audit = await benchAudit(2, 1);
    expect(audit).toMatchObject({ replicates: 2, workers: 1, combinations: auditGrid().length });
    expect(audit.seconds).toBeGreaterThan(0);
  });
});
