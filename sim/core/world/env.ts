/**
 * The environment contract, in the spirit of Gymnasium: a world is created once per replicate from a
 * world stream, `reset` starts a task, `step` submits one code and returns feedback.
 *
 * The action space is positions × values, so skills ("position p holds value v") are generic and not
 * tied to the lock. A code is an Int32Array with one value per position; `step` must not keep it.
 */
import type { Stream } from '../rng.js';

/** The shape of a code: how many positions, and how many values each can hold. */
export interface ActionSpace {
  /** Number of positions in a code. */
  readonly positions: number;
  /** Number of values each position can take (values are 0 … arity−1). */
  readonly arity: number;
}

/**
 * Why an attempt failed, for worlds that say (the tool loop's taxonomy, docs/worlds-and-policies.md). Worlds without a
 * taxonomy (the locks) leave `failure` unset: a wrong code is just a wrong code.
 */
export const FAILURE = { none: 0, toolError: 1, paramError: 2, ambiguousQuery: 3, toolUnavailable: 4 } as const;
/** One of the `FAILURE` codes. */
export type FailureKind = (typeof FAILURE)[keyof typeof FAILURE];

/** What one step returns. The object is owned and reused by the environment: read it, don't keep it. */
export interface Feedback {
  /** The score the agent sees (e.g. number of bits in the right place). */
  score: number;
  /** Whether the task is solved (the agent may not see this through a noisy score). */
  solved: boolean;
  /** Why the attempt failed, when the world has a failure taxonomy (absent or FAILURE.none otherwise). */
  failure?: FailureKind;
}

/** The world's own streams for a task: drift and outages ('drift'), feedback noise ('feedback'), the rest ('env'). */
export type WorldPurpose = 'env' | 'drift' | 'feedback';

/** Where a task sits in the run, and the streams the world may draw from for it. */
export interface TaskContext {
  /** 0-based round. */
  readonly round: number;
  /** 0-based task index within the round. */
  readonly task: number;
  /** 0-based task index over the whole run (round × tasks + task). */
  readonly taskIndex: number;
  /**
   * A world stream for this task, derived from its key; each purpose is independent, so the draws a world
   * takes for drift never shift its feedback noise. Calling it twice gives the same stream.
   */
  stream(purpose?: WorldPurpose): Stream;
}

/**
 * One world instance, made by `EnvSpec.create` for one replicate: the agent resets it per task and steps it per
 * attempt.
 */
export interface Env {
  /** The world's id, for messages (the host names a world by its EnvSpec's id; absent here is fine). */
  readonly id?: string;
  readonly space: ActionSpace;
  /** The score of a correct code. */
  readonly maxScore: number;
  /** Start a task. */
  reset(task: TaskContext): void;
  /** Submit a code. Throws if the task has ended (solved) and was not reset. */
  step(code: Int32Array): Feedback;
  /**
   * Submit a code of a world with 2 values per position as bit words (sim/core/bitCode.ts): the same
   * feedback, from the same draws, as `step` with that code. The Actor's fast path for binary worlds; it is
   * only called when `space.arity` is 2.
   */
  stepBits?(words: Int32Array): Feedback;
  /**
   * For a world with `stepBits` and at most 32 positions: submit the code as one bit word (position p is bit
   * p), the same feedback as `stepBits` with that word. Saves the Actor filling an array on every attempt;
   * without it, the Actor calls `stepBits`.
   */
  stepWord?(word: number): Feedback;
  /**
   * The hidden correct code right now, one value per position (an Int32Array or a plain array), for
   * analysis and tests (an agent never reads it).
   */
  truth(): ArrayLike<number>;
  /**
   * Number of task contexts — which API is called, which kind of task — that skills can be scoped to.
   * Absent: 1 (every task looks the same, as in the lock).
   */
  readonly contexts?: number;
  /** The current task's context, 0 … contexts − 1; read after `reset`. Absent: always 0. */
  context?(): number;
  /** The hidden correct code right now in a given context (absent: `truth()`, the same everywhere). */
  truthIn?(context: number): ArrayLike<number>;
  /** Whether failed steps say why (`Feedback.failure`): the tool loop counts them by kind. */
  readonly failureTaxonomy?: boolean;
  /** Feedback at or above this is a high-score sample. Absent: maxScore − 1 (the article's rule). */
  readonly goodScore?: number;
  /** A skill's claim in the world's own words (context −1: every context). */
  describeClaim?(context: number, position: number, value: number): string;
}

/** Number of contexts of a world (1 unless it says otherwise). */
export function contextsOf(env: Env): number {
  return env.contexts ?? 1;
}

/** A world parameter's value: a number or a word. */
export type ParamValue = number | string;
/** A world's parameters by name. */
export type EnvParams = Readonly<Record<string, ParamValue>>;

/** One documented environment parameter. */
export interface ParamSpec {
  readonly name: string;
  readonly kind: 'int' | 'rate' | 'number' | 'string';
  readonly describe: string;
  /** Shown by `hexa envs`; `undefined` means "derived" (explained in `describe`). */
  readonly default?: ParamValue;
  readonly min?: number;
  readonly max?: number;
}

/**
 * A registered, versioned environment: a built-in world, or one from outside (`defineEnv` in code, the
 * default export of a module given as `--env FILE`), held to the same contract and checked by `checkEnv`.
 */
export interface EnvSpec {
  readonly id: string;
  readonly summary: string;
  readonly params: readonly ParamSpec[];
  /** Exactly one code solves a task, so uniform guessing has the closed form of docs/model.md's exact anchors. */
  readonly exactRandomControl: boolean;
  /**
   * 'matches': the score is the number of positions where the code equals the truth (noise aside), so an
   * Actor can reason inside a task about which codes remain consistent (`--actor consistent|optimal`).
   */
  readonly feedback?: 'matches';
  /**
   * Optional: what the declarations in `params` cannot say. The host (`resolveEnvParams`, sim/core/world/params.ts)
   * first checks every given value against its declared kind and bounds and fills in the declared defaults,
   * then calls this with the result: check values against each other, derive a parameter without a
   * declared default from the others, and return the parameters complete. Throws `EnvParamError` naming the
   * parameter — or, in a world that imports nothing from hexa-sim, any Error with a string `param`
   * property. Must be deterministic: the result is part of a run's configuration. Absent: the declared
   * values and defaults are the parameters.
   */
  resolve?(params: EnvParams): EnvParams;
  /** Build the world for one replicate; `world` draws anything hidden (e.g. a random truth). */
  create(params: EnvParams, world: Stream): Env;
}

/**
 * A bad environment parameter; the CLI turns it into one line and exit code 2. A world written in plain
 * JavaScript (which imports nothing from hexa-sim) throws any Error with a string `param` property instead.
 */
export class EnvParamError extends Error {
  constructor(
    readonly param: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`${param}=${String(value)}: ${reason}`);
    this.name = 'EnvParamError';
  }
}

/** The parameter a `resolve` error names (an EnvParamError, or any Error with a string `param`), else null. */
export function paramErrorOf(e: unknown): { readonly param: string; readonly message: string } | null {
  if (!(e instanceof Error)) return null;
  const param = (e as Error & { param?: unknown }).param;
  return typeof param === 'string' ? { param, message: e.message } : null;
}

/** Thrown by `step` after the task has ended (a plain-JavaScript world may throw any Error). */
export class TaskEndedError extends Error {
  constructor(envId: string) {
    super(`${envId}: step() after the task ended; call reset() first`);
    this.name = 'TaskEndedError';
  }
}
