import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { FIGURES, type FigureId } from '../../../sim/reproduction/figures.js';
import type { FigureRow } from '../../../sim/reproduction/reproduction.js';
import type { Verdict } from '../../../sim/reproduction/verdict.js';
import { headlineSentences, ordinal } from '../../../reports/tables/headline.js';
import { checksAt, entry, verdictOf } from '../../sim/reproduction/auditEntries.js';

interface Numbers {
  readonly final: number;
  readonly finalPercentile: number;
  readonly explorePercentile: number;
}

const BASE: Numbers = { final: 7.78, finalPercentile: 6.8, explorePercentile: 82.3 };

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

const tiedFour = [
  entry({ posterior: 0.26, tied: true }),
  entry({ hidden: { update: 'merge' }, posterior: 0.25, tied: true }),
  entry({ hidden: { exploreUnit: 'task' }, posterior: 0.24, tied: true }),
  entry({ hidden: { update: 'merge', exploreUnit: 'task' }, posterior: 0.24, tied: true }),
];
const audited: Partial<Verdict> = {
  identified: { cadence: 'round', samples: 'all', testAt: 'evolve' },
  open: ['window', 'update', 'exploreUnit', 'testUnit'],
};

/** The best reading's placements as the numbers say (its percentiles and two-sided tails). */
function placed(n: Numbers, v: Verdict): Verdict {
  if (v.checks === null) return v;
  const at: [FigureId, number][] = [
    ['exploit.final', n.finalPercentile],
    ['explore.final', n.explorePercentile],
  ];
  const tail = (p: number): number => Math.min(1, (2 * Math.min(p, 100 - p)) / 100);
  return {
    ...v,
    checks: {
      ...v.checks,
      extremeness: {
        ...v.checks.extremeness,
        percentiles: new Map(at),
        tails: new Map(at.map(([id, p]) => [id, tail(p)])),
      },
    },
  };
}

const sentences = (n: Numbers, v: Verdict, full?: number): string[] =>
  headlineSentences(rows(n), hiddenOf(PUBLISHED_AGENT), placed(n, v), full === undefined ? undefined : { full });

