/**
 * A run's configuration: the world, the protocol (rounds × tasks, attempt cap), the seed and replicate
 * count, and the agent (sim/agent/agentConfig.ts).
 */
import type { EnvParams } from '../../envs/env.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../agent/agentConfig.js';

export interface RunConfig {
  readonly env: string;
  /** Resolved environment parameters (defaults filled in). */
  readonly envParams: EnvParams;
  readonly rounds: number;
  readonly tasks: number;
  /** Attempt cap per task; an unsolved task counts `cap` attempts. */
  readonly cap: number;
  readonly seed: number;
  readonly replicates: number;
  readonly agent: AgentConfig;
}

/** The published protocol: 5 rounds × 30 tasks, cap 20, on the 4-bit lock with truth 1011. */
export const PUBLISHED_RUN: RunConfig = {
  env: 'lock-v1',
  envParams: { bits: 4, truth: '1011' },
  rounds: 5,
  tasks: 30,
  cap: 20,
  seed: 1,
  replicates: 1,
  agent: PUBLISHED_AGENT,
};
