/**
 * The Actor's attempt loops and what the choice among them rests on: the facts about an Actor fixed when it is
 * made (its world, guess policy, tools, hooks and cadence). The choice itself, which also asks the constraint of
 * each task, is `Actor.loopFor`.
 */
import type { Env } from '../core/world/env.js';
import type { ActionMask } from '../core/actionMask.js';
import type { AgentConfig } from './agentConfig.js';
import type { TaskHooks } from './taskHooks.js';
import type { ToolRegistry } from './tools/registry.js';
import { PublishedPolicy } from './actors/published.js';
import type { GuessPolicy } from './actors/policy.js';
import { SMALL_BITS } from './samples/sampleBatch.js';

/**
 * The Actor's attempt loops, and what each is for. 'values' runs everywhere; the others are the same loop
 * narrowed to the published feedback-blind guess in a binary world, for speed, and give exactly what
 * 'values' gives (test/sim/experiment/bitParallel.test.ts holds them to it).
 *
 *   'values'        one task, the code value by value: any world, any guess policy, a tool registry, values
 *                   banned by the constraint or disabled by the circuit breaker;
 *   'bitWords'      one task of a binary world wider than 32 positions, the code as bit words: one 32-bit
 *                   draw and one popcount per 32 positions;
 *   'word'          one task of a binary world of at most 32 positions: the code is one number, submitted as
 *                   it is (`stepWord`), and its samples are listed without a branch on the score;
 *   'roundOfWords'  'word' for all of a round's tasks back to back, planned once, when nothing changes between
 *                   them (passive hooks, the Evolver once a round, one context): samples listed, as exploration
 *                   kept apart needs, or as codes too wide to count by code;
 *   'roundByCode'   the same, a small world's samples counted by code (one increment an attempt);
 *   'taskByTask'    a round that cannot run as one batch: the runner plays its tasks one by one, its hooks
 *                   around each, and each task picks its own loop.
 */
export type AttemptLoop = 'values' | 'bitWords' | 'word' | 'roundOfWords' | 'roundByCode' | 'taskByTask';

/** What the choice of a loop depends on beyond the constraint: fixed for an Actor. */
export interface LoopFacts {
  /**
   * A guess may be drawn as bit words: a binary world with `stepBits`, the published feedback-blind policy,
   * no tool registry, nothing disabled (and bit words not switched off).
   */
  readonly bitWords: boolean;
  /** … and a code is one bit word (at most 32 positions). */
  readonly oneWord: boolean;
  /** … and at most SMALL_BITS positions. */
  readonly small: boolean;
  /** Nothing but the Actor changes anything between a round's tasks. */
  readonly tasksIndependent: boolean;
  /** Samples from exploration are kept from the Evolver. */
  readonly keepApart: boolean;
}

/** What of an Actor's parts (`ActorParts`) the facts read. */
export interface LoopParts {
  readonly env: Env;
  readonly agent: Pick<AgentConfig, 'cadence' | 'routing'>;
  readonly disabled?: ActionMask;
  readonly tools?: ToolRegistry;
  readonly bitParallel?: boolean;
  readonly hooks?: Pick<TaskHooks, 'passive'>;
}

/** The facts of an Actor made of these parts and guess policy. */
export function loopFacts(parts: LoopParts, policy: GuessPolicy): LoopFacts {
  const { env, agent, disabled, tools } = parts;
  const { positions, arity } = env.space;
  const bitWords =
    parts.bitParallel !== false &&
    arity === 2 &&
    env.stepBits !== undefined &&
    policy instanceof PublishedPolicy &&
    tools === undefined &&
    (disabled === undefined || disabled.total === 0);
  return {
    bitWords,
    oneWord: bitWords && positions <= 32,
    small: bitWords && positions <= SMALL_BITS,
    tasksIndependent: parts.hooks?.passive === true && agent.cadence === 'round' && env.context === undefined,
    keepApart: agent.routing === 'separate',
  };
}
