/**
 * One replicate of a run: build the world from the replicate's key, then rounds × tasks of the Actor,
 * with the Evolver distilling skills at the configured cadence. Nothing here depends on other replicates
 * or on the order replicates run in.
 *
 * Library modes (sim/agent/modes.ts) may play a prior batch first: it comes before the evaluation in the world's
 * timeline, is not reported, and draws its own streams (round keys −1, −2, …), so evaluation round r draws
 * the same numbers in every mode and comparisons between modes stay paired.
 */
import { contextsOf, type EnvSpec } from '../core/world/env.js';
import { SeededTask } from '../core/world/task.js';
import { Actor, type TaskStreams } from '../agent/actor.js';
import { actorFor } from '../agent/actors/index.js';
import type { Run } from './config.js';
import { Evolver } from '../agent/evolver.js';
import { Library } from '../agent/library.js';
import { makeExploration } from '../agent/exploration/make.js';
import { makeLifecycle } from '../agent/lifecycle/make.js';
import { RoundTally, type RoundMetrics } from '../core/metrics.js';
import { librarySchedule } from '../agent/modes.js';
import { Retriever } from '../agent/retriever.js';
import { extractionFor, rankingOrder } from '../agent/plugins/build.js';
import { purposeCode, ReplicateKey } from '../core/rng.js';
import { TaskHooks } from '../agent/taskHooks.js';
import { SkillRecorder, type ReplicateHistory } from '../agent/history/recorder.js';
import type { LibraryObserver } from '../agent/history/observer.js';
import { savedSkillsFor } from './libraryDb/savedLibrary.js';
import { ToolRegistry } from '../agent/tools/registry.js';
import { PluginError } from '../core/messages.js';

/** The history of a replicate without a library: its rounds only. */
const noHistory = (replicate: number): ReplicateHistory => ({ replicate, skills: [], rounds: [], evolutions: [] });

/** How a replicate runs, not what it computes. */
export interface ReplicateOptions {
  /** false: binary worlds take the per-position path too (the result is the same; tests compare them). */
  readonly bitParallel?: boolean;
  /**
   * Given: the replicate's skill history is recorded and handed here, with its rounds, when it ends (empty
   * without a library).
   */
  readonly onHistory?: (history: ReplicateHistory, rounds: readonly RoundMetrics[]) => void;
  /**
   * Asked after each round with the rounds so far: false ends the replicate there (the caller knows the rest
   * cannot matter to it). The rounds played are unchanged by it.
   */
  readonly keepGoing?: (rounds: readonly RoundMetrics[]) => boolean;
  /**
   * Given: called with the replicate's Library as soon as it is made (not at all without a library); the
   * observer it returns is attached to it (`Library.attach`, where it may attach others itself) and told where
   * each evaluation round begins and ends. Studies watch runs this way (the audit's tallies); the run is the same.
   */
  readonly observe?: (library: Library) => ReplicateObserver;
}

/** An observer of one replicate (`ReplicateOptions.observe`): of its library, and of its evaluation rounds. */
export interface ReplicateObserver extends LibraryObserver {
  /** Evaluation round `round` (1, 2, …, as `RoundMetrics.round`) begins: a prior batch's rounds are not told. */
  roundBegins?(round: number): void;
  /** Evaluation round `round` has ended. */
  roundEnded?(round: number): void;
}

/**
 * Run one replicate of a configuration in `spec`'s world: its metrics for each evaluation round. The replicate's
 * streams come from (seed, replicate) alone.
 */
export function runReplicate(
  config: Run,
  spec: EnvSpec,
  replicate: number,
  options: ReplicateOptions = {},
): RoundMetrics[] {
  try {
    return playReplicate(config, spec, replicate, options);
  } catch (e) {
    // Plugin code that failed: say which replicate, beside the round and task the guard names.
    throw e instanceof PluginError ? e.within(`replicate ${replicate}`) : e;
  }
}

