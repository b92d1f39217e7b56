import { describe, expect, it } from 'vitest';
import { verdict } from '../../../sim/reproduction/verdict.js';
import {
  auditCsvRows,
  describeHidden,
  fmtBayesFactor,
  fmtLog,
  renderAudit,
  renderVerdict,
} from '../../../reports/tables/reproduceTables.js';
import { entry } from '../../sim/reproduction/auditEntries.js';

describe('audit and verdict text', () => {
  const entries = [
    entry({ posterior: 0.6, tied: true }),
    entry({ hidden: { update: 'merge' }, posterior: 0.4, tied: true }),
  ];

  it('names the open choices, the posterior of each value and what a true model would show', () => {
    const text = renderVerdict(verdict({ entries, check: null }));
    expect(text).toContain('posterior 0.600; 1 more within Monte Carlo error of it.');
    expect(text).toContain('update replace 0.60 / merge 0.40');
    expect(text).toContain('Open: update.');
    expect(text).toContain('were the best reading true, 18.4 on average and all 19 with probability 0.57');
  });

  it('writes log-likelihoods with their errors, bounds when too rare, Bayes factors against the best', () => {
    expect(fmtLog({ log: -52.366, se: 0.416, upper: null })).toBe('-52.37 ± 0.42');
    expect(fmtLog({ log: -Infinity, se: NaN, upper: -32.45 })).toBe('< -32.45');
    expect(fmtBayesFactor(0)).toBe('1.00');
    expect(fmtBayesFactor(Math.log(51))).toBe('51');
    expect(fmtBayesFactor(Infinity)).toBe('> 10⁴');
    expect(renderAudit(entries, 12)).toMatch(/log-likelihood\s+posterior\s+BF best:this\s+tied/);
  });

  it('audit.csv carries the likelihood, its error, the posterior and the Bayes factor; empty where not finite', () => {
    const rows = auditCsvRows([...entries, entry({ posterior: 0, log: -Infinity })]);
    expect(Object.keys(rows[0]!).slice(0, 15)).toEqual([
      'rank',
      'cadence',
      'window',
      'update',
      'samples',
      'exploreUnit',
      'testUnit',
      'testAt',
      'logLikelihood',
      'logLikelihoodSe',
      'logLikelihoodUpper',
      'posterior',
      'logBayesFactor',
      'logBayesFactorSe',
      'tiedWithBest',
    ]);
    expect(rows[0]!.posterior).toBe(0.6);
    expect(rows[0]!.logLikelihood).toBeCloseTo(Math.log(0.6), 12);
    expect(rows[2]!.logLikelihood).toBe('');
  });

  it('describes hidden choices as flags', () => {
    expect(describeHidden({ cadence: 'task', testAt: 'record' })).toBe('--cadence task --test-at record');
  });
});
