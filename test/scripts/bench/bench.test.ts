import { describe, expect, it } from 'vitest';
import {
  bareLoop,
  benchAudit,
  benchReproduce,
  engine,
  benchConfig,
  handWrittenLoop,
  runEngineBench,
} from '../../../scripts/bench/bench.js';
import { handWrittenReplicate } from '../../../scripts/bench/handWritten.js';
import { PUBLISHED_RUN } from '../../../sim/experiment/config.js';
import { envSpecOf } from '../../../sim/experiment/experiment.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';
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
    expect(r.handWritten).toBeGreaterThan(0);
    expect(r.ratio256).toBeCloseTo(r.sizes[3]!.nsPerAttempt / r.sizes[0]!.nsPerAttempt, 12);
    expect(r.collectionsPerMillion).toBeGreaterThanOrEqual(0);
  });

  it('writes the published arm out by hand with the same draws: the attempts of the engine, round by round', () => {
    const spec = envSpecOf(PUBLISHED_RUN);
    const rounds = new Int32Array(PUBLISHED_RUN.rounds);
    for (let replicate = 0; replicate < 300; replicate++) {
      const total = handWrittenReplicate(PUBLISHED_RUN.seed, replicate, rounds);
      const engineRounds = runReplicate(PUBLISHED_RUN, spec, replicate).map((r) => r.attempts);
      expect([...rounds]).toEqual(engineRounds);
      expect(total).toBe(engineRounds.reduce((a, b) => a + b, 0));
    }
    expect(handWrittenLoop(0.01)).toBeGreaterThan(0);
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
