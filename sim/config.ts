/**
 * A run's configuration: the world, the protocol (rounds × tasks, attempt cap), and the agent — the
 * published rules (SPEC §2) plus every hidden choice the article leaves open, each with a documented default.
 */
import type { EnvParams } from '../envs/env.js';
import type { ActorKind } from './actors/policy.js';
import type { LibraryMode } from './modes.js';
import { DEFAULT_EXPLORATION, type ExplorationConfig } from './exploration/config.js';
import { DEFAULT_LIFECYCLE, type LifecycleConfig } from './lifecycle/config.js';
import { DEFAULT_BREAKER, type BreakerConfig } from './tools/config.js';
import type { ThresholdRule } from './lifecycle/threshold.js';

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

export interface AgentConfig {
  /** How the Actor guesses inside a task: feedback-blind as published, or using in-task feedback. */
  readonly actor: ActorKind;
  /** false = the random control: no Evolver, no Retriever. */
  readonly library: boolean;
  /** HExA configuration matrix cell (sim/modes.ts); 'none' leaves window and update to their own flags. */
  readonly mode: LibraryMode;
  /** Rounds of the prior batch for offline and off2on modes (0 otherwise). */
  readonly priorRounds: number;
  /** Feedback at or above this is a "high-score" sample; null = the environment's max score − 1. */
  readonly goodScore: number | null;
  /** Fewer high-score samples than this: the Evolver emits nothing. */
  readonly minEvidence: number;
  /** A value held by at least this share of high-score samples at a position becomes a skill. In (0, 1]. */
  readonly threshold: number;
  /** The Retriever merges the top k skills into the constraint. */
  readonly topK: number;
  /** Probability that an attempt (or task, see exploreUnit) ignores the constraint. */
  readonly explore: number;
  readonly exploreUnit: ExploreUnit;
  readonly cadence: Cadence;
  readonly window: Window;
  readonly routing: Routing;
  readonly update: LibraryUpdate;
  readonly samples: SampleSet;
  /** Skills scoped to the context their evidence came from, or pooled over contexts (same in one-context worlds). */
  readonly scope: SkillScope;
  /** A claim needs its share ('share', published) or its Wilson lower bound ('lcb') to reach the threshold. */
  readonly thresholdRule: ThresholdRule;
  /** Normal quantile of the lower bound (1.645: one-sided 95 %). */
  readonly lcbZ: number;
  /** How skills are admitted, weighted, decayed and retired (published: never retired). */
  readonly lifecycle: LifecycleConfig;
  /** How the exploration rate is set per task (published: fixed at `explore`). */
  readonly exploration: ExplorationConfig;
  /** The tool loop's circuit breaker (off by default). */
  readonly breaker: BreakerConfig;
  readonly testUnit: TestUnit;
  readonly testAt: TestTiming;
}

export interface RunConfig {
  readonly env: string;
  /** Resolved environment parameters (defaults filled in). */
  readonly envParams: EnvParams;
  readonly rounds: number;
  readonly tasks: number;
  /** Attempt cap per task; an unsolved task counts `cap` attempts. */
  readonly cap: number;
  readonly seed: number;
  readonly replicates: number;
  readonly agent: AgentConfig;
}

/**
 * The published agent (SPEC §2). Its hidden choices are those the audit (`hexa reproduce --audit`, README)
 * finds most consistent with the published figures: the Evolver runs once a round on that round's samples
 * (every sample, not distinct codes), and a skill is tested by every attempt, counted when the Evolver
 * re-distils the library. The audit cannot tell replace from merge, nor exploration per attempt from per
 * task: 'replace' follows the article's code (evolving returns a fresh list of skills), 'attempt' its text
 * ("each guess has a 20 % chance to ignore the constraint").
 */
export const PUBLISHED_AGENT: AgentConfig = {
  actor: 'published',
  library: true,
  mode: 'none',
  priorRounds: 0,
  goodScore: null,
  minEvidence: 3,
  threshold: 0.85,
  topK: 2,
  explore: 0,
  exploreUnit: 'attempt',
  cadence: 'round',
  window: 'round',
  routing: 'shared',
  update: 'replace',
  samples: 'all',
  scope: 'context',
  thresholdRule: 'share',
  lcbZ: 1.645,
  lifecycle: DEFAULT_LIFECYCLE,
  exploration: DEFAULT_EXPLORATION,
  breaker: DEFAULT_BREAKER,
  testUnit: 'any',
  testAt: 'evolve',
};

/** The published protocol: 5 rounds × 30 tasks, cap 20, on the 4-bit lock with truth 1011. */
export const PUBLISHED_RUN: RunConfig = {
  env: 'lock-v1',
  envParams: { bits: 4, truth: '1011' },
  rounds: 5,
  tasks: 30,
  cap: 20,
  seed: 1,
  replicates: 1,
  agent: PUBLISHED_AGENT,
};
