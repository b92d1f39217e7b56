import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { choicePosteriors, IDENTIFIED, verdict } from '../../../sim/reproduction/verdict.js';
import { entry } from './auditEntries.js';

const base = hiddenOf(PUBLISHED_AGENT);

describe('verdict', () => {
  const entries = [
    entry({ posterior: 0.4, tied: true }),
    entry({ hidden: { update: 'merge' }, posterior: 0.38, tied: true }),
    entry({ hidden: { testUnit: base.testUnit === 'any' ? 'high' : 'any' }, posterior: 0.2, rank: 3 }),
    entry({ hidden: { cadence: 'task' }, posterior: 0.02, rank: 4 }),
  ];
  const v = verdict({ entries, check: null });

  it('sums the posterior over the readings holding each value of each choice', () => {
    const m = choicePosteriors(entries);
    const update = m.find((c) => c.key === 'update')!;
    expect(update.values.find((x) => x.value === 'merge')!.posterior).toBeCloseTo(0.38, 12);
    expect(update.values.find((x) => x.value === 'replace')!.posterior).toBeCloseTo(0.62, 12);
    for (const c of m) expect(c.values.reduce((s, x) => s + x.posterior, 0)).toBeCloseTo(1, 12);
  });

  it(`identifies a choice when one value holds ≥ ${IDENTIFIED} of the posterior, leaves it open otherwise`, () => {
    expect(v.identified).toMatchObject({ cadence: 'round', window: base.window, testAt: base.testAt });
    expect(v.open).toEqual(['update', 'testUnit']);
    expect(v.tied).toHaveLength(2);
    expect(v.best).toBe(entries[0]);
    expect(v.estimable).toBe(true);
    expect(v.explainsEveryFigure).toBe(true);
  });

  it('moves with the posterior: a decisive audit identifies everything', () => {
    const decisive = verdict({
      entries: [entry({ posterior: 0.99 }), entry({ hidden: { update: 'merge' }, posterior: 0.01 })],
      check: null,
    });
    expect(decisive.open).toEqual([]);
    expect(decisive.identified.update).toBe(base.update);
  });

  it('says when no reading is estimable', () => {
    const none = verdict({ entries: [entry({ posterior: NaN, log: -Infinity, inside: 18 })], check: null });
    expect(none.estimable).toBe(false);
    expect(none.explainsEveryFigure).toBe(false);
    expect(Object.keys(none.identified)).toEqual([]);
  });
});
