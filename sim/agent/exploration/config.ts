/**
 * Exploration policies: how the per-attempt exploration rate is set for each task. `--explore` is the
 * base rate for all of them.
 *
 *   fixed       the base rate, always (the article);
 *   refutation  the article's proposed rule: measure the skills' refutation rate over a sliding window of
 *               tasks; above `refuteHigh` explore at `high`, below `refuteLow` at the base rate (0 by
 *               default: "no exploration"); in between keep the current rate (hysteresis);
 *   decay       the base rate halving every `halflife` tasks, never below `floor`.
 */
import type { ParamTree, ParamValues } from '../../core/params/declaration.js';
import { defaultsOf } from '../../core/params/read.js';

/** The built-in exploration policies (`--exploration`); a module file may add another. */
export const EXPLORATIONS = ['fixed', 'refutation', 'decay'] as const;
/** The name of a built-in exploration policy. */
export type ExplorationName = (typeof EXPLORATIONS)[number];

export const EXPLORATION_PARAMS = {
  /** A built-in policy, or the name of a loaded exploration module (`--exploration FILE`, sim/agent/plugins/). */
  name: {
    kind: 'policy',
    flag: 'exploration',
    section: 'exploration',
    module: 'exploration',
    values: EXPLORATIONS,
    default: 'fixed',
    help: 'fixed rate (--explore), refutation-triggered, decaying, or an exploration module FILE (.mjs/.js)',
  },
  /** refutation: the rate while the windowed refutation rate is high. */
  high: {
    kind: 'rate',
    flag: 'explore-high',
    section: 'exploration',
    default: 0.2,
    help: 'refutation: the rate while the windowed refutation rate is above --refute-high',
  },
  /** refutation: below this windowed refutation rate, back to the base rate. */
  refuteLow: {
    kind: 'rate',
    flag: 'refute-low',
    section: 'exploration',
    default: 0.02,
    help: 'refutation: below this windowed refutation rate, back to --explore',
  },
  /** refutation: above this windowed refutation rate, explore at `high`. */
  refuteHigh: {
    kind: 'rate',
    flag: 'refute-high',
    section: 'exploration',
    default: 0.1,
    help: 'refutation: above this windowed refutation rate, explore at --explore-high',
  },
  /** refutation: the sliding window, in tasks. */
  window: {
    kind: 'integer',
    flag: 'refute-window',
    section: 'exploration',
    min: 1,
    max: 1_000_000,
    default: 30,
    help: 'refutation: the sliding window, in tasks',
  },
  /** decay: tasks for the rate to halve. */
  halflife: {
    kind: 'decimal',
    flag: 'explore-halflife',
    section: 'exploration',
    min: 0,
    exclusiveMin: true,
    default: 30,
    help: 'decay: tasks for the rate (from --explore) to halve',
  },
  /** decay: the rate never falls below this. */
  floor: {
    kind: 'rate',
    flag: 'explore-floor',
    section: 'exploration',
    default: 0,
    help: 'decay: the rate never falls below this',
  },
} as const satisfies ParamTree;

/** The exploration settings, one field per parameter declared above. */
export type ExplorationConfig = ParamValues<typeof EXPLORATION_PARAMS>;

/** The published exploration: a fixed rate. */
export const DEFAULT_EXPLORATION: ExplorationConfig = defaultsOf(EXPLORATION_PARAMS);
