/**
 * Lifecycle policies and their constants (docs/worlds-and-policies.md). Every constant is a parameter with the source's
 * value
 * as its default; where a source gives no number, the default is this project's choice and says so.
 * Declared here once (sim/core/params/declaration.ts); the configuration's type is read off the declarations.
 */

import type { ParamTree, ParamValues } from '../../core/params/declaration.js';
import { defaultsOf } from '../../core/params/read.js';

/** The built-in lifecycle policies (`--lifecycle`); a module file may add another. */
export const LIFECYCLES = ['published', 'evobelief', 'hexa-paper', 'expel', 'beta'] as const;
/** The name of a built-in lifecycle policy. */
export type LifecycleName = (typeof LIFECYCLES)[number];

const rules = 'rules';

export const LIFECYCLE_PARAMS = {
  /** A built-in policy, or the name of a loaded lifecycle module (`--lifecycle FILE`, sim/agent/plugins/). */
  name: {
    kind: 'policy',
    flag: 'lifecycle',
    section: 'skills',
    module: 'lifecycle',
    values: LIFECYCLES,
    default: 'published',
    help: 'how skills are admitted, weighted and retired, or a lifecycle module FILE (.mjs/.js)',
  },
  /**
   * The article's fix: a skill not borne out by an agreeing sample for this many tasks has its weight
   * halved (0 = off).
   */
  staleHalflife: {
    kind: 'decimal',
    flag: 'stale-halflife',
    section: 'skills',
    min: 0,
    default: 0,
    help: 'down-weight skills no sample has agreed with for long: weight halves every this many tasks (0 = off)',
  },
  /** A skill whose freshness factor falls below this is not retrieved until tested again. */
  staleFloor: {
    kind: 'rate',
    flag: 'stale-floor',
    section: 'skills',
    default: 0.5,
    help: 'a skill down-weighted below this factor is not retrieved until a sample agrees with it, in [0, 1]',
  },
  /** What happens to the Evolver's evidence for a claim when its skill is retired. */
  onRetire: {
    kind: 'choice',
    flag: 'on-retire',
    section: 'skills',
    values: ['forget', 'keep'],
    default: 'forget',
    help: "a retired skill's evidence is forgotten by the Evolver, or kept",
  },
  evobelief: {
    /** Controlled trials (tests) that validate a proposed rule. */
    trials: {
      kind: 'integer',
      flag: 'evo-trials',
      section: rules,
      min: 1,
      default: 10,
      help: 'evobelief: tests that validate a proposed rule',
    },
    /** Promote to active when at least this share of the trials succeed (confidence := that share). */
    promote: {
      kind: 'rate',
      flag: 'evo-promote',
      section: rules,
      default: 0.8,
      help: 'evobelief: share of trials that promotes a rule to active',
    },
    /** Each counterexample multiplies an active rule's confidence by this (not given by the source; 0.8). */
    decay: {
      kind: 'rate',
      flag: 'evo-decay',
      section: rules,
      default: 0.8,
      help: 'evobelief: confidence factor per counterexample (source gives no number)',
    },
    /** Below this confidence the rule is retired; otherwise its scope is narrowed. */
    retire: {
      kind: 'rate',
      flag: 'evo-retire',
      section: rules,
      default: 0.4,
      help: 'evobelief: retire below this confidence, else narrow the scope',
    },
  },
  paper: {
    /** Most skills per level (context). */
    cap: {
      kind: 'integer',
      flag: 'paper-cap',
      section: rules,
      min: 1,
      default: 10,
      help: 'hexa-paper: most skills per context',
    },
    /** Most "mistakes" (what to avoid) per level. */
    mistakes: {
      kind: 'integer',
      flag: 'paper-mistakes',
      section: rules,
      min: 0,
      default: 5,
      help: 'hexa-paper: most mistakes (values to avoid) per context',
    },
    /** A skill whose confidence falls below this becomes a mistake (not given by the paper; 0.4). */
    mistakeBelow: {
      kind: 'rate',
      flag: 'paper-mistake-below',
      section: rules,
      default: 0.4,
      help: 'hexa-paper: a skill below this confidence becomes a mistake',
    },
    /** Reward of a success within each bound of attempts: successes ≤ bounds[i] attempts earn rewards[i]. */
    bounds: {
      kind: 'numbers',
      flag: 'paper-bounds',
      section: rules,
      element: 'integer',
      min: 1,
      default: [3, 7, 15, 25],
      help: "hexa-paper: attempt bounds of the success rewards, increasing, joined by '/'",
    },
    rewards: {
      kind: 'numbers',
      flag: 'paper-rewards',
      section: rules,
      element: 'decimal',
      default: [1, 0.75, 0.5, 0.25],
      help: "hexa-paper: reward of a success within each bound, joined by '/'",
    },
    /** Failure reward when the agent gave up before `giveUp` attempts, and otherwise. */
    failEarly: {
      kind: 'decimal',
      flag: 'paper-fail-early',
      section: rules,
      default: -0.75,
      help: 'hexa-paper: reward of a failure given up before --paper-give-up attempts',
    },
    failLate: {
      kind: 'decimal',
      flag: 'paper-fail-late',
      section: rules,
      default: -0.5,
      help: 'hexa-paper: reward of any other failure',
    },
    giveUp: {
      kind: 'integer',
      flag: 'paper-give-up',
      section: rules,
      min: 0,
      default: 10,
      help: 'hexa-paper: attempts below which a failure counts as giving up early',
    },
    /** Confidence = clamp((mean reward + 1) / 2, minConfidence, maxConfidence). */
    minConfidence: {
      kind: 'rate',
      flag: 'paper-min-confidence',
      section: rules,
      default: 0.1,
      help: 'hexa-paper: lower clamp of (mean reward + 1) / 2',
    },
    maxConfidence: {
      kind: 'rate',
      flag: 'paper-max-confidence',
      section: rules,
      default: 1,
      help: 'hexa-paper: upper clamp of (mean reward + 1) / 2',
    },
    /** 0: plain mean of every source task's reward (the paper); > 0: exponential moving average with this weight. */
    ema: {
      kind: 'rate',
      flag: 'paper-ema',
      section: rules,
      default: 0,
      help: 'hexa-paper: 0 = plain mean reward (paper); > 0 = moving average with this weight',
    },
  },
  expel: {
    add: {
      kind: 'decimal',
      flag: 'expel-add',
      section: rules,
      min: 0,
      exclusiveMin: true,
      default: 2,
      help: 'expel: votes of a new insight (ADD)',
    },
    agree: {
      kind: 'decimal',
      flag: 'expel-agree',
      section: rules,
      min: 0,
      default: 1,
      help: 'expel: votes an evolution re-emitting it adds (AGREE)',
    },
    edit: {
      kind: 'decimal',
      flag: 'expel-edit',
      section: rules,
      min: 0,
      default: 1,
      help: 'expel: votes added when a new value replaces it (EDIT)',
    },
    remove: {
      kind: 'decimal',
      flag: 'expel-remove',
      section: rules,
      min: 0,
      default: 1,
      help: 'expel: votes a counterexample removes (REMOVE)',
    },
    /** Votes a REMOVE costs when the list is full. */
    removeFull: {
      kind: 'decimal',
      flag: 'expel-remove-full',
      section: rules,
      min: 0,
      default: 3,
      help: 'expel: votes a counterexample removes when the list is full',
    },
    /** Size at which the list counts as full (the sources give none; 10, the HExA library cap). */
    cap: {
      kind: 'integer',
      flag: 'expel-cap',
      section: rules,
      min: 1,
      default: 10,
      help: 'expel: size at which the list is full',
    },
  },
  beta: {
    /** Beta prior. */
    alpha: {
      kind: 'decimal',
      flag: 'beta-alpha',
      section: rules,
      min: 0,
      exclusiveMin: true,
      default: 1,
      help: 'beta: prior alpha (> 0)',
    },
    beta: {
      kind: 'decimal',
      flag: 'beta-beta',
      section: rules,
      min: 0,
      exclusiveMin: true,
      default: 1,
      help: 'beta: prior beta (> 0)',
    },
    /** Retire when at least this many failures and the posterior mean is below `retireBelow`. */
    retireFailures: {
      kind: 'integer',
      flag: 'beta-retire-failures',
      section: rules,
      min: 0,
      default: 4,
      help: 'beta: failures needed before retirement',
    },
    retireBelow: {
      kind: 'rate',
      flag: 'beta-retire-below',
      section: rules,
      default: 0.45,
      help: 'beta: retire when the posterior mean is below this',
    },
    /** Split an every-context skill into per-context skills once seen in this many contexts … */
    splitContexts: {
      kind: 'integer',
      flag: 'beta-split-contexts',
      section: rules,
      min: 1,
      default: 3,
      help: 'beta: split a pooled skill seen in this many contexts …',
    },
    /** … with at least this many observations in each. */
    splitObservations: {
      kind: 'integer',
      flag: 'beta-split-observations',
      section: rules,
      min: 1,
      default: 4,
      help: 'beta: … with at least this many observations each',
    },
  },
} as const satisfies ParamTree;

/** The lifecycle settings, one field per parameter declared above. */
export type LifecycleConfig = ParamValues<typeof LIFECYCLE_PARAMS>;
export type OnRetire = LifecycleConfig['onRetire'];
export type EvoBeliefRules = LifecycleConfig['evobelief'];
export type HexaPaperRules = LifecycleConfig['paper'];
export type ExpelRules = LifecycleConfig['expel'];
export type BetaRules = LifecycleConfig['beta'];

/** The published lifecycle's settings (skills are never retired). */
export const DEFAULT_LIFECYCLE: LifecycleConfig = defaultsOf(LIFECYCLE_PARAMS);
