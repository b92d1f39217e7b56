/**
 * The hidden choices (docs/model.md): what the article leaves open about when the Evolver runs, what it reads,
 * how the library changes and what counts as a test — each a parameter with a documented default (the
 * audit's best reading, see PUBLISHED_AGENT in agentConfig.ts), declared here once; its union type is
 * read off the declaration.
 */
import type { Param, ParamTree, ParamValues } from '../core/params/declaration.js';

export const HIDDEN_PARAMS = {
  /** Whether exploration is decided for each attempt or once for a whole task. */
  exploreUnit: {
    kind: 'choice',
    flag: 'explore-unit',
    section: 'hidden',
    values: ['attempt', 'task'],
    default: 'attempt',
    hiddenChoice: 5,
    label: 'Exploration decided per',
    help: 'exploration decided per attempt or per task',
  },
  /** When the Evolver distils skills: after every task, or once at the end of each round. */
  cadence: {
    kind: 'choice',
    flag: 'cadence',
    section: 'hidden',
    values: ['task', 'round'],
    default: 'round',
    hiddenChoice: 1,
    label: 'Evolver runs after each',
    help: 'the Evolver runs after every task or every round',
  },
  /** Which high-score samples it reads: the whole history, or only the current round. */
  window: {
    kind: 'choice',
    flag: 'window',
    section: 'hidden',
    values: ['all', 'round'],
    default: 'round',
    hiddenChoice: 2,
    label: 'Samples the Evolver reads',
    help: 'samples it reads: whole history or current round',
  },
  /**
   * Whether exploration attempts feed the Evolver ('shared') or are kept away from it ('separate'). Not
   * audited: the article names it for each arm.
   */
  routing: {
    kind: 'choice',
    flag: 'routing',
    section: 'hidden',
    values: ['shared', 'separate'],
    default: 'shared',
    label: 'Exploration samples',
    help: 'exploration samples shared with the Evolver or kept separate',
  },
  /** Whether a new evolution replaces the library or merges into it (keeping skills it did not re-emit). */
  update: {
    kind: 'choice',
    flag: 'update',
    section: 'hidden',
    values: ['replace', 'merge'],
    default: 'replace',
    hiddenChoice: 3,
    label: 'Library update',
    help: 'a new evolution replaces the library or merges into it',
  },
  /** Whether repeated codes count once ('distinct') or every time they are submitted ('all'). */
  samples: {
    kind: 'choice',
    flag: 'samples',
    section: 'hidden',
    values: ['all', 'distinct'],
    default: 'all',
    hiddenChoice: 4,
    label: 'High-score samples counted',
    help: 'count every high-score sample, or distinct codes only',
  },
  /**
   * What counts as a test of a skill: each recorded high-score sample ('high'), or every attempt ('any').
   * Either way a refutation is a high-score sample that disagrees with the skill.
   */
  testUnit: {
    kind: 'choice',
    flag: 'test-unit',
    section: 'hidden',
    values: ['high', 'any'],
    default: 'any',
    hiddenChoice: 6,
    help: 'a skill test is each high-score sample (high) or every attempt (any)',
  },
  /**
   * When tests are counted: as each attempt is recorded, against the library in force ('record'); or at each
   * evolution, the library just distilled against the attempts recorded since the previous evolution
   * ('evolve' — a retrospective check, so a new skill can be refuted by the samples it was distilled from).
   */
  testAt: {
    kind: 'choice',
    flag: 'test-at',
    section: 'hidden',
    values: ['record', 'evolve'],
    default: 'evolve',
    hiddenChoice: 7,
    help: 'tests counted as attempts are recorded, or at each evolution against the attempts since the last',
  },
} as const satisfies ParamTree;

/** Whether skills are distilled per task context ("for order_api, …") or pooled over every context. */
export const SCOPE_PARAM = {
  kind: 'choice',
  flag: 'skill-scope',
  column: 'scope',
  section: 'skills',
  values: ['context', 'global'],
  default: 'context',
  help: "skills distilled per task context ('for order_api, …') or pooled over contexts",
} as const satisfies Param;

type Hidden = ParamValues<typeof HIDDEN_PARAMS>;
export type ExploreUnit = Hidden['exploreUnit'];
export type Cadence = Hidden['cadence'];
export type Window = Hidden['window'];
export type Routing = Hidden['routing'];
export type LibraryUpdate = Hidden['update'];
export type SampleSet = Hidden['samples'];
export type TestUnit = Hidden['testUnit'];
export type TestTiming = Hidden['testAt'];
export type SkillScope = (typeof SCOPE_PARAM.values)[number];
