/**
 * The environment contract held at run time, for worlds from outside (module files): the checker runs a world
 * for a few tasks before a run, and a world can still misbehave later — scores that turn NaN after some steps,
 * a step() that throws or never returns. Every call into such a world goes through a guard that
 *
 *   - rejects feedback outside the contract (a score that is not an integer in 0 … maxScore, `solved` that is
 *     not a boolean, a failure kind outside 0 … 4), so a faulty world ends the run instead of faking a result;
 *   - turns whatever the world throws into a PluginError naming the module, the hook and the task;
 *   - marks the thread's heartbeat while the world's code runs, so the pool watching the thread can stop a
 *     call that never returns (sim/core/guard/heartbeat.ts): from the world's making on it names its reset
 *     or step, and each step moves the counter.
 *
 * Built-in worlds are not guarded: they are this package's own code, tested, and their loops stay as fast as
 * they are. A guarded world keeps the shape of the one it wraps (the same optional methods, so the Actor
 * chooses the same loop) and gives the same feedback object.
 */
import {
  paramErrorOf,
  type Env,
  type EnvParams,
  type EnvSpec,
  type Feedback,
  type TaskContext,
} from '../../core/world/env.js';
import { msg, PluginError } from '../../core/messages.js';
import { HookGuard } from './hookGuard.js';
import { threadHeartbeat } from '../../core/guard/heartbeat.js';
import { WATCHED, type WatchedWords } from '../../core/guard/watchedWords.js';
import type { Stream } from '../../core/rng.js';

/** The largest FAILURE kind (sim/core/world/env.ts). */
const MAX_FAILURE = 4;

/** What is wrong with a step's feedback (the slow path, once a check has failed), or null. */
function feedbackProblem(feedback: unknown, maxScore: number): string | null {
  if (typeof feedback !== 'object' || feedback === null) return msg.plugin.notFeedback(feedback);
  const { score, solved, failure } = feedback as Record<string, unknown>;
  if (typeof score !== 'number' || !Number.isInteger(score) || score < 0 || score > maxScore)
    return msg.plugin.badScore(score, maxScore);
  if (typeof solved !== 'boolean') return msg.plugin.badSolved(solved);
  if (
    failure !== undefined &&
    !(Number.isInteger(failure) && (failure as number) >= 0 && (failure as number) <= MAX_FAILURE)
  )
    return msg.plugin.badFailure(failure);
  return null;
}

const positiveInteger = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/** What is wrong with the shape of a world `create` made (checked once per replicate), or null. */
function shapeProblem(env: Env): string | null {
  if (typeof env !== 'object' || env === null) return 'is not an object';
  const space = env.space as Partial<Env['space']> | undefined;
  if (!positiveInteger(space?.positions) || !positiveInteger(space?.arity))
    return `has an action space of ${String(space?.positions)} × ${String(space?.arity)}, not positive integers`;
  if (!positiveInteger(env.maxScore)) return `has maxScore ${String(env.maxScore)}, not a positive integer`;
  if (typeof env.step !== 'function' || typeof env.reset !== 'function' || typeof env.truth !== 'function')
    return 'lacks step, reset or truth';
  return null;
}

/**
 * The numbers of a world's hooks in one thread's heartbeat, with the guard that names them: made once per
 * thread (not per world), since naming a hook builds its name and looks it up, which a replicate's world
 * would otherwise pay for every time it is made.
 */
class WorldHooks {
  readonly create: number;
  readonly reset: number;
  readonly step: number;
  readonly stepBits: number;
  readonly stepWord: number;
  readonly truth: number;
  readonly context: number;
  readonly truthIn: number;
  readonly describeClaim: number;
  /** What the heartbeat names from a world's making on: a reset or a step is what runs while a task does. */
  readonly inUse: number;

  constructor(readonly guard: HookGuard) {
    this.create = guard.mark('create()');
    this.reset = guard.mark('reset()');
    this.step = guard.mark('step()');
    this.stepBits = guard.mark('stepBits()');
    this.stepWord = guard.mark('stepWord()');
    this.truth = guard.mark('truth()');
    this.context = guard.mark('context()');
    this.truthIn = guard.mark('truthIn()');
    this.describeClaim = guard.mark('describeClaim()');
    this.inUse = guard.mark('reset() or step()');
  }
}

