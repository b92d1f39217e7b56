import { describe, expect, it } from 'vitest';
import {
  bareLoop,
  benchAudit,
  benchReproduce,
  engine,
  benchConfig,
  referenceLoop,
  runEngineBench,
} from '../../../scripts/bench/bench.js';
import { auditGrid } from '../../../sim/reproduction/audit.js';
import { benchModuleLock } from '../../../scripts/bench/moduleBench.js';

describe('bench', () => {
  it('measures the bare loop, the engine against it, and the cost of an attempt by size', async () => {
    expect(bareLoop(0.01)).toBeGreaterThan(0);
    const r = await runEngineBench(0.01, 1);
    expect(r.sizes.map((s) => s.bits)).toEqual([4, 16, 64, 256]);
    for (const s of r.sizes) {
      expect(s.attempts).toBeGreaterThan(0);
      expect(s.nsPerAttempt).toBeCloseTo(1e9 / s.attemptsPerCpuSec, 6);
    }
    expect(r.share).toBeCloseTo(r.lock4.attemptsPerCpuSec / r.bare, 12);
    expect(r.reference).toBeGreaterThan(0);
    expect(r.ratio256).toBeCloseTo(r.sizes[3]!.nsPerAttempt / r.sizes[0]!.nsPerAttempt, 12);
    expect(r.collectionsPerMillion).toBeGreaterThanOrEqual(0);
  });

  it('times the reference protocol on the published arm (held to the engine in test/sim/experiment/reference/)', () => {
    expect(referenceLoop(0.01)).toBeGreaterThan(0);
  });

  it('times the published arm on its protocol, the wider locks with a random truth', () => {
    expect(benchConfig(4).envParams).toEqual({ bits: 4, truth: '1011' });
    expect(benchConfig(64).envParams).toEqual({ bits: 64, truth: 'random' });
    // A 64-bit lock is never opened by chance: every task runs to the cap.
    const f = engine(benchConfig(64), 64, 0.01);
    expect(f.attempts % benchConfig(64).cap).toBe(0);
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
