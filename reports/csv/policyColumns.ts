/** Columns for the skill-scope, threshold-rule, lifecycle, exploration and tool-loop settings (one per parameter). */
import type { AgentConfig } from '../../sim/agent/agentConfig.js';
import type { Cell } from './csv.js';

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Nested rule groups become prefixed columns: lifecycle.evobelief.trials → evoTrials. */
const PREFIX = { evobelief: 'evo', paper: 'paper', expel: 'expel', beta: 'beta' } as const;

export function policyColumns(a: AgentConfig): Record<string, Cell> {
  const { evobelief, paper, expel, beta, ...lifecycle } = a.lifecycle;
  const out: Record<string, Cell> = { scope: a.scope, thresholdRule: a.thresholdRule, lcbZ: a.lcbZ };
  for (const [k, v] of Object.entries(lifecycle)) out[k === 'name' ? 'lifecycle' : k] = v;
  const groups: [keyof typeof PREFIX, object][] = [
    ['evobelief', evobelief],
    ['paper', paper],
    ['expel', expel],
    ['beta', beta],
  ];
  for (const [group, rules] of groups) {
    for (const [k, v] of Object.entries(rules) as [string, number | readonly number[]][]) {
      out[PREFIX[group] + cap(k)] = typeof v === 'number' ? v : v.join('/');
    }
  }
  const x = a.exploration;
  Object.assign(out, {
    exploration: x.name,
    exploreHigh: x.high,
    refuteLow: x.refuteLow,
    refuteHigh: x.refuteHigh,
    refuteWindow: x.window,
    exploreHalflife: x.halflife,
    exploreFloor: x.floor,
    breakerFailures: a.breaker.failures,
    breakerCooldown: a.breaker.cooldown,
    breakerCounts: a.breaker.counts,
  });
  // Only with a policy module: built-in runs keep their columns.
  for (const k of PLUGIN_COLUMNS) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

/** Columns present only when a policy module is in use, and what they read for a run without one. */
export const PLUGIN_COLUMNS = ['extraction', 'ranking'] as const;
export const PLUGIN_COLUMN_DEFAULT = 'published';