/**
 * One world of a module, its calls guarded. The fast methods are methods of the class (not closures made per
 * world), so that a call site sees one function however many replicates make worlds, and the compiler can
 * inline it; subclasses add `stepBits` and `stepWord` where the world has them.
 */
class GuardedEnv implements Env {
  readonly id?: string;
  readonly space: Env['space'];
  readonly maxScore: number;
  readonly contexts?: number;
  readonly failureTaxonomy?: boolean;
  readonly goodScore?: number;
  context?(): number;
  truthIn?(context: number): ArrayLike<number>;
  describeClaim?(context: number, position: number, value: number): string;
  /** The heartbeat's slots: [0] the counter, [1] the hook running (sim/core/guard/heartbeat.ts). */
  protected readonly cells: Int32Array;
  protected readonly guard: HookGuard;
  /** The task the world is in, for messages: the runner's own context, read only when a message is made. */
  private at: TaskContext | null = null;

  constructor(
    protected readonly inner: Env,
    protected readonly hooks: WorldHooks,
  ) {
    if (inner.id !== undefined) this.id = inner.id;
    this.space = { positions: inner.space.positions, arity: inner.space.arity };
    this.maxScore = inner.maxScore;
    if (inner.contexts !== undefined) this.contexts = inner.contexts;
    if (inner.failureTaxonomy !== undefined) this.failureTaxonomy = inner.failureTaxonomy;
    if (inner.goodScore !== undefined) this.goodScore = inner.goodScore;
    this.guard = hooks.guard;
    this.cells = hooks.guard.beat.cells;
    if (typeof inner.context === 'function') this.context = () => this.checked(hooks.context, () => inner.context!());
    if (typeof inner.truthIn === 'function')
      this.truthIn = (context: number) => this.checked(hooks.truthIn, () => inner.truthIn!(context));
    if (typeof inner.describeClaim === 'function')
      this.describeClaim = (context: number, position: number, value: number) =>
        this.checked(hooks.describeClaim, () => inner.describeClaim!(context, position, value));
  }

  /**
   * Once a task, so written out as the steps are (a closure and a nested guard cost a short task much). The
   * heartbeat names 'reset() or step()' from the world's making on, and the steps move its counter: a reset
   * that never returns stops it as a step would. The runner hands every task the same context object, so it
   * is stored only when it changes (a store of an object costs more than the comparison).
   */
  reset(task: TaskContext): void {
    if (this.at !== task) this.at = task;
    try {
      this.inner.reset(task);
    } catch (e) {
      throw this.threw(this.hooks.reset, e);
    }
  }

  /**
   * Count the step in the heartbeat, call, check: a score is an integer in 0 … maxScore exactly when
   * (score >>> 0) === score and score <= maxScore (NaN, negatives and fractions fail the first). `solved` is
   * compared with false first, the answer of almost every step: `typeof` costs both comparisons every time.
   */
  step(code: Int32Array): Feedback {
    this.cells[0]! += 2;
    let f: Feedback;
    try {
      f = this.inner.step(code);
    } catch (e) {
      throw this.threw(this.hooks.step, e);
    }
    const score = f?.score;
    if (score >>> 0 === score && score <= this.maxScore) {
      const solved = f.solved;
      const failure = f.failure;
      if (
        (solved === false || solved === true) &&
        (failure === undefined || (failure >>> 0 === failure && failure <= MAX_FAILURE))
      )
        return f;
    }
    return this.accept(this.hooks.step, f);
  }

  truth(): ArrayLike<number> {
    return this.checked(this.hooks.truth, () => this.inner.truth());
  }

  /** Feedback that failed the fast check: a fault, named. */
  protected accept(mark: number, f: Feedback): Feedback {
    const problem = feedbackProblem(f, this.maxScore);
    if (problem === null) return f;
    throw this.guard.error(mark, problem, this.where());
  }

  /** What the world threw (the job fails with it; the heartbeat is left to the next call's count). */
  protected threw(mark: number, e: unknown): PluginError {
    return this.guard.threw(mark, e, this.where());
  }

  private where(): string[] {
    const at = this.at;
    return [`round ${(at?.round ?? 0) + 1}`, `task ${(at?.task ?? 0) + 1}`];
  }

