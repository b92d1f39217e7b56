/**
 * A run's configuration: the world, the protocol (rounds × tasks, attempt cap), the seed and replicate
 * count, and the agent (sim/agent/agentConfig.ts) — declared once here (the world and the protocol) and
 * beside the agent, then normalized once into a `Run`, the type every runner takes.
 */
import type { EnvParams } from '../core/world/env.js';
import { TASKS_PER_ROUND } from '../core/world/task.js';
import { AGENT_PARAMS, PUBLISHED_AGENT, type AgentConfig } from '../agent/agentConfig.js';
import type { ModuleRef } from '../agent/moduleStore.js';
import { normalizeAgent } from '../agent/modes.js';
import type { ParamTree, ParamValues } from '../core/params/declaration.js';
import { defaultsOf } from '../core/params/read.js';

export type { ModuleKind, ModuleRef } from '../agent/moduleStore.js';

/** The world: its id, and the two lock parameters that have flags of their own (others: `--param name=value`). */
export const WORLD_PARAMS = {
  env: {
    kind: 'world',
    flag: 'env',
    section: 'world',
    default: 'lock-v1',
    label: 'Environment',
    help:
      'environment id (see hexa envs), or an ES module file (.mjs/.js, FILE#id to choose) whose default export ' +
      'is an EnvSpec',
  },
  bits: {
    kind: 'integer',
    flag: 'bits',
    section: 'world',
    min: 1,
    default: null,
    toWorld: true,
    label: 'Lock length (bits)',
    help: 'lock length N (default: length of --truth, else 4)',
  },
  truth: {
    kind: 'text',
    flag: 'truth',
    section: 'world',
    pattern: '^([01]+|random)$',
    shape: 'a bit string such as "1011" or "random"',
    toWorld: true,
    label: 'Hidden code',
    help: "hidden code, e.g. 1011, or 'random' (default 1011 for 4 bits, else random per replicate)",
  },
} as const satisfies ParamTree;

export const PROTOCOL_PARAMS = {
  rounds: {
    kind: 'integer',
    flag: 'rounds',
    section: 'protocol',
    min: 1,
    max: 1_000_000,
    default: 5,
    label: 'Rounds per replicate',
    help: 'rounds per replicate',
  },
  tasks: {
    kind: 'integer',
    flag: 'tasks',
    section: 'protocol',
    min: 1,
    max: 1_000_000_000,
    default: TASKS_PER_ROUND,
    label: 'Tasks per round',
    help: 'tasks per round',
  },
  /** Attempt cap per task; an unsolved task counts `cap` attempts. */
  cap: {
    kind: 'integer',
    flag: 'cap',
    section: 'protocol',
    min: 1,
    max: 1_000_000_000,
    default: 20,
    label: 'Attempt cap per task',
    help: 'attempt cap per task (an unsolved task counts the cap)',
  },
  seed: {
    kind: 'integer',
    flag: 'seed',
    section: 'protocol',
    min: 0,
    max: 2 ** 53 - 1,
    default: 1,
    single: 'the seed is not swept',
    label: 'Seed',
    help: 'seed (non-negative integer)',
  },
  replicates: {
    kind: 'integer',
    flag: 'replicates',
    section: 'protocol',
    min: 1,
    max: 100_000_000,
    default: 1,
    column: null,
    single: 'replicates are their own axis',
    help: 'independent replicates (each its own random streams)',
  },
} as const satisfies ParamTree;

/** Every run parameter, in the configuration's key order. */
export const RUN_PARAMS = { ...WORLD_PARAMS, ...PROTOCOL_PARAMS, agent: AGENT_PARAMS } as const satisfies ParamTree;

/**
 * A run's configuration: the world, its parameters, the protocol and the agent (normalize it with `normalizeRun`
 * to run it).
 */
export interface RunConfig extends ParamValues<typeof PROTOCOL_PARAMS> {
  readonly env: string;
  /** Resolved environment parameters (defaults filled in). */
  readonly envParams: EnvParams;
  readonly agent: AgentConfig;
  /**
   * Plugin modules the run needs (absent when it uses none): worker threads load the same files, and
   * their hashes let a resume or a merge refuse code that has changed. Not part of a cell's id.
   */
  readonly modules?: readonly ModuleRef[];
}

/** A mark only `normalizeRun` gives (a spread copy loses it, so a changed configuration must be normalized again). */
// biome-ignore lint/correctness/noUnusedPrivateClassMembers: a type-only brand, never read
declare class Normalized {
  #normalized: true;
}

/** A configuration with everything it implies in force (its library mode's hidden choices): what runners take. */
export type Run = RunConfig & Normalized;

/** The configuration as it runs: the one place a library mode takes effect (see `normalizeAgent`). */
export function normalizeRun(config: RunConfig): Run {
  return { ...config, agent: normalizeAgent(config.agent) } as Run;
}

/** The published protocol: 5 rounds × 30 tasks, cap 20, on the 4-bit lock with truth 1011. */
export const PUBLISHED_RUN: Run = normalizeRun({
  env: WORLD_PARAMS.env.default,
  envParams: { bits: 4, truth: '1011' },
  ...defaultsOf(PROTOCOL_PARAMS),
  agent: PUBLISHED_AGENT,
});
