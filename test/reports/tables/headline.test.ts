import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { FIGURES, type FigureId } from '../../../sim/reproduction/figures.js';
import type { PredictiveCheck } from '../../../sim/reproduction/likelihood/predictive.js';
import type { FigureRow } from '../../../sim/reproduction/reproduction.js';
import { verdict } from '../../../sim/reproduction/verdict.js';
import { headlineSentences, ordinal } from '../../../reports/tables/headline.js';
import { entry } from '../../sim/reproduction/auditEntries.js';

interface Numbers {
  readonly final: number;
  readonly finalPercentile: number;
  readonly explorePercentile: number;
  readonly pValue: number;
  readonly posteriors: readonly number[];
  readonly patternShare: number;
}

const BASE: Numbers = {
  final: 7.78,
  finalPercentile: 6.8,
  explorePercentile: 82.3,
  pValue: 0.67,
  posteriors: [0.26, 0.25, 0.24, 0.24, 0.01],
  patternShare: 0.013,
};

function rows(n: Numbers): FigureRow[] {
  const at: Partial<Record<FigureId, [number, number]>> = {
    'exploit.final': [n.final, n.finalPercentile],
    'explore.final': [8.29, n.explorePercentile],
  };
  return FIGURES.map((figure) => {
    const [mean, percentile] = at[figure.id] ?? [figure.published, 50];
    return {
      figure,
      n: 1000,
      mean,
      se: 0.07,
      ci95: [mean - 0.14, mean + 0.14] as const,
      analytic: figure.id === 'random.round1' ? { exact: '…', value: 11.599 } : null,
      placement: {
        percentile,
        below: percentile / 100,
        above: 1 - percentile / 100,
        consistent: percentile > 2.5 && percentile < 97.5,
      },
      singleRun95: [0, 20] as const,
    };
  });
}

function check(pValue: number): PredictiveCheck {
  return {
    distance: 11.6,
    figures: 17,
    replicates: 10_000,
    pValue,
    medianDistance: 15,
    contributions: [{ id: 'exploit.skills', published: 2, mean: 1.04, z: 2, share: 0.34 }],
  };
}

function sentences(n: Numbers): string[] {
  const variants = [
    {},
    { update: 'merge' as const },
    { exploreUnit: 'task' as const },
    { update: 'merge' as const, exploreUnit: 'task' as const },
    { testUnit: 'high' as const },
  ];
  const entries = n.posteriors.map((posterior, i) =>
    entry({ hidden: variants[i]!, posterior, tied: posterior > 0.2, patternShare: n.patternShare }),
  );
  return headlineSentences(rows(n), hiddenOf(PUBLISHED_AGENT), verdict({ entries, check: check(n.pValue) }));
}

describe('the headline', () => {
  it('is four plain sentences carrying the numbers', () => {
    const s = sentences(BASE);
    expect(s).toHaveLength(4);
    for (const x of s) expect(x).toMatch(/^[A-Z].*\.$/);
    expect(s[0]).toContain(
      'Under the best reading the skill library ends at 7.78 attempts per task (95 % CI 7.64–7.92 over 1000 runs) ' +
        'against 11.60',
    );
    expect(s[0]).toContain('a 33 % cut, where the article reports 65 % (12.1 → 4.2)');
    expect(s[1]).toBe(
      "The article's 4.2 sits at the 7th percentile of single runs (a lucky run) and its 10.0 with 20 % exploration " +
        'at the 82nd (an ordinary run).',
    );
    expect(s[2]).toContain('only 1.3 % of simulated publications tell the article');
    expect(s[2]).toContain('no outlier: 67 % of simulated publications lie farther');
    expect(s[2]).toContain(
      'the largest deviation being pure exploitation, skills after round 5 (2 against 1.04 expected)',
    );
    expect(s[3]).toContain('--cadence round');
    expect(s[3]).toContain(
      'leave --update and --explore-unit open: 4 readings are tied within Monte Carlo error, the best at posterior ' +
        '0.26',
    );
  });

  it('follows the numbers when they change', () => {
    const s = sentences({
      final: 4.4,
      finalPercentile: 45,
      explorePercentile: 99,
      pValue: 0.01,
      posteriors: [0.97, 0.01, 0.01, 0.005, 0.005],
      patternShare: 0.2,
    });
    expect(s[0]).toContain('ends at 4.40 attempts per task (95 % CI 4.26–4.54');
    expect(s[0]).toContain('a 62 % cut');
    expect(s[1]).toContain('at the 45th percentile of single runs (an ordinary run)');
    expect(s[1]).toContain('at the 99th (outside the range of single runs)');
    expect(s[2]).toContain('only 20.0 % of simulated publications');
    expect(s[2]).toContain('the article is an outlier too: 1 % of simulated publications lie farther');
    expect(s[3]).toContain('the best reading stands alone at posterior 0.97');
    expect(s[3]).not.toContain('open');
  });

  it('says which reading the table was run under when it is not the best', () => {
    const entries = [entry({ hidden: { update: 'merge' }, posterior: 0.99 }), entry({ posterior: 0.01 })];
    const s = headlineSentences(rows(BASE), hiddenOf(PUBLISHED_AGENT), verdict({ entries, check: check(0.5) }));
    expect(s[0]).toMatch(/^Under the hidden choices used here /);
    const tiedEntries = [
      entry({ hidden: { update: 'merge' }, posterior: 0.5, tied: true }),
      entry({ posterior: 0.5, tied: true }),
    ];
    const t = headlineSentences(
      rows(BASE),
      hiddenOf(PUBLISHED_AGENT),
      verdict({ entries: tiedEntries, check: check(0.5) }),
    );
    expect(t[0]).toMatch(/^Under the reading used here, one of the 2 tied best, /);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 82, 100].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '82nd',
      '100th',
    ]);
  });
});
