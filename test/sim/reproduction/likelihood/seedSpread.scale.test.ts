/**
 * Honest Monte Carlo error: over independent seeds, the spread of the likelihood estimate matches the
 * standard error the estimate reports. The readings in contention (posterior ≥ 10⁻³ in the audit) differ in
 * their exploitation arm's test accounting; that arm carries nearly all of their error (the other arms' is
 * about 0.02 nats), so the test runs it alone, at the audit's full 10 000 runs — at a reduced count its few
 * reproducing runs make the property fail, so a smaller test would not test it — one simulation per seed
 * serving both accountings. Twelve seeds: the sample sd of twelve values is itself uncertain by about 21 %,
 * so the 25 % the issue asks is about one standard error of it.
 */
import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import type { FigureId } from '../../../../sim/reproduction/figures.js';
import { estimateArm, MAIN_SCALE, publishedTargets } from '../../../../sim/reproduction/likelihood/armEstimate.js';
import { pooledBandwidths } from '../../../../sim/reproduction/likelihood/bandwidths.js';
import { unpairedSeed } from '../../../../sim/reproduction/likelihood/unpaired.js';
import { runSimulation, type AuditJobResult } from '../../../../sim/reproduction/simulationJobs.js';

const SEEDS = 12;
const RUNS = 10_000;
const ACCOUNTINGS = ['any/evolve', 'high/evolve'] as const;

function estimates(seed: number): { log: number; se: number }[] {
  const r = runSimulation({
    kind: 'figures',
    key: 'x',
    arm: 'exploit',
    hidden: hiddenOf(PUBLISHED_AGENT),
    seed: unpairedSeed(100 + seed, 'exploit'),
    replicates: RUNS,
    accountings: true,
  }) as AuditJobResult;
  const all = new Map(r.values);
  const variants = ACCOUNTINGS.map((a) => {
    const v = new Map<FigureId, Float64Array>();
    for (const [id, x] of all) if (!id.includes('@')) v.set(id as FigureId, x);
    for (const id of ['exploit.tests', 'exploit.refutations', 'exploit.refutationRate'] as const)
      v.set(id, all.get(`${id}@${a}`)!);
    return v;
  });
  const bandwidths = pooledBandwidths(variants.map((values) => ({ arm: 'exploit' as const, values })));
  return variants.map((v) => {
    const e = estimateArm('exploit', v, publishedTargets('exploit'), bandwidths).byScale[MAIN_SCALE]!;
    return { log: e.log, se: Math.sqrt(e.variance) };
  });
}

describe('Monte Carlo error of the readings in contention', () => {
  it(`matches the spread over ${SEEDS} seeds within 25 %`, () => {
    const runs = Array.from({ length: SEEDS }, (_, s) => estimates(s));
    ACCOUNTINGS.forEach((_, k) => {
      const logs = runs.map((r) => r[k]!.log);
      const mean = logs.reduce((s, x) => s + x, 0) / SEEDS;
      const spread = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (SEEDS - 1));
      const reported = Math.sqrt(runs.reduce((s, r) => s + r[k]!.se ** 2, 0) / SEEDS);
      expect(Math.abs(spread / reported - 1)).toBeLessThan(0.25);
    });
    // 120 000 runs on one thread: on a loaded two-core machine they outlast the suite's default minute.
  }, 300_000);
});
