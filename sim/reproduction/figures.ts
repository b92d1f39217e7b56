/**
 * The published figures (docs/reproduction.md), each as a number one replicate produces, so the simulator's
 * single-run distribution can be set beside the article's single run.
 *
 * Definitions the article leaves implicit, fixed here:
 *  - "final" is round 5; "skills" with no qualifier is the library's size at the end of round 5;
 *  - the first round with skills is the first round in which a task starts with a non-empty library
 *    (the round whose attempts the skills can lower); a run that never gets one counts rounds + 1;
 *  - tests and refutations are totals over the run; the refutation rate is refutations / tests of one
 *    run, undefined (left out) for a run with no tests;
 *  - "no skill is ever extracted" (threshold 0.90) counts the distinct skills that ever entered the
 *    library: published 0. "Noise is extracted as skills" (threshold 0.75) is read as more skills than
 *    the published 0.85 run kept (2): at least 3 distinct skills ever.
 */
import type { ArmId } from './arms.js';
import type { RoundMetrics } from '../core/metrics.js';
import type { Claim } from '../core/percentile.js';
import type { TestTiming, TestUnit } from '../agent/choices.js';
import type { AccountingMetrics } from './observers/accountingTally.js';

export type FigureId =
  | 'random.round1'
  | 'random.round2'
  | 'random.round3'
  | 'random.round4'
  | 'random.round5'
  | 'exploit.round1'
  | 'exploit.round2'
  | 'exploit.firstSkillRound'
  | 'exploit.final'
  | 'exploit.skills'
  | 'explore.final'
  | 'explore.skills'
  | 'separate.final'
  | 'separate.skills'
  | 'exploit.tests'
  | 'exploit.refutations'
  | 'exploit.refutationRate'
  | 'threshold90.skills'
  | 'threshold75.skills';

export interface Figure {
  readonly id: FigureId;
  readonly arm: ArmId;
  /** In words: the arm, a comma, then the measure ("pure exploitation, skills after round 5"; see `figureWords`). */
  readonly what: string;
  readonly published: number;
  /** 'atLeast': the article claims a lower bound, not a value. */
  readonly claim: Claim;
  /** Decimals to show for a mean over runs. */
  readonly digits: number;
  /** Whether one run's value is a whole number (a count or a round). */
  readonly count: boolean;
  /** The figure in one replicate (its per-round metrics); NaN when undefined for that run. */
  value(rounds: readonly RoundMetrics[]): number;
  /** Whether the figure's expectation is the exact uniform-guessing value (no constraint, cap 20). */
  readonly uniformGuessing: 'always' | 'roundCadence' | 'never';
  /**
   * The decimals the article printed (4.2: 1; "10.0 attempts": 1; 1.95 %: 4 as a fraction), so a run
   * reproduces the figure when it rounds to the printed value (see likelihood/windows.ts).
   */
  readonly printed: number;
  /**
   * Whether a likelihood may smooth the figure with a kernel: attempts and wide counts (tests,
   * refutations) vary almost continuously; rounds and skill counts take a handful of values and are matched exactly.
   */
  readonly smooth: boolean;
  /**
   * Figures this one is a function of (the rate of tests and refutations): it adds nothing to a likelihood or distance.
   */
  readonly impliedBy?: readonly FigureId[];
  /**
   * For a figure a run settles before it ends: whether a run whose first rounds are these can still give the
   * published value, or `value` (a simulated publication's; a run that cannot may stop there when only
   * reproducing runs matter).
   */
  possible?(rounds: readonly RoundMetrics[], value?: number): boolean;
}

const last = (rounds: readonly RoundMetrics[]): RoundMetrics => rounds[rounds.length - 1]!;
const total = (rounds: readonly RoundMetrics[], pick: (m: RoundMetrics) => number): number =>
  rounds.reduce((s, m) => s + pick(m), 0);

