/**
 * Run flags for skill scope, lifecycle, exploration and tool-loop policies (issue 6). They join
 * RUN_FLAGS, so `hexa run` and `hexa sweep` accept them alike; `policyAgentFields` validates their text
 * and names the flag on error.
 */
import { SKILL_SCOPES, type AgentConfig } from '../sim/config.js';
import { PUBLISHED_AGENT } from '../sim/config.js';
import { parseChoice } from './flags.js';
import type { RunFlag } from './runOptions.js';

const SKILLS = 'Skills and lifecycle:';

export const POLICY_FLAGS: readonly RunFlag[] = [
  {
    name: 'skill-scope', group: SKILLS, default: PUBLISHED_AGENT.scope, choices: SKILL_SCOPES,
    describe: "skills distilled per task context ('for order_api, …') or pooled over contexts",
  },
];

/** The agent fields these flags set, from each flag's text (its default when not given). */
export type PolicyFields = Pick<AgentConfig, 'scope'>;

export function policyAgentFields(text: (flag: string) => string): PolicyFields {
  return {
    scope: parseChoice('skill-scope', text('skill-scope'), SKILL_SCOPES),
  };
}