  /** A call outside the attempt loop, guarded the same way, naming the task. */
  private checked<T>(mark: number, run: () => T): T {
    try {
      return this.guard.call(mark, run);
    } catch (e) {
      throw e instanceof PluginError && e.where.length === 0 ? e.within(this.where().join(', ')) : e;
    }
  }
}

/**
 * A guarded binary world that takes bit words: `step`'s guard for `stepBits`. The bit-word loops never read a
 * failure kind (they run without a tool registry), so none is checked.
 */
class GuardedBitsEnv extends GuardedEnv {
  stepBits(words: Int32Array): Feedback {
    this.cells[0]! += 2;
    let f: Feedback;
    try {
      f = this.inner.stepBits!(words);
    } catch (e) {
      throw this.threw(this.hooks.stepBits, e);
    }
    return this.wordFeedback(this.hooks.stepBits, f);
  }

  /** The fast check of a bit-word step's feedback: a whole score in range and a boolean solved. */
  protected wordFeedback(mark: number, f: Feedback): Feedback {
    const score = f?.score;
    if (score >>> 0 === score && score <= this.maxScore) {
      const solved = f.solved;
      if (solved === false || solved === true) return f;
    }
    return this.accept(mark, f);
  }
}

/**
 * … and one-word codes: `step`'s guard for `stepWord` too, and the same guard for the Actor's word loop to hold
 * inline (sim/core/guard/watchedWords.ts), which calls the world's own `stepWord`.
 */
class GuardedWordEnv extends GuardedBitsEnv {
  [WATCHED](): WatchedWords {
    return {
      world: this.inner as Env & { stepWord(word: number): Feedback },
      maxScore: this.maxScore,
      steps: this.guard.beat.steps,
      fault: (feedback: unknown) => this.accept(this.hooks.stepWord, feedback as Feedback),
      threw: (e: unknown) => this.threw(this.hooks.stepWord, e),
    };
  }

  stepWord(word: number): Feedback {
    this.cells[0]! += 2;
    let f: Feedback;
    try {
      f = this.inner.stepWord!(word);
    } catch (e) {
      throw this.threw(this.hooks.stepWord, e);
    }
    return this.wordFeedback(this.hooks.stepWord, f);
  }
}

/** The guard for a world, with the fast methods the world has (the Actor picks its loop by them). */
function guarded(env: Env, hooks: WorldHooks): Env {
  if (typeof env.stepBits !== 'function') return new GuardedEnv(env, hooks);
  return typeof env.stepWord === 'function' ? new GuardedWordEnv(env, hooks) : new GuardedBitsEnv(env, hooks);
}

/**
 * The spec of a world from outside, every call into it guarded: `resolve` (a parameter error stays the
 * user's bad input), `create` (the world it makes is checked for its shape, then guarded), and each call of
 * the world. `module` names it in messages (the module file, as shown to the user).
 */
export function guardSpec(spec: EnvSpec, module: string): EnvSpec {
  const guard = new HookGuard(module, `world '${spec.id}'`);
  const resolveMark = guard.mark('resolve()');
  // The hooks of the worlds made on the thread whose heartbeat is current (a worker takes its pool's).
  let hooks: WorldHooks | null = null;
  return {
    id: spec.id,
    summary: spec.summary,
    params: spec.params,
    exactRandomControl: spec.exactRandomControl,
    ...(spec.feedback !== undefined ? { feedback: spec.feedback } : {}),
    ...(spec.resolve !== undefined
      ? {
          resolve: (params: EnvParams): EnvParams =>
            guard.call(
              resolveMark,
              () => spec.resolve!(params),
              (e) => paramErrorOf(e) !== null,
            ),
        }
      : {}),
    create: (params: EnvParams, world: Stream): Env => {
      if (hooks === null || hooks.guard.beat !== threadHeartbeat())
        hooks = new WorldHooks(new HookGuard(module, guard.owner));
      const own = hooks.guard;
      const env = own.call(hooks.create, () => spec.create(params, world));
      const problem = shapeProblem(env);
      if (problem !== null) throw own.error(hooks.create, msg.plugin.badShape(problem));
      own.beat.cells[1] = hooks.inUse;
      return guarded(env, hooks);
    },
  };
}