export function firstSkillRound(rounds: readonly RoundMetrics[]): number {
  const i = rounds.findIndex((m) => m.tasksWithSkills > 0);
  return i < 0 ? rounds.length + 1 : i + 1;
}

const roundMean =
  (i: number) =>
  (rounds: readonly RoundMetrics[]): number =>
    rounds[i]!.meanAttempts;

const RANDOM_PUBLISHED = [12.7, 12.3, 10.7, 11.9, 13.2];

const randomRounds: Figure[] = RANDOM_PUBLISHED.map((published, i) => ({
  id: `random.round${i + 1}` as FigureId,
  arm: 'random',
  what: `random control, mean attempts in round ${i + 1}`,
  published,
  claim: 'equals',
  digits: 2,
  count: false,
  value: roundMean(i),
  uniformGuessing: 'always',
  printed: 1,
  smooth: true,
}));

export const FIGURES: readonly Figure[] = [
  ...randomRounds,
  {
    id: 'exploit.round1',
    arm: 'exploit',
    what: 'pure exploitation, mean attempts in round 1',
    published: 12.1,
    claim: 'equals',
    digits: 2,
    count: false,
    value: roundMean(0),
    uniformGuessing: 'roundCadence',
    printed: 1,
    smooth: true,
  },
  {
    id: 'exploit.round2',
    arm: 'exploit',
    what: 'pure exploitation, mean attempts in round 2',
    published: 9.1,
    claim: 'equals',
    digits: 2,
    count: false,
    value: roundMean(1),
    uniformGuessing: 'never',
    printed: 1,
    smooth: true,
  },
  {
    id: 'exploit.firstSkillRound',
    arm: 'exploit',
    what: 'pure exploitation, first round a task starts with skills (never = 6)',
    published: 3,
    claim: 'equals',
    digits: 2,
    count: true,
    value: firstSkillRound,
    uniformGuessing: 'never',
    printed: 0,
    smooth: false,
    possible(this: Figure, rounds: readonly RoundMetrics[], value: number = this.published) {
      // Settled by the first round a task starts with skills, or by the round passing without one.
      for (let i = 0; i < rounds.length; i++) {
        if (rounds[i]!.tasksWithSkills > 0) return i + 1 === value;
        if (i + 1 >= value) return false;
      }
      return true;
    },
  },
  {
    id: 'exploit.final',
    arm: 'exploit',
    what: 'pure exploitation, mean attempts in round 5',
    published: 4.2,
    claim: 'equals',
    digits: 2,
    count: false,
    value: (r) => last(r).meanAttempts,
    uniformGuessing: 'never',
    printed: 1,
    smooth: true,
  },
  {
    id: 'exploit.skills',
    arm: 'exploit',
    what: 'pure exploitation, skills after round 5',
    published: 2,
    claim: 'equals',
    digits: 2,
    count: true,
    value: (r) => last(r).skills,
    uniformGuessing: 'never',
    printed: 0,
    smooth: false,
  },
  {
    id: 'explore.final',
    arm: 'explore',
    what: '20 % exploration (shared), mean attempts in round 5',
    published: 10.0,
    claim: 'equals',
    digits: 2,
    count: false,
    value: (r) => last(r).meanAttempts,
    uniformGuessing: 'never',
    printed: 1,
    smooth: true,
  },
  {
    id: 'explore.skills',
    arm: 'explore',
    what: '20 % exploration (shared), skills after round 5',
    published: 1,
    claim: 'equals',
    digits: 2,
    count: true,
    value: (r) => last(r).skills,
    uniformGuessing: 'never',
    printed: 0,
    smooth: false,
  },
  {
    id: 'separate.final',
    arm: 'separate',
    what: '20 % exploration (separated), mean attempts in round 5',
    published: 7.4,
    claim: 'equals',
    digits: 2,
    count: false,
    value: (r) => last(r).meanAttempts,
    uniformGuessing: 'never',
    printed: 1,
    smooth: true,
  },
  {
    id: 'separate.skills',
    arm: 'separate',
    what: '20 % exploration (separated), skills after round 5',
    published: 1,
    claim: 'equals',
    digits: 2,
    count: true,
    value: (r) => last(r).skills,
    uniformGuessing: 'never',
    printed: 0,
    smooth: false,
  },
  {
    id: 'exploit.tests',
    arm: 'exploit',
    what: 'pure exploitation, skill tests over the run',
    published: 973,
    claim: 'equals',
    digits: 1,
    count: true,
    value: (r) => total(r, (m) => m.tests),
    uniformGuessing: 'never',
    printed: 0,
    smooth: true,
  },
  {
    id: 'exploit.refutations',
    arm: 'exploit',
    what: 'pure exploitation, refutations over the run',
    published: 19,
    claim: 'equals',
    digits: 2,
    count: true,
    value: (r) => total(r, (m) => m.refutations),
    uniformGuessing: 'never',
    printed: 0,
    smooth: true,
  },
  {
    id: 'exploit.refutationRate',
    arm: 'exploit',
    what: 'pure exploitation, refutations / tests (runs with tests)',
    published: 0.0195,
    claim: 'equals',
    digits: 4,
    count: false,
    value: (r) => {
      const tests = total(r, (m) => m.tests);
      return tests === 0 ? NaN : total(r, (m) => m.refutations) / tests;
    },
    uniformGuessing: 'never',
    printed: 4,
    smooth: false,
    impliedBy: ['exploit.tests', 'exploit.refutations'],
  },
  {
    id: 'threshold90.skills',
    arm: 'threshold90',
    what: 'threshold 0.90, distinct skills ever extracted ("none")',
    published: 0,
    claim: 'equals',
    digits: 2,
    count: true,
    value: (r) => last(r).skillsEver,
    uniformGuessing: 'never',
    printed: 0,
    smooth: false,
    // Distinct skills ever extracted only grow.
    possible: (rounds, value = 0) => rounds.length === 0 || last(rounds).skillsEver <= value,
  },
  {
    id: 'threshold75.skills',
    arm: 'threshold75',
    what: 'threshold 0.75, distinct skills ever extracted ("noise": ≥ 3)',
    published: 3,
    claim: 'atLeast',
    digits: 2,
    count: true,
    value: (r) => last(r).skillsEver,
    uniformGuessing: 'never',
    printed: 0,
    smooth: false,
  },
];

