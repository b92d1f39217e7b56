/**
 * The tool loop's circuit breaker (seeds/004): a tool — a value at a position, e.g. which API to call —
 * is disabled after `failures` consecutive failures, for the rest of the task and the next `cooldown`
 * tasks; then it is half-open: one more failure disables it again, a success closes it.
 */
export type BreakerCounts = 'tool' | 'all';
export const BREAKER_COUNTS: readonly BreakerCounts[] = ['tool', 'all'];

export interface BreakerConfig {
  /** Consecutive failures that disable a tool; 0 = no breaker. */
  readonly failures: number;
  /** Tasks a disabled tool stays disabled after the task it failed in. */
  readonly cooldown: number;
  /**
   * Which failures count: 'tool' — the tool's own (tool error, tool unavailable), not the caller's
   * (parameter error) or the request's (ambiguous query); 'all' — every failed call.
   */
  readonly counts: BreakerCounts;
}

export const DEFAULT_BREAKER: BreakerConfig = { failures: 0, cooldown: 20, counts: 'tool' };