function playReplicate(config: Run, spec: EnvSpec, replicate: number, options: ReplicateOptions): RoundMetrics[] {
  const key = new ReplicateKey(config.seed, replicate);
  const env = spec.create(config.envParams, key.stream('world'));
  const { positions, arity } = env.space;
  const agent = config.agent;
  const schedule = librarySchedule(agent);
  const prior = schedule.priorRounds;
  const goodScore = agent.goodScore ?? env.goodScore ?? env.maxScore - 1;

  const contexts = contextsOf(env);
  const namer = env.describeClaim?.bind(env);
  const library = agent.library ? new Library(positions, arity, agent, { contexts, namer }) : undefined;
  const observer = library !== undefined && options.observe !== undefined ? options.observe(library) : undefined;
  if (library !== undefined && observer !== undefined) library.attach(observer);
  const evolver = agent.library
    ? new Evolver(positions, arity, agent, contexts, extractionFor(agent, positions, arity))
    : undefined;
  const lifecycle =
    library !== undefined && evolver !== undefined
      ? makeLifecycle({ library, evolver, contexts, config: agent.lifecycle }, positions, arity, agent.update)
      : undefined;
  const retriever = agent.library
    ? new Retriever(positions, agent.topK, lifecycle?.banInto?.bind(lifecycle), rankingOrder(agent.ranking))
    : undefined;
  const tools =
    env.failureTaxonomy === true || agent.breaker.failures > 0
      ? new ToolRegistry(positions, arity, agent.breaker)
      : undefined;
  const recorder =
    options.onHistory !== undefined && library !== undefined && evolver !== undefined
      ? new SkillRecorder(library, evolver, (contexts + 1) * positions * arity)
      : undefined;
  const exploration = makeExploration(agent.explore, agent.exploration);
  const hooks = new TaskHooks(lifecycle, retriever, exploration, library, tools);
  const policy = actorFor(agent.actor, spec, env.space, config.cap, tools?.disabled ?? null);
  const actor = new Actor({
    env,
    agent,
    cap: config.cap,
    goodScore,
    library,
    retriever,
    evolver,
    tools,
    disabled: tools?.disabled,
    policy,
    bitParallel: options.bitParallel,
    hooks,
  });

  let frozen = false;
  const evolve = (): void => {
    if (lifecycle === undefined || library === undefined) return;
    // A frozen library changes no skill, but still settles the tests pending since the last evolution.
    if (frozen) return library.flushTests();
    recorder?.evolutionStarts();
    lifecycle.evolve();
    recorder?.evolutionEnded();
    if (schedule.freezesOnceBuilt && library.usable > 0) frozen = true;
  };

  const tally = new RoundTally();
  const slot = new SeededTask(key, config.tasks);
  // One pair of streams re-keyed for every task: nothing is allocated per task.
  const streams: TaskStreams = {
    guess: key.stream('guess'),
    explore: agent.library && exploration.mayExplore ? key.stream('explore') : null,
    exploreRate: agent.explore,
  };
  // The streams' purpose codes, looked up once: the lookup was a call at every task.
  const guessCode = purposeCode('guess');
  const exploreCode = purposeCode('explore');
  /** Set the slot to a task, reset the world for it, re-key the task's streams. */
  const beginTask = (worldRound: number, keyRound: number, task: number): void => {
    slot.round = worldRound;
    slot.keyRound = keyRound;
    slot.task = task;
    slot.taskIndex = worldRound * config.tasks + task;
    env.reset(slot);
    key.rekeyCode(streams.guess, guessCode, keyRound, task);
    if (streams.explore !== null) key.rekeyCode(streams.explore, exploreCode, keyRound, task);
  };
  /** A round's tasks one by one, with the hooks around each (and an evolution after each, at cadence 'task'). */
  const playTasks = (worldRound: number, keyRound: number): void => {
    for (let task = 0; task < config.tasks; task++) {
      beginTask(worldRound, keyRound, task);
      const context = env.context?.() ?? 0;
      streams.exploreRate = hooks.before(slot.taskIndex, context);
      const solvedBefore = tally.solved;
      const attempts = actor.runTask(streams, tally);
      if (recorder !== undefined) recorder.task = task + 1;
      hooks.after(slot.taskIndex, context, attempts, tally.solved > solvedBefore);
      if (agent.cadence === 'task') evolve();
    }
  };
  /**
   * A round's tasks as the Actor's batch, planned once, no hooks between them (passive, so the exploration
   * rate is the same for every task) — or false, having run nothing, when the Actor's choice of loop says they
   * must run one by one (Actor.runBatch).
   */
  const playBatch = (worldRound: number, keyRound: number): boolean => {
    streams.exploreRate = hooks.rate(worldRound * config.tasks);
    const ran = actor.runBatch(streams, tally, config.tasks, (task) => beginTask(worldRound, keyRound, task));
    if (ran && recorder !== undefined) recorder.task = config.tasks;
    return ran;
  };
  /**
   * One round of tasks: `worldRound` in the world's timeline, streams keyed by `keyRound` — offered to the Actor
   * as one batch where it runs rounds so (which loop runs is the Actor's choice), else task by task.
   */
  const playRound = (worldRound: number, keyRound: number): void => {
    // Reported rounds are 1, 2, …; a prior batch's are the rounds before, ending at 0.
    recorder?.beginRound(keyRound < 0 ? worldRound - prior + 1 : keyRound + 1);
    tally.reset();
    evolver?.beginRound();
    if (!(actor.batchesRounds && playBatch(worldRound, keyRound))) playTasks(worldRound, keyRound);
    if (agent.cadence === 'round') evolve();
    recorder?.endRound();
  };

  for (let p = 0; p < prior; p++) playRound(p, -1 - p);
  const saved = library === undefined ? null : savedSkillsFor(config);
  if (library !== undefined && saved !== null) {
    if (recorder !== undefined) recorder.restore(saved);
    else library.restore(saved);
    if (schedule.freezesOnceBuilt && library.usable > 0) frozen = true;
  }
  if (!schedule.learnsOnline) frozen = true;

  const rounds: RoundMetrics[] = [];
  for (let round = 0; round < config.rounds; round++) {
    const testsBefore = library?.tests ?? 0;
    const refutationsBefore = library?.refutations ?? 0;
    const retiredBefore = hooks.retired;
    observer?.roundBegins?.(round + 1);
    playRound(prior + round, round);
    observer?.roundEnded?.(round + 1);

    const tests = (library?.tests ?? 0) - testsBefore;
    const refutations = (library?.refutations ?? 0) - refutationsBefore;
    const ever = library?.everHeld((c) => env.truthIn?.(c) ?? env.truth()) ?? { distinct: 0, wrong: 0 };
    const constraint =
      library !== undefined && retriever !== undefined ? retriever.retrieve(library, env.context?.() ?? 0) : undefined;
    rounds.push({
      round: round + 1,
      tasks: config.tasks,
      attempts: tally.attempts,
      meanAttempts: tally.attempts / config.tasks,
      solved: tally.solved,
      solveRate: tally.solved / config.tasks,
      skills: library?.usable ?? 0,
      skillsEver: ever.distinct,
      wrongSkillsEver: ever.wrong,
      tasksWithSkills: tally.tasksWithSkills,
      constraintSize: constraint?.size ?? 0,
      tests,
      refutations,
      refutationRate: tests === 0 ? 0 : refutations / tests,
      clashes: tally.clashes,
      fallbacks: tally.fallbacks,
      explorations: tally.explorations,
      goodSamples: tally.goodSamples,
      retired: hooks.retired - retiredBefore,
      toolErrors: tally.toolErrors,
      paramErrors: tally.paramErrors,
      ambiguousQueries: tally.ambiguousQueries,
      toolUnavailable: tally.toolUnavailable,
      breakerTrips: tally.breakerTrips,
    });
    if (options.keepGoing?.(rounds) === false) break;
  }
  options.onHistory?.(recorder?.history(replicate) ?? noHistory(replicate), rounds);
  return rounds;
}
