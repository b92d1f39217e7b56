/**
 * The agent's configuration: the published rules (docs/model.md) plus every hidden choice the article leaves
 * open, each with a documented default, and the policies beyond the article (scope, lifecycle, exploration,
 * the tool loop's breaker). Each parameter is declared once, beside the code that uses it; `AGENT_PARAMS`
 * gathers them in the configuration's key order, and `AgentConfig` is read off it.
 */
import type { ParamTree, ParamValues } from '../core/params/declaration.js';
import { defaultsOf } from '../core/params/read.js';
import { ACTOR_PARAM } from './actors/policy.js';
import { HIDDEN_PARAMS, SCOPE_PARAM } from './choices.js';
import { EXPLORATION_PARAMS } from './exploration/config.js';
import { LIFECYCLE_PARAMS } from './lifecycle/config.js';
import { THRESHOLD_PARAMS } from './lifecycle/threshold.js';
import { MODE_PARAMS, normalizeAgent } from './modes.js';
import { BREAKER_PARAMS } from './tools/config.js';

export const AGENT_PARAMS = {
  actor: ACTOR_PARAM,
  ...MODE_PARAMS,
  /** false = the random control: no Evolver, no Retriever. */
  library: {
    kind: 'boolean',
    flag: 'library',
    section: 'agent',
    default: true,
    label: 'Skill library',
    help: 'use the skill library; --no-library is the random control',
  },
  /** Feedback at or above this is a "high-score" sample; null = the environment's max score − 1. */
  goodScore: {
    kind: 'integer',
    flag: 'good-score',
    section: 'agent',
    min: 0,
    default: null,
    label: 'High-score cut-off (bits right)',
    help: "feedback counted as high-score (default: the env's max score − 1)",
  },
  /** Fewer high-score samples than this: the Evolver emits nothing. */
  minEvidence: {
    kind: 'integer',
    flag: 'min-evidence',
    section: 'agent',
    min: 0,
    default: 3,
    label: 'Minimum evidence (high-score samples)',
    help: 'fewer high-score samples than this: no skills',
  },
  /** A value held by at least this share of high-score samples at a position becomes a skill. In (0, 1]. */
  threshold: {
    kind: 'share',
    flag: 'threshold',
    section: 'agent',
    default: 0.85,
    label: 'Evidence threshold (share of samples)',
    help: 'share at a position that makes a skill, in (0, 1]',
  },
  /** The Retriever merges the top k skills into the constraint. */
  topK: {
    kind: 'integer',
    flag: 'top-k',
    section: 'agent',
    min: 0,
    default: 2,
    label: 'Skills merged into the constraint (top-k)',
    help: 'skills the Retriever merges into the constraint',
  },
  /** Probability that an attempt (or task, see exploreUnit) ignores the constraint. */
  explore: {
    kind: 'rate',
    flag: 'explore',
    section: 'agent',
    default: 0,
    label: 'Exploration rate (share of attempts)',
    help: 'probability that an attempt ignores the constraint, in [0, 1]',
  },
  ...HIDDEN_PARAMS,
  /** Skills scoped to the context their evidence came from, or pooled over contexts (same in one-context worlds). */
  scope: SCOPE_PARAM,
  ...THRESHOLD_PARAMS,
  /** A loaded extraction module's name (`--extraction FILE`); absent: the published rule (`thresholdRule`). */
  extraction: {
    kind: 'policy',
    flag: 'extraction',
    section: 'skills',
    module: 'extraction',
    values: ['published'],
    default: 'published',
    optional: true,
    help:
      'how the Evolver turns evidence into claims: published (--threshold-rule), or an extraction module FILE ' +
      '(.mjs/.js)',
  },
  /** A loaded ranking module's name (`--ranking FILE`); absent: the published order (weight, then evidence). */
  ranking: {
    kind: 'policy',
    flag: 'ranking',
    section: 'skills',
    module: 'ranking',
    values: ['published'],
    default: 'published',
    optional: true,
    help: 'how the Retriever orders skills: published (weight, then evidence), or a ranking module FILE (.mjs/.js)',
  },
  /** How skills are admitted, weighted, decayed and retired (published: never retired). */
  lifecycle: LIFECYCLE_PARAMS,
  /** How the exploration rate is set per task (published: fixed at `explore`). */
  exploration: EXPLORATION_PARAMS,
  /** The tool loop's circuit breaker (off by default). */
  breaker: BREAKER_PARAMS,
} as const satisfies ParamTree;

/** The agent's settings, one field per agent parameter declared above (the published values in `PUBLISHED_AGENT`). */
export type AgentConfig = ParamValues<typeof AGENT_PARAMS>;

const { actor, library, testUnit, testAt, ...rest } = normalizeAgent(defaultsOf(AGENT_PARAMS));

/**
 * The published agent (docs/model.md): the declarations' defaults. Its hidden choices are those the audit
 * (`hexa reproduce --audit`, docs/reproduction.md) finds most consistent with the published figures: the
 * Evolver runs once a round on that round's samples (every sample, not distinct codes), and a skill is
 * tested by every attempt, counted when the Evolver re-distils the library. The audit cannot tell replace
 * from merge, nor exploration per attempt from per task: 'replace' follows the article's code (evolving
 * returns a fresh list of skills), 'attempt' its text ("each guess has a 20 % chance to ignore the
 * constraint"). Its keys keep the order reproduce's manifests have always listed them in.
 */
export const PUBLISHED_AGENT: AgentConfig = { actor, library, ...rest, testUnit, testAt };
