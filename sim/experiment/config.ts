/**
 * A run's configuration: the world, the protocol (rounds × tasks, attempt cap), the seed and replicate
 * count, and the agent (sim/agent/agentConfig.ts).
 */
import type { EnvParams } from '../../envs/env.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../agent/agentConfig.js';
import type { PolicyKind } from '../agent/plugins/contracts.js';

/** What a plugin module provides: a world (`--env FILE`) or one of the agent's policies. */
export type ModuleKind = 'env' | PolicyKind;

/** A plugin module a run used: the file (absolute path) and the SHA-256 of its bytes, so a result says which code made it. */
export interface ModuleRef {
  readonly kind: ModuleKind;
  readonly path: string;
  readonly sha256: string;
}

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
  /**
   * Plugin modules the run needs (absent when it uses none): worker threads load the same files, and
   * their hashes let a resume or a merge refuse code that has changed. Not part of a cell's id.
   */
  readonly modules?: readonly ModuleRef[];
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
