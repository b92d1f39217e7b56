/**
 * The protocol of one replicate, written to be read: the Actor, the Library, the Evolver and the Retriever of
 * docs/model.md in one function, step by step, for the bit lock. It draws the same keyed random numbers as the
 * engine (sim/core/rng.ts) in the same order, so it plays the same attempts, and it reports the same
 * RoundMetrics; test/sim/experiment/reference/protocol.test.ts holds the engine's fast loops to it replicate by
 * replicate, and the bench times it as what the protocol itself costs (scripts/bench/bench.ts).
 *
 * A code is kept as bit words, as the published Actor draws it: position p is bit p % 32 of word p / 32, each
 * word of a guess one 32-bit draw from the task's guess stream (sim/agent/actors/uniform.ts). Nothing here is
 * tuned beyond that; it allocates per replicate and per evolution, never per attempt.
 *
 * It covers: lock-v1 at any width, with a given or a random truth; the published Actor, with the library or
 * without (the random control); the published rules (`--min-evidence`, `--threshold` on the share, `--top-k`,
 * `--good-score`); a fixed exploration rate decided per attempt or per task; every hidden choice (cadence,
 * window, routing, update, samples, test unit and timing); library modes that only set the window and the
 * update. It does not cover (`referenceGap` names the first of these in a run, and `referenceReplicate`
 * refuses it): other worlds and module worlds; the consistent and optimal actors; lifecycles other than the
 * published one, and its down-weighting of stale skills; exploration policies other than the fixed rate; the
 * Wilson-bound threshold rule; extraction and ranking modules; a prior batch, a frozen or offline library, a
 * saved library; the circuit breaker. Skill scope does not matter: the lock has one context.
 */
import { librarySchedule } from '../../agent/modes.js';
import { resolveEnvParams } from '../../core/world/params.js';
import { bitWords, lastWordMask, popcount32 } from '../../core/bitCode.js';
import type { RoundMetrics } from '../../core/metrics.js';
import { ReplicateKey } from '../../core/rng.js';
import type { Run } from '../config.js';
import { envSpecOf } from '../experiment.js';

/** A skill: high-score codes hold `value` at `position`, by the share `confidence` of `evidence` samples. */
interface Skill {
  readonly position: number;
  readonly value: number;
  confidence: number;
  evidence: number;
}

/** The Retriever's constraint: fixed positions as bit words, their values, how many, and the clashes in it. */
interface Plan {
  readonly fixed: Int32Array;
  readonly values: Int32Array;
  readonly size: number;
  readonly clashes: number;
}

/** The bit at position p of a code kept as bit words. */
const bitAt = (code: Int32Array, p: number): number => (code[p >>> 5]! >>> (p & 31)) & 1;

/** Count a code's ones, position by position, into `ones`. */
function addOnes(ones: Int32Array, code: Int32Array): void {
  for (let p = 0; p < ones.length; p++) ones[p]! += bitAt(code, p);
}

/** What of a run the reference does not cover, or null (see the file's comment). */
export function referenceGap(run: Run): string | null {
  const agent = run.agent;
  const schedule = librarySchedule(agent);
  if (run.env !== 'lock-v1') return `the world ${run.env}`;
  if ((run.modules ?? []).length > 0) return 'module files';
  if (agent.actor !== 'published') return `the ${agent.actor} actor`;
  if (agent.lifecycle.name !== 'published') return `the ${agent.lifecycle.name} lifecycle`;
  if (agent.lifecycle.staleHalflife > 0) return 'stale skills down-weighted';
  if (agent.exploration.name !== 'fixed') return `the ${agent.exploration.name} exploration policy`;
  if (agent.thresholdRule !== 'share') return `the ${agent.thresholdRule} threshold rule`;
  if (agent.extraction !== undefined || agent.ranking !== undefined) return 'an extraction or ranking module';
  if (schedule.priorRounds > 0 || schedule.freezesOnceBuilt || !schedule.learnsOnline) return `the ${agent.mode} mode`;
  if (agent.libraryFrom !== undefined) return 'a saved library';
  if (agent.breaker.failures > 0) return 'the circuit breaker';
  return null;
}

