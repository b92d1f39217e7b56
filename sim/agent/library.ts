/**
 * The skill library and its accounting. Samples reach it in batches (`record`, samples/sampleBatch.ts). By
 * default each high-score sample tests every skill in the library that applies in the sample's context
 * (hits + 1) and refutes the ones whose value at their position it does not hold (refuted + 1). The article
 * does not define a test, so two hidden choices vary this (see `TestUnit`, `TestTiming`): every attempt may
 * count as a test, and tests may be counted at each evolution, retrospectively, against the attempts recorded
 * since the previous one. For the latter the library keeps per-(context, position, value) counts of the
 * pending high-score samples, so accounting never stores samples or allocates per attempt. Whichever the
 * timing, a skill's test record changes in one place, `settle`.
 *
 * A skill is identified by its claim (scope, position, value): when an evolution re-emits a claim the
 * library already holds, the same skill is updated in place and keeps its test record. Updates allocate
 * nothing once a claim has been seen, since the Evolver may run after every task.
 *
 * Indexes: the per-context and per-claim arrays are sized in the constructor from the world's contexts,
 * positions and values, and indexed only with a skill's own (context, position, value), so reads are
 * written `a[i]!`: an assertion the sizes prove, with no check per attempt.
 *
 * Observers may be attached (`attach`, history/observer.ts): they are told where skills enter and leave, from
 * `settle` every change to a test record (with how many of the tests exploration made), and of each batch and
 * each evolution's tests as they come. Each event has its own slot, null while nobody listens to it.
 */
import type { AgentConfig } from './agentConfig.js';
import type { LibraryUpdate } from './choices.js';
import {
  covers,
  EVERY_CONTEXT,
  skillName,
  type ClaimNamer,
  type Skill,
  type SkillClaim,
  type SkillRecord,
} from './skill.js';
import {
  listenerOf,
  UNKNOWN,
  type ExitReason,
  type Listener,
  type LibraryObserver,
  type SamplesSince,
} from './history/observer.js';
import { PositionCounts } from './samples/positionCounts.js';
import type { SampleBatch } from './samples/sampleBatch.js';

/** Where an evolution's claims go. `context` is the claim's scope (default 0; EVERY_CONTEXT when pooled). */
export interface ClaimSink {
  /** Claim that high-score codes hold `value` at `position`, with that confidence and evidence, in scope `context`. */
  emit(position: number, value: number, confidence: number, evidence: number, context?: number): void;
}

/** The world's contexts, and how it names a claim. */
export interface LibraryWorld {
  readonly contexts?: number;
  readonly namer?: ClaimNamer;
}

const defaultNamer: ClaimNamer = (_context, position, value) => skillName(position, value);

/** A library's pending counts as an observer of evolutions reads them. */
class Pending implements SamplesSince {
  constructor(
    private readonly counts: PositionCounts,
    private readonly highs: Int32Array,
    private readonly tries: Int32Array,
  ) {}

  high(context: number): number {
    return this.highs[context]!;
  }

  attempts(context: number): number {
    return this.tries[context]!;
  }

  holding(context: number, position: number, value: number): number {
    return this.counts.holding(context, position, value);
  }
}

export class Library implements ClaimSink {
  private readonly byClaim: (Skill | undefined)[];
  /** The evolution in which each claim slot was last emitted. */
  private readonly emittedIn: Int32Array;
  private readonly current: Skill[] = [];
  /** 1 for each claim slot whose skill is in `current`: membership without a search of the list. */
  private readonly held: Uint8Array;
  private evolution = 0;
  private mode: LibraryUpdate = 'replace';
  /** Incremented whenever the set of skills or their ranking fields may have changed. */
  version = 0;
  /**
   * `version`, but not advanced by an evolution that repeats the last (`reaffirm`): the skills, their order and
   * every field but the test records are then as they were, so the published order ranks them as it did.
   */
  claimsVersion = 0;
  /** Tests and refutations so far. */
  tests = 0;
  refutations = 0;
  readonly contexts: number;
  private readonly namer: ClaimNamer;

