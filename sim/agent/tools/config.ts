/**
 * The tool loop's circuit breaker (docs/worlds-and-policies.md, the tool loop): a tool — a value at a position, e.g.
 * which API to call —
 * is disabled after `failures` consecutive failures, for the rest of the task and the next `cooldown`
 * tasks; then it is half-open: one more failure disables it again, a success closes it.
 */
import type { ParamTree, ParamValues } from '../../core/params/declaration.js';
import { defaultsOf } from '../../core/params/read.js';

export const BREAKER_PARAMS = {
  /** Consecutive failures that disable a tool; 0 = no breaker. */
  failures: {
    kind: 'integer',
    flag: 'breaker-failures',
    section: 'tools',
    min: 0,
    max: 1_000_000,
    default: 0,
    help: 'circuit breaker: consecutive failures that disable a tool (0 = no breaker)',
  },
  /** Tasks a disabled tool stays disabled after the task it failed in. */
  cooldown: {
    kind: 'integer',
    flag: 'breaker-cooldown',
    section: 'tools',
    min: 0,
    max: 1_000_000_000,
    default: 20,
    help: 'circuit breaker: tasks a disabled tool stays off after the task it tripped in',
  },
  /**
   * Which failures count: 'tool' — the tool's own (tool error, tool unavailable), not the caller's
   * (parameter error) or the request's (ambiguous query); 'all' — every failed call.
   */
  counts: {
    kind: 'choice',
    flag: 'breaker-counts',
    section: 'tools',
    values: ['tool', 'all'],
    default: 'tool',
    help: "failures the breaker counts: the tool's own (tool error, unavailable) or all",
  },
} as const satisfies ParamTree;

export type BreakerConfig = ParamValues<typeof BREAKER_PARAMS>;
export type BreakerCounts = BreakerConfig['counts'];

export const DEFAULT_BREAKER: BreakerConfig = defaultsOf(BREAKER_PARAMS);
