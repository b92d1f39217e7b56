/**
 * The agent's configuration: the published rules (SPEC §2) plus every hidden choice the article leaves
 * open, each with a documented default, and the policies beyond the article (scope, lifecycle, exploration,
 * the tool loop's breaker).
 */
import type { ActorKind } from './actors/policy.js';
import type {
  Cadence,
  ExploreUnit,
  LibraryUpdate,
  Routing,
  SampleSet,
  SkillScope,
  TestTiming,
  TestUnit,
  Window,
} from './choices.js';
import type { LibraryMode } from './modes.js';
import { DEFAULT_EXPLORATION, type ExplorationConfig } from './exploration/config.js';
import { DEFAULT_LIFECYCLE, type LifecycleConfig } from './lifecycle/config.js';
import { DEFAULT_BREAKER, type BreakerConfig } from './tools/config.js';
import type { ThresholdRule } from './lifecycle/threshold.js';

export interface AgentConfig {
  /** How the Actor guesses inside a task: feedback-blind as published, or using in-task feedback. */
  readonly actor: ActorKind;
  /** false = the random control: no Evolver, no Retriever. */
  readonly library: boolean;
  /** HExA configuration matrix cell (sim/agent/modes.ts); 'none' leaves window and update to their own flags. */
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
  /** A loaded extraction module's name (`--extraction FILE`); absent: the published rule (`thresholdRule`). */
  readonly extraction?: string;
  /** A loaded ranking module's name (`--ranking FILE`); absent: the published order (weight, then evidence). */
  readonly ranking?: string;
}

/**
 * The published agent (SPEC §2). Its hidden choices are those the audit (`hexa reproduce --audit`, docs/reproduction.md)
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
