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
export type ExplorationName = 'fixed' | 'refutation' | 'decay';
export const EXPLORATIONS: readonly ExplorationName[] = ['fixed', 'refutation', 'decay'];

export interface ExplorationConfig {
  /** A built-in policy, or the name of a loaded exploration module (`--exploration FILE`, sim/agent/plugins/). */
  readonly name: ExplorationName | (string & {});
  /** refutation: the rate while the windowed refutation rate is high. */
  readonly high: number;
  /** refutation: below this windowed refutation rate, back to the base rate. */
  readonly refuteLow: number;
  /** refutation: above this windowed refutation rate, explore at `high`. */
  readonly refuteHigh: number;
  /** refutation: the sliding window, in tasks. */
  readonly window: number;
  /** decay: tasks for the rate to halve. */
  readonly halflife: number;
  /** decay: the rate never falls below this. */
  readonly floor: number;
}

export const DEFAULT_EXPLORATION: ExplorationConfig = {
  name: 'fixed',
  high: 0.2,
  refuteLow: 0.02,
  refuteHigh: 0.1,
  window: 30,
  halflife: 30,
  floor: 0,
};
