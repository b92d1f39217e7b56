/**
 * The Actor does one task as an explicit Plan → Act → Observe → Reflect loop, capped at `cap` attempts.
 *
 *   Plan     ask the Retriever for a constraint (once per task);
 *   Act      choose a code with the Actor's guess policy (sim/agent/actors/): as published, uniformly with
 *            replacement among codes satisfying the constraint — or among all codes when exploring, when
 *            there is no constraint, or when it leaves nothing (fall-back); the consistent and optimal
 *            policies also use the task's feedback so far;
 *   Observe  submit it and read the feedback;
 *   Reflect  the library counts the attempt for its skill tests (see Library); a high-score sample,
 *            unless it came from exploration kept apart, goes to the Evolver; the guess policy records
 *            the feedback.
 *
 * A round that nothing changes between its tasks can run as one batch (`runBatch`): planned once,
 * its samples handed over once the buffer fills or the batch ends.
 *
 * The hot path allocates nothing and never enumerates the code space (see each policy). In a binary world
 * the published Actor guesses and scores whole 32-position words at a time (bit words, sim/core/bitCode.ts):
 * a constrained guess is (draw & ~fixed) | values, from the same 32-bit draws as the per-position path, so
 * both give the same guesses, feedback and records.
 */
import type { Env, Feedback } from '../../envs/env.js';
import type { ActionMask } from '../core/actionMask.js';
import type { GuessPolicy } from './actors/policy.js';
import { PublishedPolicy } from './actors/published.js';
import type { AgentConfig } from './agentConfig.js';
import type { Constraint } from './constraint.js';
import type { Evolver } from './evolver.js';
import type { Library } from './library.js';
import type { RoundTally } from '../core/metrics.js';
import type { Retriever } from './retriever.js';
import type { ToolRegistry } from './tools/registry.js';
import type { AleaStream } from '../core/rng.js';
import { bitWords, lastWordMask } from '../core/bitCode.js';
import { fillAll } from '../core/fill.js';
import { SMALL_BITS } from './positionCounts.js';

/**
 * High-score samples kept before they are handed over. 16 words keep the buffer on the JavaScript heap (a
 * larger typed array is allocated outside it, ~0.4 µs a replicate); a longer task hands over several times.
 */
const SAMPLE_BUFFER = 16;

/** Takes a code of at most 32 positions as one bit word (`Env.stepWord`). */
interface WordWorld {
  stepWord(word: number): Feedback;
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
}

/** One task's random streams: guesses, and exploration decisions (null when the rate is 0). */
export interface TaskStreams {
  readonly guess: AleaStream;
  readonly explore: AleaStream | null;
  /** This task's exploration rate, set by the exploration policy (absent: the agent's `explore`). */
  exploreRate?: number;
}

export class Actor {
  private readonly code: Int32Array;
  private readonly policy: GuessPolicy;
  /** The guess as bit words, when the bit-word path applies (binary world, published policy, no tools); else null. */
  private readonly bits: Int32Array | null;
  /** The positions held by the last bit word (bits beyond them are kept 0). */
  private readonly lastWord: number;
  /** Where one-word codes are submitted, when the code is one bit word (at most 32 positions); else null. */
  private readonly wordWorld: WordWorld | null;
  /** A task's high-score samples as words, until they are handed over (codes of at most 32 positions). */
  private readonly samples = { codes: new Int32Array(SAMPLE_BUFFER), routed: new Uint8Array(SAMPLE_BUFFER) };
  /**
   * A batch's high-score samples by code, for codes of at most SMALL_BITS positions (else null): in a batch
   * they are only summed, so a count per code replaces the list (one increment an attempt, one hand-over a
   * batch, whatever the number of samples). Not used when exploration samples are kept apart.
   */
  private readonly byCode: Int32Array | null;

  constructor(private readonly parts: ActorParts) {
    const { env, disabled, tools } = parts;
    this.code = new Int32Array(env.space.positions);
    this.policy = parts.policy ?? new PublishedPolicy(env.space.arity, disabled ?? null);
    const bitWise =
      parts.bitParallel !== false &&
      env.space.arity === 2 &&
      env.stepBits !== undefined &&
      this.policy instanceof PublishedPolicy &&
      tools === undefined &&
      (disabled === undefined || disabled.total === 0);
    this.bits = bitWise ? new Int32Array(bitWords(env.space.positions)) : null;
    this.lastWord = lastWordMask(env.space.positions);
    this.wordWorld = this.bits?.length !== 1 ? null : takesWords(env) ? env : new StepBitsByWord(env);
    this.byCode =
      this.wordWorld !== null && env.space.positions <= SMALL_BITS ? new Int32Array(1 << env.space.positions) : null;
  }

