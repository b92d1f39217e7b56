/**
 * How the Actor picks each guess inside a task. The published Actor is blind to in-task feedback; the
 * consistent and optimal Actors remember the task's (code, feedback) pairs. Skills and in-task reasoning
 * combine: the constraint narrows the candidates; exploring attempts ignore the constraint but keep the
 * in-task memory. A constraint that feedback contradicts is dropped for the rest of the task.
 */
import type { Constraint } from '../constraint.js';
import type { Stream } from '../../core/rng.js';

export const ACTOR_KINDS = ['published', 'consistent', 'optimal'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** How the Actor guesses inside a task: feedback-blind as published, or using in-task feedback. */
export const ACTOR_PARAM = {
  kind: 'choice',
  flag: 'actor',
  section: 'agent',
  values: ACTOR_KINDS,
  default: 'published',
  late: true,
  help:
    'guesses inside a task: published (blind to feedback), consistent (uniform among codes consistent with it), ' +
    'optimal (exact, ≤ 8 bits)',
} as const;

export interface GuessPolicy {
  /** Whether the policy keeps in-task memory (false: `beginTask` and `observe` do nothing and are skipped). */
  readonly remembers: boolean;
  /** A task starts: forget the previous task; `constraint` is this task's (null without one). */
  beginTask(guess: Stream, constraint: Constraint | null): void;
  /** Write the next guess into `code`; `constraint` is null on exploring attempts. Must not allocate. */
  choose(code: Int32Array, guess: Stream, constraint: Constraint | null): void;
  /** The feedback the guess just written got. Must not allocate. */
  observe(code: Int32Array, score: number): void;
  /** Whether feedback contradicted this task's constraint, so the policy dropped it. */
  readonly abandonedConstraint: boolean;
}
