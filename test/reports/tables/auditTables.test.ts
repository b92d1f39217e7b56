import { describe, expect, it } from 'vitest';
import {
  auditCsvRows,
  fmtBayesFactor,
  fmtLog,
  renderAudit,
  renderVerdict,
} from '../../../reports/tables/auditTables.js';
import { readingLikelihood } from '../../../sim/reproduction/likelihood/reading.js';
import { entry, verdictOf } from '../../sim/reproduction/auditEntries.js';
import { armZero } from '../../sim/reproduction/likelihood/readingFixtures.js';

const RANDOM = { closedForm: 6.14e-9, estimated: 5.95e-9, logSe: 0.03 };

describe('audit and verdict text', () => {
  const entries = [
    entry({ posterior: 0.6, tied: true }),
    entry({ hidden: { update: 'merge' }, posterior: 0.4, tied: true, index: 1 }),
  ];
  const lost = {
    ...entry({ posterior: NaN, index: 2, rank: 0 }),
    rank: null,
    likelihood: readingLikelihood([{ key: 'z', estimate: armZero('exploit', -8) }]),
  };

  it('writes log-likelihoods with their errors, and "> 10⁴" only where the interval clears it', () => {
    expect(fmtLog({ log: -52.366, se: 0.416 })).toBe('-52.37 ± 0.42');
    expect(fmtLog({ log: NaN, se: NaN })).toBe('–');
    expect(fmtBayesFactor(0)).toBe('1.00');
    expect(fmtBayesFactor(Math.log(51))).toBe('51');
    expect(fmtBayesFactor(Math.log(3e4), 2)).toBe('3.0e+4');
    expect(fmtBayesFactor(Math.log(3e4), 0.1)).toBe('> 10⁴');
    expect(renderAudit([...entries, lost], 12)).toMatch(
      /log-likelihood\s+posterior\s+BF best:this\s+tied\s+exploit ess/,
    );
    expect(renderAudit([...entries, lost], 12)).toContain('exploit: no run reproduces exploit.skills');
  });

  it('audit.csv carries the likelihood at every bandwidth, each arm’s effective runs, the random control', () => {
    const rows = auditCsvRows([...entries, lost], RANDOM);
    expect(Object.keys(rows[0]!).slice(0, 17)).toEqual([
      'rank',
      'cadence',
      'window',
      'update',
      'samples',
      'exploreUnit',
      'testUnit',
      'testAt',
      'estimable',
      'logLikelihood',
      'logLikelihoodSe',
      'posterior',
      'logBayesFactor',
      'logBayesFactorSe',
      'tiedWithBest',
      'notEstimated',
      'logDiscreteShare',
    ]);
    expect(rows[0]!.posterior).toBe(0.6);
    expect(rows[0]!['logLikelihood×0.5']).toBeCloseTo(Math.log(0.6), 12);
    expect(rows[0]!['exploit.ess']).toBe(100);
    expect(rows[2]!.logLikelihood).toBe('');
    expect(rows[2]!.rank).toBe('');
    expect(rows[2]!['exploit.missing']).toBe('exploit.skills');
  });

  it('names what is identified, what is open, the bandwidths, the prior and the checks', () => {
    const text = renderVerdict(
      verdictOf(entries, {
        identified: { cadence: 'round' },
        open: ['update'],
        priorSensitivity: [{ prior: 'defaults 2:1', tilt: 2, bestPosterior: 0.55, identified: { cadence: 'round' } }],
      }),
    );
    expect(text).toContain(
      "Identified (interval's low end ≥ 0.95 at every bandwidth, no reading that could compete holding another " +
        'value): --cadence round. Open: update.',
    );
    expect(text).toContain('defaults 2:1 — best posterior 0.55');
    expect(text).toContain('against the closed form 6.140e-9: ratio 0.969');
    expect(text).toContain('Predictive check (Mahalanobis, 17 figures): p = 0.600 jointly');
    expect(text).toContain('were the best reading true, 18.4 on average and all 19 with probability 0.57');
  });
});