/** The figures that read the skill-test accounting. */
export const TEST_FIGURES = [
  'exploit.tests',
  'exploit.refutations',
  'exploit.refutationRate',
] as const satisfies readonly FigureId[];
export type TestFigureId = (typeof TEST_FIGURES)[number];

/** A test figure under one accounting, read off the rounds' counts under every accounting (`AccountingTally`). */
export type AccountingFigureId = `${TestFigureId}@${TestUnit}/${TestTiming}`;

/** The test figures under one accounting, in TEST_FIGURES order, from the rounds' counts under every accounting. */
export function testFiguresUnder(
  rounds: readonly AccountingMetrics[],
  unit: TestUnit,
  timing: TestTiming,
): [number, number, number] {
  let tests = 0;
  let refutations = 0;
  for (const m of rounds) {
    tests += m.tests[unit][timing];
    refutations += m.refutations[timing];
  }
  return [tests, refutations, tests === 0 ? NaN : refutations / tests];
}

export function findFigure(id: FigureId): Figure {
  return FIGURES.find((f) => f.id === id)!;
}

/** The figures one arm produces. */
export function figuresOf(arm: ArmId): Figure[] {
  return FIGURES.filter((f) => f.arm === arm);
}

/**
 * A figure's words split at the first comma: the arm ("pure exploitation") and the measure ("skills after round 5").
 */
export function figureWords(what: string): { readonly arm: string; readonly measure: string } {
  const comma = what.indexOf(', ');
  return comma > 0 ? { arm: what.slice(0, comma), measure: what.slice(comma + 2) } : { arm: '', measure: what };
}