  private readonly countAny: boolean;
  private readonly atEvolve: boolean;
  /**
   * High-score samples per (context, position, value) recorded since the last evolution: kept for 'evolve'
   * timing, or for an observer of evolutions (sized for no context otherwise).
   */
  private pending: PositionCounts;
  /** A sample's code value by value, for tests as a batch is recorded ('record' timing). */
  private readonly scratch: Int32Array;
  private pendingHigh: Int32Array;
  private pendingAttempts: Int32Array;
  /**
   * Of the pending tests, those exploration made, per context (UNKNOWN once a batch could not tell); observed
   * runs only.
   */
  private pendingExplored: Int32Array;
  private pendingAny = false;
  /** Pending samples are kept for the configured 'evolve' timing, or for an observer of evolutions. */
  private keepsPending: boolean;
  /** The pending counts as an observer of evolutions reads them (made when one is attached). */
  private since: SamplesSince | null = null;

  /** The observers attached (`attach`), and for each event the one that stands for those listening (or null). */
  private readonly observers: LibraryObserver[] = [];
  private onEntered: Listener<'entered'> | null = null;
  private onLeft: Listener<'left'> | null = null;
  private onSettled: Listener<'settled'> | null = null;
  private onRecording: Listener<'recording'> | null = null;
  private onEvolved: Listener<'evolved'> | null = null;
  private onRetrieved: Listener<'retrieved'> | null = null;

  constructor(
    readonly positions: number,
    readonly arity: number,
    accounting: Pick<AgentConfig, 'testUnit' | 'testAt'> = { testUnit: 'high', testAt: 'record' },
    world: LibraryWorld = {},
  ) {
    this.contexts = world.contexts ?? 1;
    this.namer = world.namer ?? defaultNamer;
    const slots = (this.contexts + 1) * positions * arity;
    this.byClaim = new Array<Skill | undefined>(slots);
    this.emittedIn = new Int32Array(slots);
    this.held = new Uint8Array(slots);
    this.countAny = accounting.testUnit === 'any';
    this.atEvolve = accounting.testAt === 'evolve';
    this.scratch = new Int32Array(positions);
    this.keepsPending = this.atEvolve;
    const pendingContexts = this.keepsPending ? this.contexts : 0;
    this.pending = new PositionCounts(pendingContexts, positions, arity);
    this.pendingHigh = new Int32Array(pendingContexts);
    this.pendingAttempts = new Int32Array(pendingContexts);
    this.pendingExplored = new Int32Array(pendingContexts);
  }

  /** Count the samples since the last evolution from now on (an observer of evolutions asked for them). */
  private keepPending(): void {
    if (this.keepsPending) return;
    this.keepsPending = true;
    this.pending = new PositionCounts(this.contexts, this.positions, this.arity);
    this.pendingHigh = new Int32Array(this.contexts);
    this.pendingAttempts = new Int32Array(this.contexts);
    this.pendingExplored = new Int32Array(this.contexts);
  }

  /**
   * Attach an observer (history/observer.ts), before the first sample is recorded: from now on it is told of
   * the events it listens to, after those attached before it. It changes nothing the library does.
   */
  attach(observer: LibraryObserver): void {
    const all = this.observers;
    all.push(observer);
    this.onEntered = listenerOf(all, 'entered');
    this.onLeft = listenerOf(all, 'left');
    this.onSettled = listenerOf(all, 'settled');
    this.onRetrieved = listenerOf(all, 'retrieved');
    this.onRecording = listenerOf(all, 'recording');
    this.onEvolved = listenerOf(all, 'evolved');
    if (this.onEvolved !== null) {
      this.keepPending();
      this.since ??= new Pending(this.pending, this.pendingHigh, this.pendingAttempts);
    }
  }

  /** Who is told where the Retriever hands skills to a task (the Actor tells it), or null. */
  get retrievals(): Listener<'retrieved'> | null {
    return this.onRetrieved;
  }

  /** Skills in the library now. */
  get size(): number {
    return this.current.length;
  }

