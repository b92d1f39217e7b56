/**
 * The hidden choices (SPEC §2): what the article leaves open about when the Evolver runs, what it reads,
 * how the library changes and what counts as a test. Each is a parameter with a documented default.
 */

/** When the Evolver distils skills: after every task, or once at the end of each round. */
export type Cadence = 'task' | 'round';
/** Which high-score samples it reads: the whole history, or only the current round. */
export type Window = 'all' | 'round';
/** Whether exploration attempts feed the Evolver ('shared') or are kept away from it ('separate'). */
export type Routing = 'shared' | 'separate';
/** Whether a new evolution replaces the library or merges into it (keeping skills it did not re-emit). */
export type LibraryUpdate = 'replace' | 'merge';
/** Whether repeated codes count once ('distinct') or every time they are submitted ('all'). */
export type SampleSet = 'all' | 'distinct';
/** Whether exploration is decided for each attempt or once for a whole task. */
export type ExploreUnit = 'attempt' | 'task';
/** Whether skills are distilled per task context ("for order_api, …") or pooled over every context. */
export type SkillScope = 'context' | 'global';
/**
 * What counts as a test of a skill: each recorded high-score sample ('high'), or every attempt ('any').
 * Either way a refutation is a high-score sample that disagrees with the skill.
 */
export type TestUnit = 'high' | 'any';
/**
 * When tests are counted: as each attempt is recorded, against the library in force ('record'); or at each
 * evolution, the library just distilled against the attempts recorded since the previous evolution
 * ('evolve' — a retrospective check, so a new skill can be refuted by the samples it was distilled from).
 */
export type TestTiming = 'record' | 'evolve';

export const CADENCES: readonly Cadence[] = ['task', 'round'];
export const WINDOWS: readonly Window[] = ['all', 'round'];
export const ROUTINGS: readonly Routing[] = ['shared', 'separate'];
export const UPDATES: readonly LibraryUpdate[] = ['replace', 'merge'];
export const SAMPLE_SETS: readonly SampleSet[] = ['all', 'distinct'];
export const EXPLORE_UNITS: readonly ExploreUnit[] = ['attempt', 'task'];
export const SKILL_SCOPES: readonly SkillScope[] = ['context', 'global'];
export const TEST_UNITS: readonly TestUnit[] = ['high', 'any'];
export const TEST_TIMINGS: readonly TestTiming[] = ['record', 'evolve'];