/** One replicate of `run`, round by round, as the engine's `runReplicate` reports it. */
export function referenceReplicate(run: Run, replicate: number): RoundMetrics[] {
  const gap = referenceGap(run);
  if (gap !== null) throw new RangeError(`the reference protocol does not cover ${gap}`);
  const agent = run.agent;
  const { cap, tasks } = run;
  const key = new ReplicateKey(run.seed, replicate);

  // The world: a lock whose truth holds for the whole replicate — the given bits, or a coin toss a position
  // from the world's stream —; a guess scores the positions it gets right, and a score of at least `goodScore`
  // makes it a high-score sample.
  const params = resolveEnvParams(envSpecOf(run), run.envParams);
  const bits = Number(params.bits);
  const given = String(params.truth);
  const world = key.stream('world');
  const truth = Int32Array.from({ length: bits }, (_, p) =>
    given === 'random' ? (world.quick() < 0.5 ? 0 : 1) : Number(given[p]),
  );
  const words = bitWords(bits);
  const last = lastWordMask(bits);
  const truthWords = new Int32Array(words);
  for (let p = 0; p < bits; p++) if (truth[p] === 1) truthWords[p >>> 5]! |= 1 << (p & 31);
  const goodScore = agent.goodScore ?? bits - 1;

  // The task's random streams, re-keyed for every (round, task): guesses, and whether to explore (drawn only
  // where the agent may explore: with a library, at a rate above 0).
  const guessStream = key.stream('guess');
  const exploreStream = agent.library && agent.explore > 0 ? key.stream('explore') : null;
  const explorePerAttempt = agent.exploreUnit === 'attempt';
  const keptApart = agent.routing === 'separate';
  const distinct = agent.samples === 'distinct';

  // The library: its skills in the order they entered, each claim's skill kept for when it returns, and the
  // claims ever held. Its tests and refutations follow the test unit and timing.
  let library: Skill[] = [];
  const skillOf = new Map<number, Skill>();
  const ever = new Set<Skill>();
  let tests = 0;
  let refutations = 0;
  const everyAttemptTests = agent.testUnit === 'any';
  const testsAtEvolution = agent.testAt === 'evolve';
  // Since the last evolution (for tests at evolutions): high-score samples, attempts, and the samples holding 1
  // at each position.
  let pendingHigh = 0;
  let pendingAttempts = 0;
  const pendingOnes = new Int32Array(bits);

  // The Evolver's window: its samples, how many hold 1 at each position, and (distinct samples) the codes seen.
  let windowSamples = 0;
  const windowOnes = new Int32Array(bits);
  const seen = new Set<string>();
  /** Whether a code is new to the window (distinct samples). */
  const firstSeen = (code: Int32Array): boolean => {
    const text = code.join(',');
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  };

  /** The Retriever: the top-k skills by weight, then evidence, position and value; the first names a position. */
  const retrieve = (): Plan => {
    const best = library
      .filter((s) => s.confidence > 0)
      .sort(
        (a, b) =>
          b.confidence - a.confidence || b.evidence - a.evidence || a.position - b.position || a.value - b.value,
      )
      .slice(0, agent.topK);
    const fixed = new Int32Array(words);
    const values = new Int32Array(words);
    let size = 0;
    let clashes = 0;
    for (const skill of best) {
      const w = skill.position >>> 5;
      const mask = 1 << (skill.position & 31);
      if ((fixed[w]! & mask) !== 0) {
        if (((values[w]! & mask) !== 0 ? 1 : 0) !== skill.value) clashes++;
        continue;
      }
      fixed[w]! |= mask;
      if (skill.value === 1) values[w]! |= mask;
      size++;
    }
    return { fixed, values, size, clashes };
  };
  let plan = retrieve();

  /**
   * An evolution: every (position, value) that a share of at least `threshold` of the window's samples hold, from
   * at least `minEvidence` samples, is a claim; a claim updates its skill or brings it in, and under `replace` the
   * skills no claim named leave. With tests at evolutions, the samples since the last one test the skills now held.
   */
  const evolve = (): void => {
    const n = windowSamples;
    const claimed = new Set<Skill>();
    if (n >= agent.minEvidence && n > 0) {
      for (let p = 0; p < bits; p++) {
        for (let v = 0; v < 2; v++) {
          const share = (v === 1 ? windowOnes[p]! : n - windowOnes[p]!) / n;
          if (share < agent.threshold) continue;
          let skill = skillOf.get(2 * p + v);
          if (skill === undefined)
            skillOf.set(2 * p + v, (skill = { position: p, value: v, confidence: 0, evidence: 0 }));
          skill.confidence = share;
          skill.evidence = n;
          if (!library.includes(skill)) library.push(skill);
          claimed.add(skill);
          ever.add(skill);
        }
      }
    }
    if (agent.update === 'replace') library = library.filter((s) => claimed.has(s));
    if (testsAtEvolution && pendingAttempts > 0) {
      for (const skill of library) {
        const holding = skill.value === 1 ? pendingOnes[skill.position]! : pendingHigh - pendingOnes[skill.position]!;
        tests += everyAttemptTests ? pendingAttempts : pendingHigh;
        refutations += pendingHigh - holding;
      }
    }
    pendingHigh = pendingAttempts = 0;
    pendingOnes.fill(0);
    plan = retrieve();
  };

  const guess = new Int32Array(words);
  const rounds: RoundMetrics[] = [];
  for (let round = 0; round < run.rounds; round++) {
    if (agent.window === 'round') {
      windowSamples = 0;
      windowOnes.fill(0);
      seen.clear();
    }
    const testsBefore = tests;
    const refutationsBefore = refutations;
    let attempts = 0;
    let solved = 0;
    let tasksWithSkills = 0;
    let clashes = 0;
    let explorations = 0;
    let goodSamples = 0;
    for (let task = 0; task < tasks; task++) {
      key.rekey(guessStream, 'guess', round, task);
      if (exploreStream !== null) key.rekey(exploreStream, 'explore', round, task);
      // Plan: the constraint of the skills held now (they change only at evolutions, never within a task).
      const held = library;
      const { fixed, values } = plan;
      const constrained = agent.library && plan.size > 0;
      if (agent.library && held.length > 0) tasksWithSkills++;
      clashes += plan.clashes;
      // The task's counts, added to the round's, the library's and the Evolver's when it ends.
      let high = 0;
      let refuted = 0;
      let kept = 0;
      let exploring = false;
      let used = cap;
      for (let attempt = 1; attempt <= cap; attempt++) {
        // Act: explore — ignore the constraint — at the rate, decided once a task or at every attempt; then guess,
        // each free position a bit of the draw, each fixed one its skill's value.
        if (exploreStream !== null && (explorePerAttempt || attempt === 1))
          exploring = exploreStream.quick() < agent.explore;
        if (exploring) explorations++;
        for (let w = 0; w < words; w++) {
          const draw = guessStream.int32();
          guess[w] = exploring || !constrained ? draw : (draw & ~fixed[w]!) | values[w]!;
        }
        guess[words - 1]! &= last;
        // Observe: the positions right.
        let score = 0;
        for (let w = 0; w < words; w++)
          score += popcount32(~(guess[w]! ^ truthWords[w]!) & (w === words - 1 ? last : -1));
        // Reflect: a high-score sample tests the skills (now, or at the next evolution) and joins the Evolver's
        // window (unless it explored and exploration is kept apart, or, counting distinct samples, its code was seen).
        if (score >= goodScore) {
          high++;
          if (testsAtEvolution) addOnes(pendingOnes, guess);
          else for (const skill of held) if (bitAt(guess, skill.position) !== skill.value) refuted++;
          if (!(exploring && keptApart) && (!distinct || firstSeen(guess))) {
            kept++;
            addOnes(windowOnes, guess);
          }
        }
        if (score === bits) {
          used = attempt;
          solved++;
          break;
        }
      }
      attempts += used;
      goodSamples += high;
      windowSamples += kept;
      // Tests as recorded: each high-score sample (or, for the 'any' unit, each attempt) tested every skill held.
      if (!testsAtEvolution) {
        tests += (everyAttemptTests ? used : high) * held.length;
        refutations += refuted;
      }
      pendingAttempts += used;
      pendingHigh += high;
      if (agent.library && agent.cadence === 'task') evolve();
    }
    if (agent.library && agent.cadence === 'round') evolve();

    const roundTests = tests - testsBefore;
    const roundRefutations = refutations - refutationsBefore;
    let wrong = 0;
    for (const skill of ever) if (truth[skill.position] !== skill.value) wrong++;
    rounds.push({
      round: round + 1,
      tasks,
      attempts,
      meanAttempts: attempts / tasks,
      solved,
      solveRate: solved / tasks,
      skills: library.filter((s) => s.confidence > 0).length,
      skillsEver: ever.size,
      wrongSkillsEver: wrong,
      tasksWithSkills,
      constraintSize: agent.library ? plan.size : 0,
      tests: roundTests,
      refutations: roundRefutations,
      refutationRate: roundTests === 0 ? 0 : roundRefutations / roundTests,
      clashes,
      fallbacks: 0,
      explorations,
      goodSamples,
      retired: 0,
      toolErrors: 0,
      paramErrors: 0,
      ambiguousQueries: 0,
      toolUnavailable: 0,
      breakerTrips: 0,
    });
  }
  return rounds;
}
