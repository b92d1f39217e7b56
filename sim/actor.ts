/**
 * The Actor does one task as an explicit Plan → Act → Observe → Reflect loop, capped at `cap` attempts.
 *
 *   Plan     ask the Retriever for a constraint (once per task);
 *   Act      choose a code with the Actor's guess policy (sim/actors/): as published, uniformly with
 *            replacement among codes satisfying the constraint — or among all codes when exploring, when
 *            there is no constraint, or when it leaves nothing (fall-back); the consistent and optimal
 *            policies also use the task's feedback so far;
 *   Observe  submit it and read the feedback;
 *   Reflect  the library counts the attempt for its skill tests (see Library); a high-score sample,
 *            unless it came from exploration kept apart, goes to the Evolver; the guess policy records
 *            the feedback.
 *
 * The hot path allocates nothing and never enumerates the code space (see each policy).
 */
import type { Env } from '../envs/env.js';
import type { GuessPolicy } from './actors/policy.js';
import { PublishedPolicy } from './actors/published.js';
import type { AgentConfig } from './config.js';
import type { Constraint } from './constraint.js';
import type { Evolver } from './evolver.js';
import type { Library } from './library.js';
import type { RoundTally } from './metrics.js';
import type { Retriever } from './retriever.js';
import type { AleaStream } from './rng.js';

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
  /** How guesses are chosen inside a task (default: the published, feedback-blind policy). */
  readonly policy?: GuessPolicy;
}

/** One task's random streams: guesses, and exploration decisions (null when the rate is 0). */
export interface TaskStreams {
  readonly guess: AleaStream;
  readonly explore: AleaStream | null;
}

export class Actor {
  private readonly code: Int32Array;
  private readonly policy: GuessPolicy;

  constructor(private readonly parts: ActorParts) {
    this.code = new Int32Array(parts.env.space.positions);
    this.policy = parts.policy ?? new PublishedPolicy(parts.env.space.arity);
  }

  /** Run one task; returns the attempts it counts (the cap if unsolved). */
  runTask(streams: TaskStreams, tally: RoundTally): number {
    const { env, agent, cap, goodScore, library, evolver } = this.parts;
    const policy = this.policy;

    // Plan
    const constraint = this.plan(tally);
    policy.beginTask(streams.guess, constraint);
    const rate = agent.explore;
    const taskExplores = agent.exploreUnit === 'task' && streams.explore !== null && streams.explore.quick() < rate;
    const keepApart = agent.routing === 'separate';

    for (let attempt = 1; attempt <= cap; attempt++) {
      // Act
      const exploring = taskExplores || (agent.exploreUnit === 'attempt' && streams.explore !== null && streams.explore.quick() < rate);
      if (exploring) tally.explorations++;
      policy.choose(this.code, streams.guess, exploring ? null : constraint);

      // Observe
      const feedback = env.step(this.code);

      // Reflect
      const high = feedback.score >= goodScore;
      if (library !== undefined) library.record(this.code, high);
      if (high) {
        tally.goodSamples++;
        if (evolver !== undefined && !(exploring && keepApart)) evolver.observe(this.code);
      }
      if (feedback.solved) {
        tally.attempts += attempt;
        tally.solved++;
        if (policy.abandonedConstraint) tally.fallbacks++;
        return attempt;
      }
      policy.observe(this.code, feedback.score);
    }
    tally.attempts += cap;
    if (policy.abandonedConstraint) tally.fallbacks++;
    return cap;
  }

  /** The constraint to follow this task, or null (no library, empty, or unsatisfiable → fall-back). */
  private plan(tally: RoundTally): Constraint | null {
    const { library, retriever, env } = this.parts;
    if (library === undefined || retriever === undefined) return null;
    if (library.size > 0) tally.tasksWithSkills++;
    const constraint = retriever.retrieve(library);
    tally.clashes += retriever.clashes;
    if (constraint.size === 0) return null;
    if (!constraint.satisfiable(env.space.arity)) {
      tally.fallbacks++;
      return null;
    }
    return constraint;
  }
}
