/**
 * A guarded world's one-word steps, handed to the Actor's word loop to guard in the loop itself. Through the
 * guard's own `stepWord` every attempt pays a second call, a try block and the checks of a wrapper the compiler
 * will not fold into the loop — a seventh of a short attempt's work. Watched, the loop calls the world's own
 * `stepWord`, counts its steps in the heartbeat (in runs) and checks the score and `solved` inline, and turns to the
 * guard only for what is wrong: the feedback that failed the check, or what the world threw.
 *
 * The world's guard (sim/agent/plugins/worldGuard.ts) offers this under `WATCHED`; built-in worlds do not, and their
 * loop is the same loop with nothing watched.
 */
import type { StepBeat } from './heartbeat.js';

/** The part of a step's feedback the word loop reads (sim/core/world/env.ts's Feedback has it). */
export interface WordFeedback {
  readonly score: number;
  readonly solved: boolean;
}

export interface WatchedWords {
  /** The world itself, not guarded: its own one-word step. */
  readonly world: { stepWord(word: number): WordFeedback };
  /** The highest score the world declared. */
  readonly maxScore: number;
  /** The thread's heartbeat, beaten between runs of steps (sim/core/guard/heartbeat.ts). */
  readonly steps: StepBeat;
  /**
   * Feedback that failed the loop's check: throws the PluginError naming the module, the hook and the task —
   * or, when it is fine after all (the loop's check is the stricter), returns it.
   */
  fault(feedback: unknown): WordFeedback;
  /** What the world's step threw, as the PluginError to throw. */
  threw(e: unknown): Error;
}

/** The key under which a guarded world gives its watched steps. */
export const WATCHED: unique symbol = Symbol('hexa.watchedWords');

interface Watchable {
  readonly [WATCHED]?: () => WatchedWords;
}

/** A world's watched one-word steps, or null: a world not guarded, or one without `stepWord`. */
export function watchedWords(world: object): WatchedWords | null {
  const watch = (world as Watchable)[WATCHED];
  return typeof watch === 'function' ? watch.call(world) : null;
}
