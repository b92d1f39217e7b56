/**
 * The Actor does one task as an explicit Plan → Act → Observe → Reflect loop, capped at `cap` attempts.
 *
 *   Plan     ask the Retriever for a constraint (once per task);
 *   Act      choose a code with the Actor's guess policy (sim/agent/actors/): as published, uniformly with
 *            replacement among codes satisfying the constraint — or among all codes when exploring, when
 *            there is no constraint, or when it leaves nothing (fall-back); the consistent and optimal
 *            policies also use the task's feedback so far;
 *   Observe  submit it and read the feedback;
 *   Reflect  a high-score sample joins the task's sample batch (samples/sampleBatch.ts), marked when it came
 *            from exploration kept apart; the batch goes to the library (skill tests) and the Evolver when
 *            the task ends or the batch is full; the guess policy records the feedback.
 *
 * A round that nothing changes between its tasks can run as one batch (`runBatch`): planned once, its
 * samples handed over once the batch fills or the round ends.
 *
 * Which attempt loop runs is decided in one place, `loopFor` (attemptLoop.ts lists the loops and the facts it reads).
 * The loops allocate nothing and never enumerate the code space (see each policy). In a binary world the
 * published Actor guesses and scores whole 32-position words at a time (bit words, sim/core/bitCode.ts): a
 * constrained guess is (draw & ~fixed) | values, from the same 32-bit draws as the per-position path, so
 * every loop gives the same guesses, feedback and records.
 *
 * Indexes: the guess and constraint words hold exactly the words of the world's positions (sized at first
 * use from `env.space`), and the loops run over those words, so reads are written `a[i]!`: the loop bound
 * is the proof, and the attempt loop carries no check and allocates nothing.
 */
import type { Env, Feedback } from '../core/world/env.js';
import type { ActionMask } from '../core/actionMask.js';
import type { GuessPolicy } from './actors/policy.js';
import { PublishedPolicy } from './actors/published.js';
import { loopFacts, type AttemptLoop, type LoopFacts } from './attemptLoop.js';
import type { AgentConfig } from './agentConfig.js';
import type { Constraint } from './constraint.js';
import type { Evolver } from './evolver.js';
import type { Library } from './library.js';
import type { RoundTally } from '../core/metrics.js';
import type { Retriever } from './retriever.js';
import type { TaskHooks } from './taskHooks.js';
import type { ToolRegistry } from './tools/registry.js';
import type { AleaStream } from '../core/rng.js';
import { bitWords, lastWordMask } from '../core/bitCode.js';
import { SampleBatch } from './samples/sampleBatch.js';
import { watchedWords, type WatchedWords, type WordFeedback } from '../core/guard/watchedWords.js';
import { explores } from './exploration/decision.js';

/**
 * High-score samples a listed batch holds before it is handed over: small enough that a batch of one-word
 * codes stays on the JavaScript heap (a larger typed array is allocated outside it, which costs more); a
 * longer task hands over several times.
 */
const SAMPLE_BUFFER = 16;

/** Takes a code of at most 32 positions as one bit word (`Env.stepWord`). */
interface WordWorld {
  stepWord(word: number): WordFeedback;
}

/** A world without `stepWord`, given each word through `stepBits` and a one-word array. */
class StepBitsByWord implements WordWorld {
  private readonly words = new Int32Array(1);
  constructor(private readonly env: Env) {}
  stepWord(word: number): Feedback {
    this.words[0] = word;
    return this.env.stepBits!(this.words);
  }
}

const takesWords = (env: Env): env is Env & WordWorld => typeof env.stepWord === 'function';