  /** Run one task; returns the attempts it counts (the cap if unsolved). */
  runTask(streams: TaskStreams, tally: RoundTally): number {
    const { env, agent, cap, goodScore, library, evolver, tools } = this.parts;
    const policy = this.policy;
    const remembers = policy.remembers;

    // Plan
    const context = env.context?.() ?? 0;
    const constraint = this.plan(tally, context);
    if (this.bits !== null && (constraint === null || constraint.activeBans === null)) {
      return this.wordWorld !== null
        ? this.runWordTasks(this.wordWorld, streams, tally, constraint, context, 1, null, null)
        : this.runBitTask(this.bits, streams, tally, constraint, context);
    }
    if (remembers) policy.beginTask(streams.guess, constraint);
    const rate = streams.exploreRate ?? agent.explore;
    const taskExplores = agent.exploreUnit === 'task' && streams.explore !== null && streams.explore.quick() < rate;
    const keepApart = agent.routing === 'separate';

    for (let attempt = 1; attempt <= cap; attempt++) {
      // Act
      const exploring =
        taskExplores || (agent.exploreUnit === 'attempt' && streams.explore !== null && streams.explore.quick() < rate);
      if (exploring) tally.explorations++;
      policy.choose(this.code, streams.guess, exploring ? null : constraint);

      // Observe
      const feedback = env.step(this.code);
      if (tools !== undefined) tools.record(this.code, feedback, tally);

      // Reflect
      const high = feedback.score >= goodScore;
      if (library !== undefined) library.record(this.code, high, context);
      if (high) {
        tally.goodSamples++;
        if (evolver !== undefined && !(exploring && keepApart)) evolver.observe(this.code, context);
      }
      if (feedback.solved) {
        tally.attempts += attempt;
        tally.solved++;
        if (remembers && policy.abandonedConstraint) tally.fallbacks++;
        return attempt;
      }
      if (remembers) policy.observe(this.code, feedback.score);
    }
    tally.attempts += cap;
    if (remembers && policy.abandonedConstraint) tally.fallbacks++;
    return cap;
  }

  /**
   * Run the next `tasks` tasks, which nothing changes between (a round of a world with one context, under
   * passive task hooks, evolving once a round), as one batch: planned once (counted for each), `begin(t)`
   * readying task t's world and streams, their samples handed over together when the batch ends (the library
   * and the Evolver only sum them, and nothing reads them within a batch) — the same records and counts as
   * `runTask` for each. Returns false, having run and counted nothing, when they cannot run as a batch: not
   * a binary world of at most 32 positions under the published policy, or a constraint that bans values.
   */
  runBatch(streams: TaskStreams, tally: RoundTally, tasks: number, begin: (task: number) => void): boolean {
    const { library, retriever, agent } = this.parts;
    if (this.wordWorld === null) return false;
    if (library !== undefined && retriever !== undefined && retriever.retrieve(library, 0).activeBans !== null)
      return false;
    const constraint = this.plan(tally, 0, tasks);
    const byCode = agent.routing === 'separate' ? null : this.byCode;
    this.runWordTasks(this.wordWorld, streams, tally, constraint, 0, tasks, begin, byCode);
    return true;
  }

  /**
   * `runTask` for the published policy in a binary world, a guess as bit words: the same draws (one 32-bit
   * draw per 32 positions), feedback and records.
   */
  private runBitTask(
    guessBits: Int32Array,
    streams: TaskStreams,
    tally: RoundTally,
    constraint: Constraint | null,
    context: number,
  ): number {
    const { env, agent, cap, goodScore, library, evolver } = this.parts;
    const { guess, explore } = streams;
    const words = guessBits.length;
    const last = this.lastWord;
    const fixed = constraint === null ? null : constraint.fixedBits;
    const values = constraint === null ? null : constraint.valueBits;
    const rate = streams.exploreRate ?? agent.explore;
    const perAttempt = agent.exploreUnit === 'attempt' ? explore : null;
    const taskExplores = agent.exploreUnit === 'task' && explore !== null && explore.quick() < rate;
    const keepApart = agent.routing === 'separate';

    for (let attempt = 1; attempt <= cap; attempt++) {
      const exploring = taskExplores || (perAttempt !== null && perAttempt.quick() < rate);
      if (exploring) tally.explorations++;
      const free = exploring || fixed === null;
      for (let i = 0; i < words; i++) {
        const draw = guess.int32();
        guessBits[i] = free ? draw : (draw & ~fixed[i]!) | values![i]!;
      }
      guessBits[words - 1]! &= last;

      const feedback = env.stepBits!(guessBits);
      const high = feedback.score >= goodScore;
      if (library !== undefined) library.recordBits(guessBits, high, context);
      if (high) {
        tally.goodSamples++;
        if (evolver !== undefined && !(exploring && keepApart)) evolver.observeBits(guessBits, context);
      }
      if (feedback.solved) {
        tally.attempts += attempt;
        tally.solved++;
        return attempt;
      }
    }
    tally.attempts += cap;
    return cap;
  }