  /** The skills in the library now, in the order they entered (a live view: read it, never keep or change it). */
  get skills(): readonly Skill[] {
    return this.current;
  }

  /** Skills the Retriever may use (weight > 0): candidates under validation and stale skills excluded. */
  get usable(): number {
    let n = 0;
    for (const s of this.current) if (s.weight > 0) n++;
    return n;
  }

  /** The ranking changed outside an evolution (a lifecycle re-weighted skills): the Retriever must rebuild. */
  touch(): void {
    this.changed();
  }

  /** The skills or their ranking fields may have changed: both versions move (only `reaffirm` moves one alone). */
  private changed(): void {
    this.version++;
    this.claimsVersion++;
  }

  /** The slot of a claim: scope (every context first, then each context), position, value. */
  slotOf(context: number, position: number, value: number): number {
    return ((context + 1) * this.positions + position) * this.arity + value;
  }

  /** The skill for a claim, created (outside the library) the first time the claim is seen. */
  skillFor(context: number, position: number, value: number): Skill {
    const slot = this.slotOf(context, position, value);
    let skill = this.byClaim[slot];
    if (skill === undefined) {
      const name = this.namer(context === EVERY_CONTEXT && this.contexts === 1 ? 0 : context, position, value);
      const byContext = context === EVERY_CONTEXT && this.contexts > 1 ? new Int32Array(2 * this.contexts) : null;
      skill = {
        name,
        context,
        position,
        value,
        slot,
        confidence: 0,
        weight: 0,
        evidence: 0,
        hits: 0,
        refuted: 0,
        agreed: 0,
        excluded: null,
        byContext,
      };
      this.byClaim[slot] = skill;
    }
    return skill;
  }

  /** Apply an evolution's claims. `replace` drops skills that were not re-emitted; `merge` keeps them. */
  update(claims: readonly SkillClaim[], mode: LibraryUpdate): void {
    this.beginUpdate(mode);
    for (const c of claims) this.emit(c.position, c.value, c.confidence, c.evidence, c.context ?? 0);
    this.endUpdate();
  }

  /** Open an evolution: the `emit` calls up to `endUpdate` are its claims, applied under `mode`. */
  beginUpdate(mode: LibraryUpdate): void {
    this.mode = mode;
    this.evolution++;
  }

  /** Add or refresh the skill of this claim in this evolution (the same claim keeps its skill and test record). */
  emit(position: number, value: number, confidence: number, evidence: number, context = 0): void {
    const skill = this.skillFor(context, position, value);
    skill.confidence = confidence;
    skill.weight = confidence;
    skill.evidence = evidence;
    if (this.held[skill.slot] === 0) this.join(skill);
    this.emittedIn[skill.slot] = this.evolution;
  }

  /** Close the evolution opened by `beginUpdate`: under `replace`, skills it did not re-emit leave the library. */
  endUpdate(): void {
    if (this.mode === 'replace') {
      // Keep, in order, only the skills emitted by this evolution.
      let kept = 0;
      for (const skill of this.current) {
        if (this.emittedIn[skill.slot] === this.evolution) this.current[kept++] = skill;
        else {
          this.held[skill.slot] = 0;
          this.onLeft?.left(skill, 'replaced');
        }
      }
      if (kept !== this.current.length) this.current.length = kept;
    }
    this.changed();
    this.flushTests();
  }

  /**
   * An evolution that would emit exactly the claims of the last one into the library as that one left it: the
   * skills, their fields and their order stay as they are, and the evolution's tests are settled as `endUpdate`
   * settles them.
   */
  reaffirm(): void {
    this.version++;
    this.flushTests();
  }

  /**
   * An evolution happened outside `beginUpdate`/`endUpdate` (a lifecycle admitting claims itself): with
   * 'evolve' timing (or an observer of evolutions), test the library now against the attempts recorded since
   * the previous one.
   */
  flushTests(): void {
    if (this.keepsPending) this.testPending();
  }