/** Where the Actor's pieces come from; `library`, `retriever`, `evolver` are absent in the random control. */
export interface ActorParts {
  readonly env: Env;
  readonly agent: AgentConfig;
  readonly cap: number;
  /** Feedback at or above this is a high-score sample. */
  readonly goodScore: number;
  readonly library?: Library;
  readonly retriever?: Retriever;
  readonly evolver?: Evolver;
  /** Values that may not be chosen at all, even when exploring (tools the circuit breaker disabled). */
  readonly disabled?: ActionMask;
  /** The tool registry: failure taxonomy and circuit breaker (worlds with a taxonomy, or a breaker on). */
  readonly tools?: ToolRegistry;
  /** How guesses are chosen inside a task (default: the published, feedback-blind policy). */
  readonly policy?: GuessPolicy;
  /** false: never take the bit-word path (tests check it gives what the per-position path gives). */
  readonly bitParallel?: boolean;
  /** What the runner does around each task; a round's tasks run as one batch only when these are passive. */
  readonly hooks?: Pick<TaskHooks, 'passive'>;
}

/** One task's random streams: guesses, and exploration decisions (null when the rate is 0). */
export interface TaskStreams {
  readonly guess: AleaStream;
  readonly explore: AleaStream | null;
  /** This task's exploration rate, set by the exploration policy (absent: the agent's `explore`). */
  exploreRate?: number;
}

/**
 * The Actor: works through one task attempt by attempt — the Retriever's constraint fixed, the other positions
 * guessed or explored — and hands its high-score samples to the Library and the Evolver in batches.
 */
export class Actor {
  private readonly code: Int32Array;
  private readonly policy: GuessPolicy;
  private readonly facts: LoopFacts;
  /** The positions held by the last bit word (bits beyond them are kept 0). */
  private readonly lastWord: number;
  /** Where one-word codes are submitted ('word' loops); else null. */
  private readonly wordWorld: WordWorld | null;
  /** A guarded world's one-word steps, which the 'word' loops guard themselves (a module's world); else null. */
  private readonly watch: WatchedWords | null;
  /** The guess as bit words ('bitWords'), made at first use. */
  private guessBits: Int32Array | null = null;
  /** Each loop's sample batch, made at first use, reused for every task after. */
  private valueSamples: SampleBatch | null = null;
  private bitSamples: SampleBatch | null = null;
  private wordSamples: SampleBatch | null = null;
  private codeCounts: SampleBatch | null = null;

  constructor(private readonly parts: ActorParts) {
    const { env, disabled } = parts;
    this.code = new Int32Array(env.space.positions);
    this.policy = parts.policy ?? new PublishedPolicy(env.space.arity, disabled ?? null);
    this.facts = loopFacts(parts, this.policy);
    this.lastWord = lastWordMask(env.space.positions);
    const watch = this.facts.oneWord ? watchedWords(env) : null;
    this.watch = watch;
    if (!this.facts.oneWord) this.wordWorld = null;
    else this.wordWorld = watch?.world ?? (takesWords(env) ? env : new StepBitsByWord(env));
  }

  /**
   * Whether `runBatch` may ever run a round here (the part of `loopFor`'s choice fixed for the Actor): a runner
   * asks before it readies a round for a batch.
   */
  get batchesRounds(): boolean {
    return this.facts.tasksIndependent && this.facts.oneWord;
  }

  /**
   * The one place the Actor picks how it runs attempts: for the task about to start in `context`, or
   * (`round`) for all of a round's tasks at once. A constraint that bans values needs the 'values' loop.
   */
  private loopFor(round: boolean, context: number): AttemptLoop {
    const f = this.facts;
    if (round) {
      if (!this.batchesRounds || this.bans(0)) return 'taskByTask';
      return f.small && !f.keepApart ? 'roundByCode' : 'roundOfWords';
    }
    if (!f.bitWords || this.bans(context)) return 'values';
    return f.oneWord ? 'word' : 'bitWords';
  }

  /** Whether the constraint the Retriever hands over in `context` bans values. */
  private bans(context: number): boolean {
    const { library, retriever } = this.parts;
    return library !== undefined && retriever !== undefined && retriever.retrieve(library, context).activeBans !== null;
  }

