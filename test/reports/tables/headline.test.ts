import { describe, expect, it } from 'vitest';
import { hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { FIGURES, type FigureId } from '../../../sim/reproduction/figures.js';
import type { FigureRow } from '../../../sim/reproduction/reproduction.js';
import type { Verdict } from '../../../sim/reproduction/verdict.js';
import { headlineSentences, ordinal } from '../../../reports/tables/headline.js';
import { checkAt, entry, verdictOf } from '../../sim/reproduction/auditEntries.js';

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

const sentences = (n: Numbers, v: Verdict, full?: number): string[] =>
  headlineSentences(rows(n), hiddenOf(PUBLISHED_AGENT), v, full === undefined ? undefined : { full });

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
    // The 4.2's two-sided tail is 0.136; with tails corrected as even (see evenExtremeness), 14 % of publications show
    // one.
    expect(s[1]).toBe(
      "The article's 4.2 sits at the 7th percentile of single runs and its 10.0 with 20 % exploration at the 82nd: " +
        'ordinary runs once the most extreme of 17 figures is allowed for, since 14 % of simulated publications have ' +
        'a figure at least as extreme as the 4.2.',
    );
    expect(s[2]).toContain("1.3 % of simulated publications tell the article's whole story");
    expect(s[2]).toContain(
      "a simulated publication's own story is told by a median 3.0 % and 16.0 % of them tell one as rare",
    );
    expect(s[2]).toContain('the article is no outlier: every predictive check');
    expect(s[3]).toContain('pin down --cadence round, --samples all and --test-at evolve');
    expect(s[3]).toContain('but leave --window, --update, --explore-unit and --test-unit open');
    expect(s[3]).toContain('4 readings make up the 90 % credible set, the best at posterior 0.26 (0.13–0.39)');
  });

  it('follows the numbers when they change', () => {
    const alone = [entry({ posterior: 0.97 }), entry({ hidden: { update: 'merge' }, posterior: 0.03 })];
    const v = verdictOf(alone, {
      credible: [alone[0]!],
      identified: {
        cadence: 'round',
        window: 'round',
        update: 'replace',
        samples: 'all',
        exploreUnit: 'attempt',
        testUnit: 'any',
        testAt: 'evolve',
      },
      open: [],
      checks: { ...verdictOf(alone).checks!, predictive: checkAt(0.5, 0.004) },
    });
    const s = sentences({ final: 4.4, finalPercentile: 1, explorePercentile: 45 }, v);
    expect(s[0]).toContain('ends at 4.40 attempts per task (95 % CI 4.26–4.54');
    expect(s[0]).toContain('a 62 % cut');
    expect(s[1]).toContain('the 4.2 outside the range of single runs and the 10 an ordinary run');
    expect(s[2]).toContain(
      "but the article is an outlier in its pure exploitation arm given the arm's discrete figures (p = 0.0040), " +
        'most of all in pure exploitation, skill tests over the run (973 where the other figures lead ' +
        'one to expect 1272)',
    );
    expect(s[3]).toContain('the best reading alone makes up the 90 % credible set, at posterior 0.97');
    expect(s[3]).not.toContain('open');
    expect(s[3]).not.toContain('confidence set');
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
    expect(s[3]).toContain('and 1 reading too rarely reproduced to estimate could still compete');
    expect(s[3]).toContain('(A quick audit, 1000 runs per reading, is all this rests on: `--audit` runs 10000.)');
    expect(sentences(BASE, verdictOf(tiedFour, audited), 10_000)[3]).not.toContain('quick audit');
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
