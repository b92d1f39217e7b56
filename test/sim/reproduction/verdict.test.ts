import { beforeAll, describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import type { AuditResult } from '../../../sim/reproduction/audit.js';
import {
  AGAINST_THE_BEST,
  PRIOR_TILTS,
  skewedPrior,
  tiltedPrior,
  type Verdict,
} from '../../../sim/reproduction/verdict.js';
import { compiled } from '../../helpers/compiled.js';

const base = hiddenOf(PUBLISHED_AGENT);
// The update and the exploration unit, the rest at the code's defaults, and one reading with a merged library
// counted as recorded (which provably cannot refute).
const GRID: HiddenChoices[] = [
  ...(['replace', 'merge'] as const).flatMap((update) =>
    (['attempt', 'task'] as const).map((exploreUnit) => ({ ...base, update, exploreUnit })),
  ),
  { ...base, update: 'merge', testAt: 'record' },
];
let audit: AuditResult;
let v: Verdict;

// The audit and its verdict on the tests' build of the sources (test/helpers/compiled.ts): their arithmetic is what
// this file costs; the priors' helpers it checks by themselves come from the sources.
const { auditPublication } =
  await compiled<typeof import('../../../sim/reproduction/audit.js')>('sim/reproduction/audit.ts');
const { verdict } =
  await compiled<typeof import('../../../sim/reproduction/verdict.js')>('sim/reproduction/verdict.ts');

beforeAll(async () => {
  audit = await auditPublication(3, 1500, { workers: 1, grid: GRID });
  v = verdict(audit);
});

describe('verdict', () => {
  it('puts the best reading first, with its posterior interval, and the credible set', () => {
    expect(v.best).toBe(audit.entries[0]);
    expect(v.bestInterval[0]).toBeLessThanOrEqual(v.best.posterior);
    expect(v.bestInterval[1]).toBeGreaterThanOrEqual(v.best.posterior);
    // Built from the posteriors averaged over the Monte Carlo draws, so near-ties may come in either order.
    expect(v.credible).toContain(v.best);
    expect(v.credible.reduce((s, e) => s + e.posterior, 0)).toBeGreaterThan(0.8);
  });

  it('finds the exploration unit unreachable by the exploitation arm but not by the exploration arms', () => {
    const unit = v.sameRuns.find((s) => s.key === 'exploreUnit')!;
    expect(unit.identical).toBeGreaterThan(0);
    expect(unit.identical).toBeLessThan(unit.runs);
    expect(v.unidentifiable).not.toContain('exploreUnit');
  });

  it('sets the provably impossible reading aside: out, not merely not estimable', () => {
    const merged = audit.entries.find((e) => e.hidden.testAt === 'record')!;
    expect(merged.likelihood.impossible).toContain('exploit.refutations');
    expect(v.couldCompete).not.toContain(merged);
  });

  it('weighs the prior uniformly, both ways towards the defaults, and deliberately against the best', () => {
    expect(v.priorSensitivity.map((p) => p.prior)).toEqual([
      'uniform',
      ...PRIOR_TILTS.map((t) => `defaults ${t}:1`),
      `against the best ${AGAINST_THE_BEST}:1`,
    ]);
    expect(v.priorSensitivity[0]!.identified).toEqual(v.identified);
    const prior = tiltedPrior(GRID, 2);
    expect(prior[0]).toBe(2 ** 7);
    expect(prior[1]).toBe(2 ** 6);
    const skewed = skewedPrior(GRID, v.best.hidden);
    expect(skewed[v.best.index]).toBe(1);
    expect(Math.max(...skewed)).toBeGreaterThan(AGAINST_THE_BEST);
  });

  it('leaves open every choice an interval cannot settle, and names what it identifies only from estimates', () => {
    for (const m of v.marginals) {
      const top = m.values.reduce((a, b) => (b.posterior > a.posterior ? b : a));
      if (v.identified[m.key] !== undefined) expect(top.low).toBeGreaterThanOrEqual(0.95);
      else expect(v.open).toContain(m.key);
    }
    expect(v.open).toContain('update');
  });
});