  /** Run one task; returns the attempts it counts (the cap if unsolved). */
  runTask(streams: TaskStreams, tally: RoundTally): number {
    const context = this.parts.env.context?.() ?? 0;
    const loop = this.loopFor(false, context);
    // Plan
    const constraint = this.plan(tally, context);
    if (loop === 'word')
      return this.runWords(this.wordWorld!, streams, tally, constraint, context, 1, null, this.listed());
    if (loop === 'bitWords') return this.runBitWords(streams, tally, constraint, context);
    return this.runValues(streams, tally, constraint, context);
  }

  /**
   * Run the next `tasks` tasks, which nothing changes between (a round of a world with one context, under
   * passive task hooks, evolving once a round), as one batch: planned once (counted for each), `begin(t)`
   * readying task t's world and streams, their samples handed over together when the batch ends (the
   * library and the Evolver only sum them, and nothing reads them within a batch) — the same records and
   * counts as `runTask` for each. Returns false, having run and counted nothing, when `loopFor` says they
   * cannot run as a batch.
   */
  runBatch(streams: TaskStreams, tally: RoundTally, tasks: number, begin: (task: number) => void): boolean {
    const loop = this.loopFor(true, 0);
    if (loop === 'taskByTask') return false;
    const constraint = this.plan(tally, 0, tasks);
    const samples = loop === 'roundByCode' ? (this.codeCounts ??= SampleBatch.byCode(this.code.length)) : this.listed();
    this.runWords(this.wordWorld!, streams, tally, constraint, 0, tasks, begin, samples);
    return true;
  }

  /** The batch of one-word samples, listed. */
  private listed(): SampleBatch {
    return (this.wordSamples ??= SampleBatch.bits(this.code.length, SAMPLE_BUFFER, this.facts.keepApart));
  }

  /** The 'values' loop: one task of any world, under any guess policy. */
  private runValues(streams: TaskStreams, tally: RoundTally, constraint: Constraint | null, context: number): number {
    const { env, agent, cap, goodScore, tools } = this.parts;
    const policy = this.policy;
    const remembers = policy.remembers;
    const code = this.code;
    const positions = code.length;
    const batch = (this.valueSamples ??= SampleBatch.values(positions, SAMPLE_BUFFER, this.facts.keepApart));

    if (remembers) policy.beginTask(streams.guess, constraint);
    const explore = streams.explore;
    const rate = streams.exploreRate ?? agent.explore;
    const perTask = agent.exploreUnit === 'task';

    let handedOver = 0;
    let used = cap;
    let exploring = false;
    for (let attempt = 1; attempt <= cap; attempt++) {
      // Act
      exploring = explores(explore, rate, perTask, attempt, exploring);
      if (exploring) tally.explorations++;
      policy.choose(code, streams.guess, exploring ? null : constraint);

      // Observe
      const feedback = env.step(code);
      if (tools !== undefined) tools.record(code, feedback, tally);

      // Reflect
      if (feedback.score >= goodScore && batch.push(code, !exploring)) {
        this.handOver(batch, batch.count, attempt - handedOver, context, tally);
        handedOver = attempt;
      }
      if (feedback.solved) {
        used = attempt;
        tally.solved++;
        break;
      }
      if (remembers) policy.observe(code, feedback.score);
    }
    this.handOver(batch, batch.count, used - handedOver, context, tally);
    tally.attempts += used;
    if (remembers && policy.abandonedConstraint) tally.fallbacks++;
    return used;
  }