  /** Add a skill that is not in the library (lifecycle policies manage membership themselves). */
  add(skill: Skill): void {
    if (this.held[skill.slot] === 0) this.join(skill);
    this.changed();
  }

  /** Remove a skill from the library (it keeps its record for if it ever returns); `reason` is for an observer. */
  remove(skill: Skill, reason: ExitReason = 'removed'): void {
    const i = this.current.indexOf(skill);
    if (i >= 0) {
      this.current.splice(i, 1);
      this.held[skill.slot] = 0;
      this.onLeft?.left(skill, reason);
    }
    this.changed();
  }

  private join(skill: Skill): void {
    this.current.push(skill);
    this.held[skill.slot] = 1;
    this.onEntered?.entered(skill);
  }

  /**
   * Start from a saved library (a run's final skills, `--library-from`): each skill joins with its
   * confidence, weight, evidence and test record, as if an earlier run in this replicate had left it there.
   */
  restore(skills: readonly SkillRecord[]): void {
    for (const saved of skills) {
      const skill = this.skillFor(saved.context, saved.position, saved.value);
      skill.confidence = saved.confidence;
      skill.weight = saved.weight;
      skill.evidence = saved.evidence;
      skill.hits = saved.hits;
      skill.agreed = saved.agreed;
      skill.refuted = saved.refuted;
      if (this.held[skill.slot] === 0) this.join(skill);
    }
    this.changed();
  }

  /**
   * Reflect: the one way samples reach the library. A batch (sampleBatch.ts) covers `attempts` attempts in
   * one context, its `count` high-score samples among them. With 'record' timing each sample tests the
   * skills now; with 'evolve' timing the batch is added to the counts the next evolution settles. Every
   * count is a sum and no skill changes while a batch fills, so this gives what recording its attempts one
   * by one gives. An observer of batches is told once per batch, so without one the loops are those of the
   * configured accounting alone.
   */
  record(batch: SampleBatch): void {
    const { attempts, count, context } = batch;
    if (attempts === 0) return;
    const observed = this.onSettled !== null;
    if (this.onRecording !== null) this.onRecording.recording(batch, this.current);
    if (this.keepsPending) {
      this.pendingAny = true;
      this.pendingAttempts[context]! += attempts;
      this.pendingHigh[context]! += count;
      this.pending.add(context, batch);
      if (this.atEvolve) {
        if (observed) this.pendExplored(context, this.exploredTests(batch));
        return;
      }
    }
    // With every attempt a test, exploration's tests are the batch's explored attempts, settled with the
    // low-score ones below; a high-score sample alone says whether it explored only when exploration is marked.
    const marks = observed && !this.countAny ? batch.routed : null;
    const sampleExplored = observed && !this.countAny && batch.explored > 0 ? UNKNOWN : 0;
    const code = this.scratch;
    for (let i = 0; i < batch.entries; i++) {
      const times = batch.times(i);
      if (times === 0) continue;
      batch.unpack(i, code);
      const explored = marks === null ? sampleExplored : 1 - marks[i]!;
      for (let k = 0; k < times; k++) this.testNow(code, context, explored);
    }
    const explored = observed ? batch.explored : 0;
    if (this.countAny && (attempts > count || explored > 0))
      this.testWithoutRefuting(context, attempts - count, explored);
  }

  /** Of a batch's tests, those exploration made (observed runs, 'evolve' timing). */
  private exploredTests(batch: SampleBatch): number {
    if (this.countAny) return batch.explored;
    const marks = batch.routed;
    if (marks === null) return batch.explored === 0 ? 0 : UNKNOWN;
    let n = 0;
    for (let i = 0; i < batch.count; i++) n += 1 - marks[i]!;
    return n;
  }

  private pendExplored(context: number, explored: number): void {
    const now = this.pendingExplored[context]!;
    this.pendingExplored[context] = now === UNKNOWN || explored === UNKNOWN ? UNKNOWN : now + explored;
  }

