/**
 * Hand-made audit entries and verdicts for the verdict, headline and table tests: only what they read is meaningful.
 */
import { hiddenOf, HIDDEN_CHOICES, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import type { AuditEntry } from '../../../sim/reproduction/audit.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import type { Extremeness } from '../../../sim/reproduction/checks/extremeness.js';
import { CHECK_RUNS, type BestReadingChecks } from '../../../sim/reproduction/checks/bestReading.js';
import { DISTANCE_FIGURES, type PredictiveCheck } from '../../../sim/reproduction/likelihood/predictive.js';
import { readingLikelihood } from '../../../sim/reproduction/likelihood/reading.js';
import type { Verdict } from '../../../sim/reproduction/verdict.js';
import { armAt } from './likelihood/readingFixtures.js';

export interface EntrySpec {
  readonly hidden?: Partial<HiddenChoices>;
  readonly posterior: number;
  readonly tied?: boolean;
  readonly log?: number;
  readonly inside?: number;
  readonly patternShare?: number;
  readonly rank?: number;
  readonly index?: number;
}

export function entry(spec: EntrySpec): AuditEntry {
  const log = spec.log ?? Math.log(spec.posterior);
  return {
    hidden: { ...hiddenOf(PUBLISHED_AGENT), ...spec.hidden },
    inside: spec.inside ?? 19,
    total: 19,
    trueModel: { expected: 18.4, all: 0.57 },
    replicates: 10_000,
    patternShare: spec.patternShare ?? 0.013,
    exploitPatternShare: 0.03,
    fit: 0.5,
    placements: new Map(),
    likelihood: readingLikelihood([{ key: `k${spec.index ?? 0}`, estimate: armAt('exploit', log, 0.4) }]),
    index: spec.index ?? 0,
    rank: spec.rank ?? 1,
    posterior: spec.posterior,
    logBayesFactor: 0,
    logBayesFactorSe: 0,
    tiedWithBest: spec.tied ?? false,
  };
}

/**
 * A predictive check with every p-value at `p` (the exploitation arm's given its discrete figures at `conditional`).
 */
export function checkAt(p: number, conditional = p): PredictiveCheck {
  const worst = { id: 'exploit.tests' as const, published: 973, expected: 1272, z: -2.4 };
  const d = { figures: DISTANCE_FIGURES.map((f) => f.id), distance: 20, replicates: 10_000, pValue: p, worst };
  return {
    joint: d,
    arms: [{ arm: 'exploit', ...d }],
    conditional: [
      {
        arm: 'exploit',
        given: ['exploit.firstSkillRound', 'exploit.skills'],
        runs: 362,
        distance: { ...d, pValue: conditional },
        figures: [],
      },
    ],
  };
}

/**
 * The best reading's checks with every predictive p-value at `p`, the corrected smallest at `corrected` ± `se`
 * over `publications` (by default the full audit's).
 */
export function checksAt(p: number, corrected = p, se = 0.002, publications = CHECK_RUNS): BestReadingChecks {
  return {
    predictive: checkAt(p),
    extremeness: evenExtremeness(),
    mostExtreme: { value: 0.14, se: 0.01 },
    story: { article: 0.013, medianOwn: 0.03, asRare: 0.16, publications },
    storyErrors: {
      article: { value: 0.013, se: 0.001 },
      medianOwn: { value: 0.03, se: 0.001 },
      asRare: { value: 0.16, se: 0.01 },
    },
    surprise: {
      checks: 9,
      smallest: { what: 'exploit', pValue: p / 6 },
      pValue: corrected,
      se,
      publications,
      culprit: { id: 'exploit.skills', without: 0.34, tail: 0.27 },
    },
    publications,
  };
}

/** Simulated publications' smallest tails spread evenly on (0, 1): the corrected tail of t is t. */
export function evenExtremeness(): Extremeness {
  return {
    figures: 17,
    tails: new Map([
      ['exploit.final', 0.14],
      ['explore.final', 0.36],
    ]),
    percentiles: new Map([
      ['exploit.final', 7],
      ['explore.final', 82],
    ]),
    most: { id: 'exploit.final', tail: 0.14 },
    smallest: Float64Array.from({ length: 1000 }, (_, i) => (i + 0.5) / 1000),
  };
}

/** A verdict over `entries` (best first), its other parts from `parts`. */
export function verdictOf(entries: readonly AuditEntry[], parts: Partial<Verdict> = {}): Verdict {
  const best = entries[0]!;
  return {
    best,
    bestInterval: [best.posterior / 2, Math.min(1, best.posterior * 1.5)],
    tied: entries.filter((e) => e.tiedWithBest),
    identified: {},
    open: HIDDEN_CHOICES.map((c) => c.key),
    blockedBy: {},
    heldOpen: [],
    marginals: [],
    unidentifiable: [],
    sameRuns: HIDDEN_CHOICES.map((c) => ({ key: c.key, runs: 100, identical: 50 })),
    credible: entries.filter((e) => e.tiedWithBest),
    openEffect: {
      readings: 1,
      lowest: { hidden: best.hidden, mean: 7.78, se: 0.02, runs: 10_000 },
      highest: { hidden: best.hidden, mean: 7.78, se: 0.02, runs: 10_000 },
    },
    confidence: null,
    notEstimable: [],
    couldCompete: [],
    priorSensitivity: [],
    estimable: true,
    explainsEveryFigure: true,
    checks: checksAt(0.6),
    crossCheck: { rows: [], orderAgrees: true, syntheticOrderAgrees: true, testUnit: null },
    randomControl: { closedForm: 6.14e-9, estimated: 5.95e-9, logSe: 0.03, replicates: 10_000 },
    replicates: 10_000,
    ...parts,
  };
}