  /**
   * The 'bitWords' loop: `runValues` for the published policy in a binary world, a guess as bit words — the
   * same draws (one 32-bit draw per 32 positions), feedback and records.
   */
  private runBitWords(streams: TaskStreams, tally: RoundTally, constraint: Constraint | null, context: number): number {
    const { env, agent, cap, goodScore } = this.parts;
    const { guess, explore } = streams;
    const guessBits = (this.guessBits ??= new Int32Array(bitWords(this.code.length)));
    const batch = (this.bitSamples ??= SampleBatch.bits(this.code.length, SAMPLE_BUFFER, this.facts.keepApart));
    const words = guessBits.length;
    const last = this.lastWord;
    const fixed = constraint === null ? null : constraint.fixedBits;
    const values = constraint === null ? null : constraint.valueBits;
    const rate = streams.exploreRate ?? agent.explore;
    const perTask = agent.exploreUnit === 'task';

    let handedOver = 0;
    let used = cap;
    let exploring = false;
    for (let attempt = 1; attempt <= cap; attempt++) {
      exploring = explores(explore, rate, perTask, attempt, exploring);
      if (exploring) tally.explorations++;
      const free = exploring || fixed === null;
      for (let i = 0; i < words; i++) {
        const draw = guess.int32();
        guessBits[i] = free ? draw : (draw & ~fixed[i]!) | values![i]!;
      }
      guessBits[words - 1]! &= last;

      const feedback = env.stepBits!(guessBits);
      if (feedback.score >= goodScore && batch.push(guessBits, !exploring)) {
        this.handOver(batch, batch.count, attempt - handedOver, context, tally);
        handedOver = attempt;
      }
      if (feedback.solved) {
        used = attempt;
        tally.solved++;
        break;
      }
    }
    this.handOver(batch, batch.count, used - handedOver, context, tally);
    tally.attempts += used;
    return used;
  }

  /**
   * The 'word', 'roundOfWords' and 'roundByCode' loops: `runBitWords` for codes of at most 32 positions, one
   * word each — for one task, or for a round's `tasks` tasks one after another (`begin(t)` readies task t's
   * world and streams first). The attempt loop only draws, scores and keeps a high-score sample's word in
   * `samples` (listed, or counted by code); they go to the library and the Evolver when the last task ends
   * or the batch fills, in one call each: the same records, since they are sums. Returns the last task's
   * attempts.
   */
  private runWords(
    world: WordWorld,
    streams: TaskStreams,
    tally: RoundTally,
    constraint: Constraint | null,
    context: number,
    tasks: number,
    begin: ((task: number) => void) | null,
    samples: SampleBatch,
  ): number {
    const { agent, cap, goodScore } = this.parts;
    const { guess, explore } = streams;
    const { codes, routed } = samples;
    // The counts by code (null for a list), and when a list is full (never, counted by code): locals derived
    // from the array, which the compiler types exactly, not the batch's fields — comparing the count against a
    // field each attempt made the loop slower. A typed array's length is a double to the compiler: `| 0` makes
    // `full` an integer, so comparing the count against it converts nothing.
    const counts = samples.layout === 'byCode' ? codes : null;
    const full = counts !== null ? -1 : codes.length | 0;
    const last = this.lastWord;
    // A free position takes the draw's bit: (draw & keep) | values, nothing kept fixed without a constraint.
    const keep = constraint === null ? -1 : ~constraint.fixedBits[0]!;
    const values = constraint === null ? 0 : constraint.valueBits[0]!;
    const rate = streams.exploreRate ?? agent.explore;
    const perTask = agent.exploreUnit === 'task';
    const watch = this.watch;
    const steps = watch === null ? null : watch.steps;
    // Every world's score is checked against a bound (an unsigned 32-bit one, compared as such): a watched
    // world's own maximum, else one no built-in score reaches — one comparison in place of testing `watch`,
    // so the loop holds neither `watch` nor a branch on it (the cold paths read this.watch).
    const maxScore = watch === null ? 0x7fffffff : watch.maxScore >>> 0;
    // A guarded world's steps run in runs that span tasks, the heartbeat beaten between them: `left` steps
    // before the next beat, carried from task to task and call to call (unguarded: one run a task, never spent).
    let left = steps === null ? cap : steps.left;

    // Samples and attempts not handed over yet, carried from task to task within a batch.
    let highs = 0;
    let held = 0;
    let used = 0;
    for (let task = 0; task < tasks; task++) {
      if (begin !== null) begin(task);
      let exploring = false;
      let handedOver = -held;
      let solved = false;
      used = cap;
      let attempt = 1;
      let from = 1;
      runs: for (;;) {
        const end = Math.min(attempt - 1 + left, cap);
        for (; attempt <= end; attempt++) {
          // Without an exploration stream no attempt explores: tested here, so such a loop never calls `explores`.
          exploring = explore !== null && explores(explore, rate, perTask, attempt, exploring);
          if (exploring) tally.explorations++;
          const draw = guess.int32();
          const code = (exploring ? draw : (draw & keep) | values) & last;

          // A module's world is guarded here (sim/core/guard/watchedWords.ts), at one call site for every world: a
          // second site for the watched world cost its attempts more than the checks. An int32 score is in
          // 0 … maxScore exactly when (score >>> 0) <= maxScore; NaN, fractions and scores past 2³¹ fail
          // (score | 0) === score (a compiler that knows the score is a small integer drops that test). What
          // fails goes to the guard, whose full check has the last word (so a maximum past 2³², wrapped here, is safe).
          let feedback: WordFeedback;
          try {
            feedback = world.stepWord(code);
          } catch (e) {
            throw this.watch === null ? e : this.watch.threw(e);
          }
          const score = feedback?.score;
          if (score >>> 0 > maxScore || (score | 0) !== score)
            feedback = this.watch === null ? feedback : this.watch.fault(feedback);
          // Stored always, kept by advancing the count only for a high-score sample: no branch on the score,
          // which is a coin toss the processor cannot predict (branching on it doubled the cost of an attempt).
          const high = +(feedback.score >= goodScore);
          if (counts !== null) counts[code]! += high;
          else {
            codes[highs] = code;
            if (routed !== null) routed[highs] = exploring ? 0 : 1;
          }
          highs += high;
          if (highs === full) {
            this.handOver(samples, highs, attempt - handedOver, context, tally);
            handedOver = attempt;
            highs = 0;
          }
          // `solved` must be a boolean: anything but false ends the task here, and the guard's check
          // throws for what is not true.
          const ended = feedback.solved;
          if (ended !== false) {
            if (ended !== true && this.watch !== null) this.watch.fault(feedback);
            used = attempt;
            solved = true;
            break runs;
          }
        }
        if (attempt > cap) break;
        left = steps!.beat();
        from = attempt;
      }
      if (steps !== null) left -= used - from + 1;
      held = used - handedOver;
      tally.attempts += used;
      if (solved) tally.solved++;
    }
    this.handOver(samples, highs, held, context, tally);
    if (steps !== null) steps.left = left;
    return used;
  }