  /**
   * `runBitTask` for codes of at most 32 positions, one word each — for one task, or for a batch's `tasks`
   * tasks one after another (`begin(t)` readies task t's world and streams first). The attempt loop only draws,
   * scores and keeps a high-score sample's word — or, given `byCode`, counts it there by code; the samples go to
   * the library and the Evolver when the last task ends or the list fills, in one call each: the same records,
   * since they are sums (see `recordWords`). Returns the last task's attempts.
   */
  private runWordTasks(
    world: WordWorld,
    streams: TaskStreams,
    tally: RoundTally,
    constraint: Constraint | null,
    context: number,
    tasks: number,
    begin: ((task: number) => void) | null,
    byCode: Int32Array | null,
  ): number {
    const { agent, cap, goodScore } = this.parts;
    const { guess, explore } = streams;
    const { codes, routed } = this.samples;
    const last = this.lastWord;
    // A free position takes the draw's bit: (draw & keep) | values, with nothing kept fixed when there is no constraint.
    const keep = constraint === null ? -1 : ~constraint.fixedBits[0]!;
    const values = constraint === null ? 0 : constraint.valueBits[0]!;
    const rate = streams.exploreRate ?? agent.explore;
    const perAttempt = agent.exploreUnit === 'attempt' ? explore : null;
    const keepApart = agent.routing === 'separate';
    // The list hands its samples over when full; counts by code never fill.
    const full = byCode !== null ? -1 : codes.length;

    // Samples and attempts not handed over yet, carried from task to task within a batch.
    let highs = 0;
    let held = 0;
    let used = 0;
    for (let task = 0; task < tasks; task++) {
      if (begin !== null) begin(task);
      const taskExplores = agent.exploreUnit === 'task' && explore !== null && explore.quick() < rate;
      let handedOver = -held;
      let solved = false;
      used = cap;
      for (let attempt = 1; attempt <= cap; attempt++) {
        const exploring = taskExplores || (perAttempt !== null && perAttempt.quick() < rate);
        if (exploring) tally.explorations++;
        const draw = guess.int32();
        const code = (exploring ? draw : (draw & keep) | values) & last;

        const feedback = world.stepWord(code);
        // Stored always, kept by advancing the count only for a high-score sample: no branch on the score,
        // which is a coin toss the processor cannot predict (branching on it doubled the cost of an attempt).
        const high = +(feedback.score >= goodScore);
        if (byCode !== null) byCode[code]! += high;
        else {
          codes[highs] = code;
          if (keepApart) routed[highs] = exploring ? 0 : 1;
        }
        highs += high;
        if (highs === full) {
          this.handOver(highs, attempt - handedOver, keepApart, tally, context);
          handedOver = attempt;
          highs = 0;
        }
        if (feedback.solved) {
          used = attempt;
          solved = true;
          break;
        }
      }
      held = used - handedOver;
      tally.attempts += used;
      if (solved) tally.solved++;
    }
    if (byCode !== null) this.handOverByCode(byCode, highs, held, tally);
    else this.handOver(highs, held, keepApart, tally, context);
    return used;
  }

  /** Reflect, for a batch's `attempts` attempts at once: their `highs` high-score samples are counted in `byCode`. */
  private handOverByCode(byCode: Int32Array, highs: number, attempts: number, tally: RoundTally): void {
    const { library, evolver } = this.parts;
    tally.goodSamples += highs;
    library?.recordByCode(byCode, highs, attempts, 0);
    evolver?.observeByCode(byCode, highs, 0);
    fillAll(byCode, 0);
  }

  /** Reflect, for `attempts` attempts at once: their high-score samples are `samples.codes[0 … highs)`. */
  private handOver(highs: number, attempts: number, keepApart: boolean, tally: RoundTally, context: number): void {
    const { library, evolver } = this.parts;
    const { codes, routed } = this.samples;
    tally.goodSamples += highs;
    library?.recordWords(codes, highs, attempts, context);
    evolver?.observeWords(codes, keepApart ? routed : null, highs, context);
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
    if (constraint.empty) return null;
    if (!constraint.satisfiable(env.space.arity)) {
      tally.fallbacks += tasks;
      return null;
    }
    return constraint;
  }
}
