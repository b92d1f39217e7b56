/**
 * The verdict's qualitative claims across seeds: the script's bookkeeping, and a cheap version of what it
 * checks — the audit on a reduced grid (the window, the update and when tests are counted, the rest at the
 * code's defaults) at 2000 runs, at three seeds, must make the same claims at each (`npm run stability` runs
 * the whole reproduction, at seeds 1–5 unless told otherwise).
 */
import { describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { compiled } from '../../helpers/compiled.js';
import { agreement, claimsOf, parseSeeds } from '../../../scripts/findings/stability.js';

const base = hiddenOf(PUBLISHED_AGENT);
const GRID: HiddenChoices[] = (['round', 'all'] as const).flatMap((window) =>
  (['replace', 'merge'] as const).flatMap((update) =>
    (['evolve', 'record'] as const).map((testAt) => ({ ...base, window, update, testAt })),
  ),
);

describe('claims across seeds', () => {
  it('reads seed lists and counts agreement per claim', () => {
    expect(parseSeeds('1-3,7')).toEqual([1, 2, 3, 7]);
    const rows = agreement([
      { seed: 1, claims: { identified: 'none', outlier: 'outlier' } },
      { seed: 2, claims: { identified: 'none', outlier: 'not settled' } },
      { seed: 3, claims: { identified: 'none', outlier: 'outlier' } },
    ]);
    expect(rows).toEqual([
      { claim: 'identified', modal: 'none', agree: 3, seeds: 3 },
      { claim: 'outlier', modal: 'outlier', agree: 2, seeds: 3 },
    ]);
  });

  it('makes the same qualitative claims at three seeds (a reduced grid at 2000 runs)', async () => {
    // On the tests' build of the sources: the audits and verdicts' arithmetic is what this costs.
    const { auditPublication } =
      await compiled<typeof import('../../../sim/reproduction/audit.js')>('sim/reproduction/audit.ts');
    const { verdict } =
      await compiled<typeof import('../../../sim/reproduction/verdict.js')>('sim/reproduction/verdict.ts');
    const claims = [];
    for (const seed of [1, 2, 3]) {
      const v = verdict(await auditPublication(seed, 2000, { workers: 1, grid: GRID }));
      claims.push({ seed, claims: claimsOf(v) });
    }
    for (const row of agreement(claims).filter((r) => r.claim !== 'credible set'))
      expect(row.agree, `${row.claim}: ${JSON.stringify(claims.map((c) => c.claims[row.claim]))}`).toBe(3);
  }, 600_000);
});
