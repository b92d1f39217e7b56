/**
 * Drive a world outside the agent, through the runner's own task context (sim/core/world/task.ts): a seeded
 * trajectory of everything a world lets the caller observe. The checker compares trajectories.
 */
import type { Env, EnvParams, EnvSpec } from '../../sim/core/world/env.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';
import { SeededTask } from '../../sim/core/world/task.js';
import { ReplicateKey, type Stream } from '../../sim/core/rng.js';

/**
 * Create a world with resolved `params` from replicate 0 of `seed`, as a runner would, with the key its tasks
 * derive their streams from.
 */
export function makeEnv(spec: EnvSpec, params: EnvParams, seed: number): { env: Env; key: ReplicateKey } {
  const key = new ReplicateKey(seed, 0);
  return { env: spec.create(resolveEnvParams(spec, params), key.stream('world')), key };
}

/** A uniformly drawn code, written into `code`. */
export function drawCode(code: Int32Array, stream: Stream, arity: number): void {
  for (let p = 0; p < code.length; p++) code[p] = Math.floor(stream.quick() * arity);
}

/**
 * How codes are handed to `step`: one buffer reused (as the Actor does), reused and overwritten right
 * after each step, or a fresh copy per step. A world that keeps the array it was given tells the last
 * two apart.
 */
export type Submission = 'reuse' | 'scribble' | 'copy';

/**
 * Everything observable over `tasks` tasks of at most `cap` steps: per task the context and the truth, per
 * step the score, solved flag and failure kind. Codes come from a guess stream keyed on the task, with the
 * hidden truth submitted every fourth step so that tasks also end by solving.
 */
export function trajectory(
  spec: EnvSpec,
  params: EnvParams,
  seed: number,
  tasks = 40,
  cap = 12,
  submission: Submission = 'reuse',
): number[] {
  const { env, key } = makeEnv(spec, params, seed);
  const slot = new SeededTask(key);
  const { positions, arity } = env.space;
  const code = new Int32Array(positions);
  const out: number[] = [];
  for (let t = 0; t < tasks; t++) {
    env.reset(slot.at(t));
    out.push(-1, env.context?.() ?? 0, ...Array.from(env.truth()));
    const guess = key.stream('guess', slot.round, slot.task);
    for (let a = 0; a < cap; a++) {
      if (a % 4 === 3) code.set(env.truth());
      else drawCode(code, guess, arity);
      const fb = env.step(submission === 'copy' ? code.slice() : code);
      out.push(fb.score, fb.solved ? 1 : 0, fb.failure ?? 0);
      if (submission === 'scribble') for (let p = 0; p < positions; p++) code[p] = (code[p]! + 1) % arity;
      if (fb.solved) break;
    }
  }
  return out;
}
