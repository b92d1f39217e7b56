/**
 * Lifecycle policies and their constants (SPEC §4). Every constant is a parameter with the source's value
 * as its default; where a source gives no number, the default is this project's choice and says so.
 */

export type LifecycleName = 'published' | 'evobelief' | 'hexa-paper' | 'expel' | 'beta';
export const LIFECYCLES: readonly LifecycleName[] = ['published', 'evobelief', 'hexa-paper', 'expel', 'beta'];

/** What happens to the Evolver's evidence for a claim when its skill is retired. */
export type OnRetire = 'forget' | 'keep';
export const ON_RETIRE: readonly OnRetire[] = ['forget', 'keep'];

export interface EvoBeliefRules {
  /** Controlled trials (tests) that validate a proposed rule. */
  readonly trials: number;
  /** Promote to active when at least this share of the trials succeed (confidence := that share). */
  readonly promote: number;
  /** Each counterexample multiplies an active rule's confidence by this (not given by the source; 0.8). */
  readonly decay: number;
  /** Below this confidence the rule is retired; otherwise its scope is narrowed. */
  readonly retire: number;
}

export interface HexaPaperRules {
  /** Most skills per level (context). */
  readonly cap: number;
  /** Most "mistakes" (what to avoid) per level. */
  readonly mistakes: number;
  /** A skill whose confidence falls below this becomes a mistake (not given by the paper; 0.4). */
  readonly mistakeBelow: number;
  /** Reward of a success within each bound of attempts: successes ≤ bounds[i] attempts earn rewards[i]. */
  readonly bounds: readonly number[];
  readonly rewards: readonly number[];
  /** Failure reward when the agent gave up before `giveUp` attempts, and otherwise. */
  readonly failEarly: number;
  readonly failLate: number;
  readonly giveUp: number;
  /** Confidence = clamp((mean reward + 1) / 2, minConfidence, maxConfidence). */
  readonly minConfidence: number;
  readonly maxConfidence: number;
  /** 0: plain mean of every source task's reward (the paper); > 0: exponential moving average with this weight. */
  readonly ema: number;
}

export interface ExpelRules {
  readonly add: number;
  readonly agree: number;
  readonly edit: number;
  readonly remove: number;
  /** Votes a REMOVE costs when the list is full. */
  readonly removeFull: number;
  /** Size at which the list counts as full (not given by SPEC; 10, the HExA library cap). */
  readonly cap: number;
}

export interface BetaRules {
  /** Beta prior. */
  readonly alpha: number;
  readonly beta: number;
  /** Retire when at least this many failures and the posterior mean is below `retireBelow`. */
  readonly retireFailures: number;
  readonly retireBelow: number;
  /** Split an every-context skill into per-context skills once seen in this many contexts … */
  readonly splitContexts: number;
  /** … with at least this many observations in each. */
  readonly splitObservations: number;
}

export interface LifecycleConfig {
  /** A built-in policy, or the name of a loaded lifecycle module (`--lifecycle FILE`, sim/agent/plugins/). */
  readonly name: LifecycleName | (string & {});
  /**
   * The article's fix: a skill not borne out by an agreeing sample for this many tasks has its weight
   * halved (0 = off).
   */
  readonly staleHalflife: number;
  /** A skill whose freshness factor falls below this is not retrieved until tested again. */
  readonly staleFloor: number;
  readonly onRetire: OnRetire;
  readonly evobelief: EvoBeliefRules;
  readonly paper: HexaPaperRules;
  readonly expel: ExpelRules;
  readonly beta: BetaRules;
}

export const DEFAULT_LIFECYCLE: LifecycleConfig = {
  name: 'published',
  staleHalflife: 0,
  staleFloor: 0.5,
  onRetire: 'forget',
  evobelief: { trials: 10, promote: 0.8, decay: 0.8, retire: 0.4 },
  paper: {
    cap: 10,
    mistakes: 5,
    mistakeBelow: 0.4,
    bounds: [3, 7, 15, 25],
    rewards: [1, 0.75, 0.5, 0.25],
    failEarly: -0.75,
    failLate: -0.5,
    giveUp: 10,
    minConfidence: 0.1,
    maxConfidence: 1,
    ema: 0,
  },
  expel: { add: 2, agree: 1, edit: 1, remove: 1, removeFull: 3, cap: 10 },
  beta: { alpha: 1, beta: 1, retireFailures: 4, retireBelow: 0.45, splitContexts: 3, splitObservations: 4 },
};
