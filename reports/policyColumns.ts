/** Columns for the skill-scope, lifecycle, exploration and tool-loop settings (one per parameter). */
import type { AgentConfig } from '../sim/config.js';
import type { Cell } from './rows.js';

export function policyColumns(a: AgentConfig): Record<string, Cell> {
  return {
    scope: a.scope,
  };
}
