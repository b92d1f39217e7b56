/**
 * A lifecycle policy decides how the Evolver's claims become skills, how each skill's standing changes
 * as samples test it, and when it leaves the library. The runner calls it around every task:
 *
 *   beforeTask  (after the world is reset) refresh weights — staleness, the policy's own ranking;
 *   afterTask   read the tests and refutations the task produced; promote, decay, narrow, retire;
 *   evolve      at the Evolver's cadence: claims enter the library under the policy's rules.
 *
 * The attempt loop never calls into a lifecycle: per-task work reads the skills' hit/refutation
 * counters, which the Library keeps during the task.
 */
import type { Evolver } from '../evolver.js';
import type { ClaimSink, Library } from '../library.js';
import type { Constraint } from '../constraint.js';
import type { Skill } from '../skill.js';
import type { LifecycleConfig } from './config.js';

/** How a task went, for the policies that score skills by task outcomes. */
export interface TaskOutcome {
  readonly taskIndex: number;
  readonly context: number;
  /** Attempts used (the cap if unsolved). */
  readonly attempts: number;
  readonly solved: boolean;
  /** Skills the Retriever handed to this task, best first. */
  readonly applied: readonly Skill[];
}

/** A lifecycle policy for one replicate, called by the runner around each task (see the file's comment). */
export interface Lifecycle {
  /** Skills retired (or demoted to mistakes) so far. */
  readonly retired: number;
  /** Distil the Evolver's claims into the library under the policy's rules. */
  evolve(): void;
  /** A task in `context` is about to start (the world is reset): refresh the skills' weights. */
  beforeTask(taskIndex: number, context: number): void;
  /** A task ended: read the tests and refutations it produced, and promote, decay or retire skills. */
  afterTask(outcome: TaskOutcome): void;
  /**
   * false: `beforeTask` and `afterTask` change nothing a run can see, so a runner may skip them (absent:
   * they must be called).
   */
  readonly perTask?: boolean;
  /** Values to avoid in a context (HExA "mistakes"), added to a freshly built constraint. */
  banInto?(constraint: Constraint, context: number): void;
}

export interface LifecycleParts {
  readonly library: Library;
  readonly evolver: Evolver;
  readonly contexts: number;
  readonly config: LifecycleConfig;
}

const IN = 1;
const OUT = 2;

/* Per-slot status: 0 never in the library (or untracked), IN, or OUT (retired, dropped). */

/**
 * Shared machinery: per-skill test deltas, freshness (the article's down-weighting of skills untested
 * for long), retirement with the Evolver forgetting the falsified claim's evidence. Per-skill state lives
 * in arrays indexed by the skill's slot, so policies add their own without touching Skill.
 */
export abstract class BaseLifecycle implements Lifecycle, ClaimSink {
  retired = 0;
  protected now = 0;
  protected readonly library: Library;
  protected readonly evolver: Evolver;
  protected readonly config: LifecycleConfig;
  protected readonly contexts: number;
  private readonly status: Uint8Array;
  private readonly seenAgreed: Int32Array;
  private readonly seenRefuted: Int32Array;
  private readonly lastTested: Int32Array;
  /** Whether this policy reads tests after each task (the published one only does for staleness). */
  protected readonly readsTests: boolean = true;
  /** Per multi-context skill, its per-context record when last read; and a scratch array for the deltas. */
  private readonly seenByContext = new Map<number, Int32Array>();
  private readonly deltas: Int32Array;

  constructor(parts: LifecycleParts, slots: number) {
    this.library = parts.library;
    this.evolver = parts.evolver;
    this.config = parts.config;
    this.contexts = parts.contexts;
    this.status = new Uint8Array(slots);
    this.seenAgreed = new Int32Array(slots);
    this.seenRefuted = new Int32Array(slots);
    this.lastTested = new Int32Array(slots);
    this.deltas = new Int32Array(2 * parts.contexts);
  }

  /**
   * For a skill spanning several contexts: [agreed, refuted] per context since the last call for it
   * (a scratch array, valid until the next call); null for a skill of one context.
   */
  protected contextDeltas(skill: Skill): Int32Array | null {
    const now = skill.byContext;
    if (now === null) return null;
    let seen = this.seenByContext.get(skill.slot);
    if (seen === undefined) {
      seen = new Int32Array(now.length);
      this.seenByContext.set(skill.slot, seen);
    }
    for (let i = 0; i < now.length; i++) this.deltas[i] = now[i]! - seen[i]!;
    seen.set(now);
    return this.deltas;
  }

  /** The policy's ranking value for a skill before freshness (default: its confidence). */
  protected rank(skill: Skill): number {
    return skill.confidence;
  }

