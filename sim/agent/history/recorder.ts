/**
 * A replicate's skill history: every skill's life (when it entered, how often, how it last left), one row a
 * skill a round (its standing at the round's end and the round's tests, refutations and retrievals), and one
 * row an evolution. It is the library's observer (observer.ts), so it sees sums as the library settles them
 * — never an attempt — and the runner tells it the time (the round, the tasks played in it) and brackets
 * each evolution. The history is plain data, so it crosses from a worker thread as it is.
 */
import { at } from '../../core/at.js';
import type { Evolver } from '../evolver.js';
import type { Library } from '../library.js';
import type { Skill, SkillStanding } from '../skill.js';
import { UNKNOWN, type ExitReason, type LibraryObserver } from './observer.js';

/** How a skill first came into the library: distilled by the Evolver, or restored from a saved library. */
export type SkillOrigin = 'evolved' | 'loaded';

/** One skill of a replicate: a claim, from its first entry to its last exit (if it left). */
export interface SkillLife {
  /** 1, 2, … in the order skills first entered the replicate's library. */
  readonly skill: number;
  /** The context it applies in, or −1 (every context). */
  readonly context: number;
  readonly position: number;
  readonly value: number;
  /** The claim in the world's words. */
  readonly claim: string;
  readonly origin: SkillOrigin;
  readonly bornRound: number;
  /** Tasks of the round played when it entered (the round's task count: at the round's end). */
  readonly bornTask: number;
  /** Times it entered the library (more than once when dropped and re-emitted). */
  entries: number;
  /** When and why it last left; null while it is in the library. */
  exitRound: number | null;
  exitTask: number | null;
  exitReason: ExitReason | null;
  /**
   * Its standing and whole test record (a saved record restored included) at the replicate's end, filled when the
   * history is taken.
   */
  final: SkillStanding;
}

/** A skill in a round: its standing at the round's end, and what the round did to it. */
export interface SkillRound {
  readonly skill: number;
  readonly round: number;
  /** In the library at the round's end. */
  readonly inLibrary: boolean;
  readonly confidence: number;
  readonly weight: number;
  readonly evidence: number;
  /**
   * The Evolver's window at the round's end, for this claim: its samples (evidence not forgotten) and the
   * share holding the claim's value (null without samples) — what decides whether it is re-emitted.
   */
  readonly samples: number;
  readonly share: number | null;
  readonly tests: number;
  readonly agreed: number;
  readonly refuted: number;
  /** Of the tests, those exploration attempts made; null when the run cannot tell (see docs/library-db.md). */
  readonly explored: number | null;
  /** Tasks the Retriever handed it to. */
  readonly retrieved: number;
}

/** One run of the Evolver. */
export interface Evolution {
  readonly round: number;
  /** Tasks of the round played before it ran. */
  readonly task: number;
  /** High-score samples in its window. */
  readonly samples: number;
  /** Claims it made. */
  readonly claims: number;
  /** Skills that entered the library, stayed in it, and left it, in this evolution. */
  readonly entered: number;
  readonly kept: number;
  readonly left: number;
}

/** A replicate's skill history as recorded: its skills' lives, one row a skill a round, one row an evolution. */
export interface ReplicateHistory {
  readonly replicate: number;
  readonly skills: readonly SkillLife[];
  readonly rounds: readonly SkillRound[];
  readonly evolutions: readonly Evolution[];
}

const NO_STANDING: SkillStanding = { confidence: 0, weight: 0, evidence: 0, hits: 0, agreed: 0, refuted: 0 };

export class SkillRecorder implements LibraryObserver {
  /** The round being played (evaluation rounds 1, 2, …; a prior batch's rounds ≤ 0). */
  round = 0;
  /** Tasks of the round played so far. */
  task = 0;
  private readonly lives: (SkillLife | undefined)[];
  private readonly skills: SkillLife[] = [];
  /** The library's skill behind each life, in the same order. */
  private readonly skillsOf: Skill[] = [];
  private readonly rows: SkillRound[] = [];
  private readonly evolutions: Evolution[] = [];
  /** Per slot, this round's sums. */
  private readonly roundTests: Float64Array;
  private readonly roundAgreed: Float64Array;
  private readonly roundRefuted: Float64Array;
  private readonly roundExplored: Float64Array;
  private readonly roundRetrieved: Float64Array;
  /** Per slot: touched this round (an entry, an exit, a test, a retrieval); in the library. */
  private readonly touched: Uint8Array;
  private readonly touchedSlots: Skill[] = [];
  private restoring = false;
  /** Inside an evolution: entries and exits counted, and the library's size before. */
  private evolving = false;
  private evolutionEntered = 0;
  private evolutionLeft = 0;
  private sizeBefore = 0;

  constructor(
    private readonly library: Library,
    private readonly evolver: Evolver,
    slots: number,
  ) {
    this.lives = new Array<SkillLife | undefined>(slots);
    this.roundTests = new Float64Array(slots);
    this.roundAgreed = new Float64Array(slots);
    this.roundRefuted = new Float64Array(slots);
    this.roundExplored = new Float64Array(slots);
    this.roundRetrieved = new Float64Array(slots);
    this.touched = new Uint8Array(slots);
    library.attach(this);
  }

