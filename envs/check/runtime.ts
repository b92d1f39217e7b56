/**
 * The environment contract held at run time, for worlds from outside (module files): the checker runs a world
 * for a few tasks before a run, and a world can still misbehave later — scores that turn NaN after some steps,
 * a step() that throws or never returns. Every call into such a world goes through a guard that
 *
 *   - rejects feedback outside the contract (a score that is not an integer in 0 … maxScore, `solved` that is
 *     not a boolean, a failure kind outside 0 … 4), so a faulty world ends the run instead of faking a result;
 *   - turns whatever the world throws into a PluginError naming the module, the hook and the task;
 *   - marks the thread's heartbeat while the world's code runs, so the pool watching the thread can stop a
 *     call that never returns (sim/core/parallel/heartbeat.ts).
 *
 * Built-in worlds are not guarded: they are this package's own code, tested, and their loops stay as fast as
 * they are. A guarded world keeps the shape of the one it wraps (the same optional methods, so the Actor
 * chooses the same loop) and gives the same feedback object.
 */
import { paramErrorOf, type Env, type EnvParams, type EnvSpec, type Feedback, type TaskContext } from '../env.js';
import { msg, PluginError } from '../../sim/core/messages.js';
import { HookGuard } from '../../sim/core/guard/hookGuard.js';
import type { Stream } from '../../sim/core/rng.js';

/** The largest FAILURE kind (envs/env.ts). */
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
  private readonly stepMark: number;
  private readonly resetMark: number;
  private readonly truthMark: number;
  /** The task the world is in, for messages (0-based). */
  private round = 0;
  private task = 0;

  constructor(
    protected readonly inner: Env,
    protected readonly guard: HookGuard,
  ) {
    if (inner.id !== undefined) this.id = inner.id;
    this.space = { positions: inner.space.positions, arity: inner.space.arity };
    this.maxScore = inner.maxScore;
    if (inner.contexts !== undefined) this.contexts = inner.contexts;
    if (inner.failureTaxonomy !== undefined) this.failureTaxonomy = inner.failureTaxonomy;
    if (inner.goodScore !== undefined) this.goodScore = inner.goodScore;
    this.cells = guard.beat.cells;
    this.stepMark = guard.mark('step()');
    this.resetMark = guard.mark('reset()');
    this.truthMark = guard.mark('truth()');
    if (typeof inner.context === 'function') {
      const mark = guard.mark('context()');
      this.context = () => this.checked(mark, () => inner.context!());
    }
    if (typeof inner.truthIn === 'function') {
      const mark = guard.mark('truthIn()');
      this.truthIn = (context: number) => this.checked(mark, () => inner.truthIn!(context));
    }
    if (typeof inner.describeClaim === 'function') {
      const mark = guard.mark('describeClaim()');
      this.describeClaim = (context: number, position: number, value: number) =>
        this.checked(mark, () => inner.describeClaim!(context, position, value));
    }
  }

  /**
   * Once a task, so written out as the steps are (a closure and a nested guard cost a short task much). On the
   * way out the heartbeat names the world's step, which the task's attempts call next.
   */
  reset(task: TaskContext): void {
    this.round = task.round;
    this.task = task.task;
    this.guard.enter(this.resetMark);
    try {
      this.inner.reset(task);
    } catch (e) {
      throw this.threw(this.resetMark, e);
    }
    this.guard.leave(this.stepMark);
  }

  /**
   * Count the step in the heartbeat, call, check: a score is an integer in 0 … maxScore exactly when
   * (score >>> 0) === score and score <= maxScore.
   */
  step(code: Int32Array): Feedback {
    this.cells[0]! += 2;
    let f: Feedback;
    try {
      f = this.inner.step(code);
    } catch (e) {
      throw this.threw(this.stepMark, e);
    }
    const score = f?.score;
    if (score >>> 0 === score && score <= this.maxScore && typeof f.solved === 'boolean') {
      const failure = f.failure;
      if (failure === undefined || (failure >>> 0 === failure && failure <= MAX_FAILURE)) return f;
    }
    return this.accept(this.stepMark, f);
  }

  truth(): ArrayLike<number> {
    return this.checked(this.truthMark, () => this.inner.truth());
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
    return [`round ${this.round + 1}`, `task ${this.task + 1}`];
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
  private readonly bitsMark = this.guard.mark('stepBits()');

  stepBits(words: Int32Array): Feedback {
    this.cells[0]! += 2;
    let f: Feedback;
    try {
      f = this.inner.stepBits!(words);
    } catch (e) {
      throw this.threw(this.bitsMark, e);
    }
    const score = f?.score;
    if (score >>> 0 === score && score <= this.maxScore && typeof f.solved === 'boolean') return f;
    return this.accept(this.bitsMark, f);
  }
}

/** … and one-word codes: `step`'s guard for `stepWord` too. */
class GuardedWordEnv extends GuardedBitsEnv {
  private readonly wordMark = this.guard.mark('stepWord()');

  stepWord(word: number): Feedback {
    this.cells[0]! += 2;
    let f: Feedback;
    try {
      f = this.inner.stepWord!(word);
    } catch (e) {
      throw this.threw(this.wordMark, e);
    }
    const score = f?.score;
    if (score >>> 0 === score && score <= this.maxScore && typeof f.solved === 'boolean') return f;
    return this.accept(this.wordMark, f);
  }
}

/** The guard for a world, with the fast methods the world has (the Actor picks its loop by them). */
function guarded(env: Env, guard: HookGuard): Env {
  if (typeof env.stepBits !== 'function') return new GuardedEnv(env, guard);
  return typeof env.stepWord === 'function' ? new GuardedWordEnv(env, guard) : new GuardedBitsEnv(env, guard);
}

/**
 * The spec of a world from outside, every call into it guarded: `resolve` (a parameter error stays the
 * user's bad input), `create` (the world it makes is checked for its shape, then guarded), and each call of
 * the world. `module` names it in messages (the module file, as shown to the user).
 */
export function guardSpec(spec: EnvSpec, module: string): EnvSpec {
  const guard = new HookGuard(module, `world '${spec.id}'`);
  const resolveMark = guard.mark('resolve()');
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
      // Each world its own guard, made here so that it takes the heartbeat of the thread that runs it.
      const own = new HookGuard(module, guard.owner);
      const createMark = own.mark('create()');
      const env = own.call(createMark, () => spec.create(params, world));
      const problem = shapeProblem(env);
      if (problem !== null) throw own.error(createMark, msg.plugin.badShape(problem));
      return guarded(env, own);
    },
  };
}