  /** A claim re-emitted for a skill already in the library. */
  protected abstract reemitted(skill: Skill, confidence: number, evidence: number): void;
  /** A claim for a skill not in the library: admit it (call `admit`) or not. */
  protected abstract proposed(skill: Skill, confidence: number, evidence: number): void;
  /** After a task: `confirmed` tests agreed with the skill, `refuted` disagreed. */
  protected abstract tested(skill: Skill, confirmed: number, refuted: number, outcome: TaskOutcome): void;
  /** After the per-skill pass (task-outcome scoring, demotions). */
  protected taskDone(_outcome: TaskOutcome): void {}

  evolve(): void {
    this.evolver.evolveInto(this);
    this.library.flushTests();
  }

  emit(position: number, value: number, confidence: number, evidence: number, context = 0): void {
    const skill = this.library.skillFor(context, position, value);
    if (this.status[skill.slot] === IN) this.reemitted(skill, confidence, evidence);
    else this.proposed(skill, confidence, evidence);
  }

  protected inLibrary(skill: Skill): boolean {
    return this.status[skill.slot] === IN;
  }

  protected admit(skill: Skill, confidence: number, evidence: number): void {
    const slot = skill.slot;
    skill.confidence = confidence;
    skill.evidence = evidence;
    this.status[slot] = IN;
    this.seenAgreed[slot] = skill.agreed;
    this.seenRefuted[slot] = skill.refuted;
    this.lastTested[slot] = this.now;
    skill.weight = this.rank(skill);
    this.library.add(skill);
  }

  /** Leave the library; with `onRetire: forget` the Evolver drops the evidence behind the claim's position. */
  protected retire(skill: Skill): void {
    this.status[skill.slot] = OUT;
    skill.weight = 0;
    this.library.remove(skill, 'retired');
    if (this.config.onRetire === 'forget') this.evolver.forget(skill.context, skill.position);
    this.retired++;
  }

  /** Leave the library without counting as a retirement (e.g. evicted by a cap, or split). */
  protected drop(skill: Skill): void {
    this.status[skill.slot] = OUT;
    skill.weight = 0;
    this.library.remove(skill, 'dropped');
  }

  /** A policy that reads no tests and has no staleness only notes the time in its per-task passes. */
  get perTask(): boolean {
    return this.readsTests || this.config.staleHalflife > 0;
  }

  beforeTask(taskIndex: number, _context: number): void {
    this.now = taskIndex;
    const halflife = this.config.staleHalflife;
    if (!this.readsTests && halflife === 0) return;
    for (const skill of this.library.skills) {
      const slot = skill.slot;
      if (this.status[slot] !== IN) this.track(skill);
      let w = this.rank(skill);
      if (halflife > 0 && w > 0) {
        const fresh = 2 ** (-(taskIndex - this.lastTested[slot]!) / halflife);
        w = fresh < this.config.staleFloor ? 0 : w * fresh;
      }
      skill.weight = w;
    }
    this.library.touch();
  }

  /** Stop tracking a skill that left the library without `retire`/`drop` (the published Library update). */
  protected untrack(skill: Skill): void {
    this.status[skill.slot] = OUT;
  }

  /** Start tracking a skill that entered the library without `admit` (the published Library update). */
  private track(skill: Skill): void {
    const slot = skill.slot;
    this.status[slot] = IN;
    this.seenAgreed[slot] = skill.agreed;
    this.seenRefuted[slot] = skill.refuted;
    this.lastTested[slot] = this.now;
  }

  afterTask(outcome: TaskOutcome): void {
    this.now = outcome.taskIndex;
    if (!this.readsTests && this.config.staleHalflife === 0) return;
    // A copy: policies may retire skills during the pass.
    for (const skill of this.library.skills.slice()) {
      const slot = skill.slot;
      if (this.status[slot] !== IN) this.track(skill);
      // Evidence only: a high-score sample agreeing or disagreeing (not a low-score attempt counted as a test).
      const agreed = skill.agreed - this.seenAgreed[slot]!;
      const refuted = skill.refuted - this.seenRefuted[slot]!;
      this.seenAgreed[slot] = skill.agreed;
      this.seenRefuted[slot] = skill.refuted;
      if (agreed + refuted === 0) continue;
      // Freshness is renewed by agreement only: a refuted skill has not been borne out.
      if (agreed > 0) this.lastTested[slot] = outcome.taskIndex;
      if (this.readsTests) this.tested(skill, agreed, refuted, outcome);
    }
    if (this.readsTests) this.taskDone(outcome);
  }
}