  private touch(skill: Skill): void {
    if (this.touched[skill.slot] === 1) return;
    this.touched[skill.slot] = 1;
    this.touchedSlots.push(skill);
  }

  entered(skill: Skill): void {
    this.touch(skill);
    if (this.evolving) this.evolutionEntered++;
    const known = this.lives[skill.slot];
    if (known !== undefined) {
      known.entries++;
      known.exitRound = known.exitTask = known.exitReason = null;
      return;
    }
    const life: SkillLife = {
      skill: this.skills.length + 1,
      context: skill.context,
      position: skill.position,
      value: skill.value,
      claim: skill.name,
      origin: this.restoring ? 'loaded' : 'evolved',
      bornRound: this.round,
      bornTask: this.task,
      entries: 1,
      exitRound: null,
      exitTask: null,
      exitReason: null,
      final: NO_STANDING,
    };
    this.lives[skill.slot] = life;
    this.skills.push(life);
    this.skillsOf.push(skill);
  }

  left(skill: Skill, reason: ExitReason): void {
    const life = this.lives[skill.slot];
    if (life === undefined) return;
    this.touch(skill);
    if (this.evolving) this.evolutionLeft++;
    life.exitRound = this.round;
    life.exitTask = this.task;
    life.exitReason = reason;
  }

  settled(skill: Skill, tests: number, agreed: number, refuted: number, explored: number): void {
    const slot = skill.slot;
    // A skill tested while outside the library (a lifecycle's candidate) has no life yet: nothing to record.
    if (this.lives[slot] === undefined) return;
    this.touch(skill);
    this.roundTests[slot]! += tests;
    this.roundAgreed[slot]! += agreed;
    this.roundRefuted[slot]! += refuted;
    if (explored === UNKNOWN || this.roundExplored[slot] === UNKNOWN) this.roundExplored[slot] = UNKNOWN;
    else this.roundExplored[slot]! += explored;
  }

  retrieved(skill: Skill, tasks: number): void {
    this.touch(skill);
    this.roundRetrieved[skill.slot]! += tasks;
  }

  /** Start from a saved library, before the first round (recorded as round 0). */
  restore(skills: Parameters<Library['restore']>[0]): void {
    this.round = 0;
    this.task = 0;
    this.restoring = true;
    this.library.restore(skills);
    this.restoring = false;
    this.endRound();
  }

  beginRound(round: number): void {
    this.round = round;
    this.task = 0;
  }

  evolutionStarts(): void {
    this.evolving = true;
    this.evolutionEntered = this.evolutionLeft = 0;
    this.sizeBefore = this.library.size;
  }

  evolutionEnded(): void {
    this.evolving = false;
    this.evolutions.push({
      round: this.round,
      task: this.task,
      samples: this.evolver.evidence,
      claims: this.evolver.claims,
      entered: this.evolutionEntered,
      kept: this.sizeBefore - this.evolutionLeft,
      left: this.evolutionLeft,
    });
  }

  /** The life of the skill in `slot`: one that the round touched has one. */
  private lifeAt(slot: number): SkillLife {
    const life = this.lives[slot];
    if (life === undefined) throw new RangeError(`skill lives: no skill in slot ${slot}`);
    return life;
  }

  /** The round has ended: a row for every skill in the library or touched in the round, in skill order. */
  endRound(): void {
    for (const skill of this.library.skills) this.touch(skill);
    const ended = this.touchedSlots.filter((s) => this.lives[s.slot] !== undefined);
    ended.sort((a, b) => this.lifeAt(a.slot).skill - this.lifeAt(b.slot).skill);
    const inLibrary = new Set(this.library.skills);
    for (const skill of ended) {
      const slot = skill.slot;
      const { samples, holding } = this.evolver.evidenceFor(skill.context, skill.position, skill.value);
      const explored = at(this.roundExplored, slot, 'explored tests by slot');
      this.rows.push({
        skill: this.lifeAt(slot).skill,
        round: this.round,
        inLibrary: inLibrary.has(skill),
        confidence: skill.confidence,
        weight: skill.weight,
        evidence: skill.evidence,
        samples,
        share: samples > 0 ? holding / samples : null,
        tests: at(this.roundTests, slot, 'tests by slot'),
        agreed: at(this.roundAgreed, slot, 'agreements by slot'),
        refuted: at(this.roundRefuted, slot, 'refutations by slot'),
        explored: explored === UNKNOWN ? null : explored,
        retrieved: at(this.roundRetrieved, slot, 'retrievals by slot'),
      });
      this.roundTests[slot] =
        this.roundAgreed[slot] =
        this.roundRefuted[slot] =
        this.roundExplored[slot] =
        this.roundRetrieved[slot] =
          0;
      this.touched[slot] = 0;
    }
    for (const skill of this.touchedSlots) this.touched[skill.slot] = 0;
    this.touchedSlots.length = 0;
  }

  history(replicate: number): ReplicateHistory {
    this.skills.forEach((life, i) => {
      const { confidence, weight, evidence, hits, agreed, refuted } = at(this.skillsOf, i, 'skills');
      life.final = { confidence, weight, evidence, hits, agreed, refuted };
    });
    return { replicate, skills: this.skills, rounds: this.rows, evolutions: this.evolutions };
  }
}
