/**
 * The exploration decision, made here for every attempt loop of the Actor (sim/agent/actor.ts): whether an
 * attempt ignores the constraint. The policy (policy.ts) sets each task's rate; this draws against it from the
 * task's explore stream — under `--explore-unit task` once, at the task's first attempt, the answer holding for
 * its other attempts; under 'attempt' at every attempt. Without a stream (nothing may explore) the answer is
 * no, and nothing is drawn. It is small and its arguments are the loops' locals, so the compiler inlines it
 * into each loop as if written there.
 */
import type { AleaStream } from '../../core/rng.js';

/**
 * Whether attempt `attempt` (1, 2, …) of a task explores, at `rate`, per task (`perTask`) or per attempt;
 * `held` is the answer for the task's previous attempt.
 */
export function explores(
  stream: AleaStream | null,
  rate: number,
  perTask: boolean,
  attempt: number,
  held: boolean,
): boolean {
  if (stream === null) return false;
  return perTask && attempt > 1 ? held : stream.quick() < rate;
}