  /**
   * Reflect, for `attempts` attempts at once: the `count` high-score samples in `samples` go to the library
   * and the Evolver, in one call each.
   */
  private handOver(samples: SampleBatch, count: number, attempts: number, context: number, tally: RoundTally): void {
    const { library, evolver } = this.parts;
    samples.count = count;
    samples.attempts = attempts;
    samples.context = context;
    samples.explored = tally.explorations - tally.explorationsHanded;
    tally.explorationsHanded = tally.explorations;
    tally.goodSamples += count;
    library?.record(samples);
    evolver?.observe(samples);
    samples.clear();
  }

  /**
   * The constraint to follow this task (or each of the next `tasks`, counted as many times), or null (no
   * library, empty, or unsatisfiable → fall-back).
   */
  private plan(tally: RoundTally, context: number, tasks = 1): Constraint | null {
    const { library, retriever, env } = this.parts;
    if (library === undefined || retriever === undefined) return null;
    if (library.size > 0) tally.tasksWithSkills += tasks;
    const constraint = retriever.retrieve(library, context);
    tally.clashes += tasks * retriever.clashes;
    const observer = library.retrievals;
    if (observer !== null)
      for (let i = 0; i < retriever.pickedCount; i++) observer.retrieved(retriever.pickedAt(i), tasks);
    if (constraint.empty) return null;
    if (!constraint.satisfiable(env.space.arity)) {
      tally.fallbacks += tasks;
      return null;
    }
    return constraint;
  }
}