  /** 'record' timing: a high-score sample, in a context, tests every skill that applies there. */
  private testNow(code: Int32Array, context: number, explored: number): void {
    const skills = this.current;
    for (let i = 0; i < skills.length; i++) {
      const skill = skills[i]!;
      if (!covers(skill, context)) continue;
      const refuted = code[skill.position] !== skill.value ? 1 : 0;
      this.settle(skill, context, 1, 1 - refuted, refuted, explored);
    }
  }

  /**
   * Attempts below the high score count as tests of every applicable skill ('any' unit) but refute none;
   * `explored` of the batch's tests (these and its high-score samples') came from exploration.
   */
  private testWithoutRefuting(context: number, attempts: number, explored: number): void {
    const skills = this.current;
    for (let i = 0; i < skills.length; i++) {
      const skill = skills[i]!;
      if (covers(skill, context)) this.settle(skill, context, attempts, 0, 0, explored);
    }
  }

  /**
   * 'evolve' timing: the library just distilled against the attempts recorded since the last evolution (and
   * an observer of evolutions is told of them, whatever the timing).
   */
  private testPending(): void {
    if (!this.pendingAny) return;
    const pending = this.pending;
    const highs = this.pendingHigh;
    const tries = this.pendingAttempts;
    const explored = this.pendingExplored;
    if (this.atEvolve) {
      // Each skill's count read from the pending tallies as they stand: a library holds a few skills, and
      // folding every position of every pending code would cost more than the entries read.
      const skills = this.current;
      for (let s = 0; s < skills.length; s++) {
        const skill = skills[s]!;
        for (let c = 0; c < this.contexts; c++) {
          if (!covers(skill, c)) continue;
          const high = highs[c]!;
          // No pending sample in the context, none holding the value either: the tallies need no reading.
          const refuted = high === 0 ? 0 : high - pending.holding(c, skill.position, skill.value);
          const tests = this.countAny ? tries[c]! : high;
          this.settle(skill, c, tests, high - refuted, refuted, explored[c]!);
        }
      }
    }
    if (this.onEvolved !== null) this.onEvolved.evolved(this.current, this.since!);
    pending.clear();
    for (let c = 0; c < highs.length; c++) {
      highs[c] = 0;
      tries[c] = 0;
      explored[c] = 0;
    }
    this.pendingAny = false;
  }

  /**
   * The one place a skill's record changes: `tests` tests of it in `context`, of which `agreed` high-score
   * samples held its value and `refuted` did not (the rest were attempts below the high score, 'any' unit);
   * `explored` of them came from exploration (for the observer only).
   */
  private settle(
    skill: Skill,
    context: number,
    tests: number,
    agreed: number,
    refuted: number,
    explored: number,
  ): void {
    this.onSettled?.settled(skill, tests, agreed, refuted, explored);
    skill.hits += tests;
    skill.agreed += agreed;
    skill.refuted += refuted;
    this.tests += tests;
    this.refutations += refuted;
    if (skill.byContext !== null) {
      skill.byContext[2 * context]! += agreed;
      skill.byContext[2 * context + 1]! += refuted;
    }
  }

  /**
   * Distinct claims that have ever entered the library (a skill dropped and re-emitted counts once), and
   * how many of them contradict the truth — noise taken for a rule, or a rule gone stale. `truth` is the
   * code, or the code in a context (a claim spanning every context is wrong if it is wrong in any). O(slots).
   */
  everHeld(truth: ArrayLike<number> | ((context: number) => ArrayLike<number>)): {
    readonly distinct: number;
    readonly wrong: number;
  } {
    const truthIn = typeof truth === 'function' ? truth : (): ArrayLike<number> => truth;
    let distinct = 0;
    let wrong = 0;
    for (const skill of this.byClaim) {
      if (skill === undefined) continue;
      distinct++;
      let isWrong = false;
      for (let c = 0; c < this.contexts && !isWrong; c++) {
        if ((skill.context === EVERY_CONTEXT || skill.context === c) && truthIn(c)[skill.position] !== skill.value)
          isWrong = true;
      }
      if (isWrong) wrong++;
    }
    return { distinct, wrong };
  }
}