describe('the headline', () => {
  it('is four plain sentences carrying the numbers', () => {
    const s = sentences(BASE, verdictOf(tiedFour, audited));
    expect(s).toHaveLength(4);
    for (const x of s) expect(x).toMatch(/^[A-Z].*\.$/);
    expect(s[0]).toContain(
      'Under the best reading the skill library ends at 7.78 attempts per task (95 % CI 7.64–7.92 over 1000 runs) ' +
        'against 11.60',
    );
    expect(s[0]).toContain('a 33 % cut, where the article reports 65 % (12.1 → 4.2)');
    // The best reading's own runs place both figures, and its share of publications as extreme carries its error.
    expect(s[1]).toBe(
      "Under its best reading, the article's 4.2 sits at the 7th percentile of single runs and its 10.0 with 20 % " +
        'exploration at the 82nd: ordinary runs once the most extreme of 17 figures is allowed for, since ' +
        '14 % ± 1 % of simulated publications have a figure at least as extreme as the 4.2.',
    );
    expect(s[2]).toContain("1.3 % ± 0.1 % of simulated publications tell the article's whole story");
    expect(s[2]).toContain("a simulated publication's own story is told by a median 3.0 % ± 0.1 %");
    expect(s[2]).toContain(
      'and the article is no outlier: the smallest p-value of its 9 predictive checks (its pure exploitation arm, ' +
        '0.10), corrected for being the smallest of 9, is 0.600 ± 0.002.',
    );
    expect(s[3]).toContain('pin down --cadence round, --samples all and --test-at evolve');
    expect(s[3]).toContain('and leave --window, --update, --explore-unit and --test-unit open on their evidence');
    expect(s[3]).toContain('4 readings make up the 90 % credible set, the best at posterior 0.26 (0.13–0.39)');
  });

  it('gives the effect over the readings left open as a range, each end with its error', () => {
    const v = verdictOf(tiedFour, {
      ...audited,
      openEffect: {
        readings: 28,
        lowest: { hidden: tiedFour[0]!.hidden, mean: 7.71, se: 0.02, runs: 10_000 },
        highest: { hidden: { ...tiedFour[0]!.hidden, window: 'all' }, mean: 9.8, se: 0.03, runs: 10_000 },
      },
    });
    expect(sentences(BASE, v)[0]).toBe(
      'Over the 28 readings the figures leave open, the skill library ends at 7.71 ± 0.02 to 9.80 ± 0.03 attempts ' +
        'per task (10000 runs each) against 11.60 without one: a cut of 16 % to 34 %, where the article reports ' +
        '65 % (12.1 → 4.2); under the best reading it ends at 7.78 attempts per task (95 % CI 7.64–7.92 over 1000 ' +
        'runs) against 11.60 without one.',
    );
  });

  it('calls the article an outlier only when the corrected p-value clears the line by twice its error', () => {
    const said = (corrected: number, se: number, publications?: number): string =>
      sentences(BASE, verdictOf(tiedFour, { ...audited, checks: checksAt(0.3, corrected, se, publications) }))[2]!;
    expect(said(0.03, 0.004)).toContain(
      'but the article is an outlier: the smallest p-value of its 9 predictive checks (its pure exploitation arm, ' +
        "0.050), corrected for being the smallest of 9, is 0.030 ± 0.004, most of all its pure exploitation arm's " +
        '2 skills after round 5 (without it that check gives p = 0.34).',
    );
    expect(said(0.045, 0.004)).toContain(
      'whether the article is an outlier is not settled: the smallest p-value of its 9 predictive checks',
    );
    expect(said(0.045, 0.004)).toContain('is 0.045 ± 0.004, within twice its error of 0.05.');
    expect(said(0.07, 0.004)).toContain('and the article is no outlier');
    // Too few simulated publications to settle it: a quick audit leaves it to the full one.
    expect(said(0.03, 0.015, 1000)).toContain(
      'whether the article is an outlier this audit does not settle: the smallest p-value',
    );
    expect(said(0.03, 0.015, 1000)).toContain(
      'is 0.030 over 1000 simulated publications, too few to give its error (`--audit` checks 40000).',
    );
  });

  it('gives the confidence set beside the credible one when the full audit built it', () => {
    const es = [entry({ posterior: 0.6 }), entry({ hidden: { update: 'merge' }, posterior: 0.4 })];
    const examined = es.map((e, k) => ({
      index: e.index,
      hidden: e.hidden,
      lambda: k,
      threshold: { value: 0.5, below: 0.85, at: 0.05 },
      notEstimable: 0,
    }));
    const v = verdictOf(es, { confidence: { members: [es[0]!], examined, span: 4, publications: 200 } });
    const s = sentences({ final: 7.78, finalPercentile: 7, explorePercentile: 82 }, v);
    expect(s[3]).toContain(
      'the 90 % confidence set (each reading judged against 200 publications simulated under it) holds 1',
    );
  });

  it('calls a run lucky only when its tail survives the correction; names a choice unidentifiable by design', () => {
    const v = verdictOf(tiedFour, { ...audited, unidentifiable: ['update'] });
    const s = sentences({ final: 7.78, finalPercentile: 2.6, explorePercentile: 50 }, v);
    // Tail 0.052 → corrected 0.052 with even tails: not below 0.05, an ordinary run.
    expect(s[1]).toContain('ordinary runs once the most extreme');
    const lucky = sentences(
      { final: 7.78, finalPercentile: 2.6, explorePercentile: 50 },
      verdictOf(tiedFour, {
        ...audited,
        checks: {
          ...v.checks!,
          extremeness: {
            ...v.checks!.extremeness,
            smallest: Float64Array.from({ length: 1000 }, (_, i) => 0.04 + (0.96 * i) / 1000),
          },
        },
      }),
    );
    // Now few publications have a figure as extreme as a tail of 0.052 (1.3 %): lucky.
    expect(lucky[1]).toContain(
      'the 4.2 a lucky run (only 1 % of simulated publications have a figure that extreme among their 17)',
    );
    expect(s[3]).toContain('--update is not identifiable by design (replace and merge give identical runs)');
    expect(s[3]).not.toContain('leave --window, --update');
  });

  it('says why the test unit stays open when a cross-check disagrees, and which', () => {
    const said = (agree: boolean, synthetic: { log: number; se: number } | null, syntheticAgrees: boolean) =>
      sentences(
        BASE,
        verdictOf(tiedFour, {
          ...audited,
          crossCheck: {
            rows: [],
            orderAgrees: true,
            syntheticOrderAgrees: true,
            testUnit: {
              main: { log: 6.25, se: 0.76 },
              abc: { log: 2.24, se: 0.45 },
              agree,
              synthetic,
              syntheticAgrees,
            },
          },
        }),
      )[3];
    expect(said(false, { log: 4.67, se: 0.72 }, true)).toContain(
      "(--test-unit, whose log Bayes factor is 2.2 ± 0.5 by rejection ABC against the kernel's 6.3 ± 0.8, though " +
        '4.7 ± 0.7 by a synthetic likelihood agrees)',
    );
    expect(said(false, { log: 1.1, se: 0.3 }, false)).toContain(
      '(--test-unit, whose log Bayes factor is 2.2 ± 0.5 by rejection ABC and 1.1 ± 0.3 by a synthetic likelihood ' +
        "against the kernel's 6.3 ± 0.8)",
    );
    expect(said(true, null, false)).toContain(
      '(--test-unit, whose log Bayes factor is not estimable by a synthetic likelihood against the ' +
        "kernel's 6.3 ± 0.8, though 2.2 ± 0.5 by rejection ABC agrees)",
    );
  });

  it('says what a quick audit rests on, and which readings could still compete', () => {
    const v = verdictOf(tiedFour, { ...audited, replicates: 1000, couldCompete: [entry({ posterior: NaN })] });
    const s = sentences(BASE, v, 10_000);
    expect(s[3]).toContain(
      '1 reading the audit cannot estimate (too rarely reproduced, or resting on fewer than 10 effective runs) ' +
        'could still compete, its bound within 10⁴ of the best',
    );
    expect(s[3]).toContain('(A quick audit, 1000 runs per reading, is all this rests on: `--audit` runs 10000.)');
    expect(sentences(BASE, verdictOf(tiedFour, audited), 10_000)[3]).not.toContain('quick audit');
  });

  it('says which open choices only readings it cannot estimate hold open', () => {
    const blocker = entry({ hidden: { window: 'all' }, posterior: NaN });
    const v = verdictOf(tiedFour, {
      ...audited,
      couldCompete: [blocker],
      blockedBy: { window: [blocker] },
      heldOpen: ['window'],
    });
    const s = sentences(BASE, v)[3]!;
    expect(s).toContain('and leave --update, --explore-unit and --test-unit open on their evidence');
    expect(s).toContain(
      '; the readings the audit could estimate would pin down --window too, but 1 reading the audit cannot estimate',
    );
    // With nothing pinned down, the open choices join the sentence the same way.
    const none = sentences(BASE, verdictOf(tiedFour, { ...audited, identified: {}, couldCompete: [blocker] }))[3]!;
    expect(none).toContain('The figures pin down none of the hidden choices and leave --window, --update,');
  });

  it('says which reading the table was run under when it is not the best', () => {
    const entries = [entry({ hidden: { update: 'merge' }, posterior: 0.99 }), entry({ posterior: 0.01 })];
    const s = sentences(BASE, verdictOf(entries, { credible: [entries[0]!] }));
    expect(s[0]).toMatch(/^Under the hidden choices used here /);
    const two = [
      entry({ hidden: { update: 'merge' }, posterior: 0.5, tied: true }),
      entry({ posterior: 0.5, tied: true }),
    ];
    expect(sentences(BASE, verdictOf(two))[0]).toMatch(
      /^Under the reading used here, one of the 2 in the 90 % credible set, /,
    );
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
