/**
 * The skill library and its accounting. Each recorded high-score sample tests every skill in the library
 * that applies in the sample's context (hits + 1) and refutes the ones whose value at their position it
 * does not hold (refuted + 1).
 *
 * A skill is identified by its claim (scope, position, value): when an evolution re-emits a claim the
 * library already holds, the same skill is updated in place and keeps its test record. Updates allocate
 * nothing once a claim has been seen, since the Evolver may run after every task.
 */
import type { LibraryUpdate } from './config.js';
import { EVERY_CONTEXT, skillName, type ClaimNamer, type Skill, type SkillClaim } from './skill.js';

/** Where an evolution's claims go. `context` is the claim's scope (default 0; EVERY_CONTEXT when pooled). */
export interface ClaimSink {
  emit(position: number, value: number, confidence: number, evidence: number, context?: number): void;
}

const defaultNamer: ClaimNamer = (_context, position, value) => skillName(position, value);

export class Library implements ClaimSink {
  private readonly byClaim: (Skill | undefined)[];
  /** The evolution in which each claim slot was last emitted. */
  private readonly emittedIn: Int32Array;
  private readonly current: Skill[] = [];
  private evolution = 0;
  private mode: LibraryUpdate = 'replace';
  /** Incremented whenever the set of skills or their ranking fields may have changed. */
  version = 0;
  /** Tests and refutations so far. */
  tests = 0;
  refutations = 0;

  constructor(
    private readonly positions: number,
    private readonly arity: number,
    readonly contexts = 1,
    private readonly namer: ClaimNamer = defaultNamer,
  ) {
    const slots = (contexts + 1) * positions * arity;
    this.byClaim = new Array<Skill | undefined>(slots);
    this.emittedIn = new Int32Array(slots);
  }

  get size(): number {
    return this.current.length;
  }

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
    this.version++;
  }

  /** The slot of a claim: scope (every context first, then each context), position, value. */
  slotOf(context: number, position: number, value: number): number {
    return ((context + 1) * this.positions + position) * this.arity + value;
  }

  /** The skill ever created for a claim, whether or not it is in the library now. */
  skillAt(slot: number): Skill | undefined {
    return this.byClaim[slot];
  }

  /** The skill for a claim, created (outside the library) the first time the claim is seen. */
  skillFor(context: number, position: number, value: number): Skill {
    const slot = this.slotOf(context, position, value);
    let skill = this.byClaim[slot];
    if (skill === undefined) {
      const name = this.namer(context === EVERY_CONTEXT && this.contexts === 1 ? 0 : context, position, value);
      skill = { name, context, position, value, slot, confidence: 0, weight: 0, evidence: 0, hits: 0, refuted: 0, excluded: null };
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

  beginUpdate(mode: LibraryUpdate): void {
    this.mode = mode;
    this.evolution++;
  }

  emit(position: number, value: number, confidence: number, evidence: number, context = 0): void {
    const skill = this.skillFor(context, position, value);
    skill.confidence = confidence;
    skill.weight = confidence;
    skill.evidence = evidence;
    if (!this.current.includes(skill)) this.current.push(skill);
    this.emittedIn[skill.slot] = this.evolution;
  }

  endUpdate(): void {
    if (this.mode === 'replace') {
      // Keep, in order, only the skills emitted by this evolution.
      let kept = 0;
      for (const skill of this.current) {
        if (this.emittedIn[skill.slot] === this.evolution) this.current[kept++] = skill;
      }
      if (kept !== this.current.length) this.current.length = kept;
    }
    this.version++;
  }

  /** Add a skill that is not in the library (lifecycle policies manage membership themselves). */
  add(skill: Skill): void {
    if (!this.current.includes(skill)) this.current.push(skill);
    this.version++;
  }

  /** Remove a skill from the library (it keeps its record for if it ever returns). */
  remove(skill: Skill): void {
    const i = this.current.indexOf(skill);
    if (i >= 0) this.current.splice(i, 1);
    this.version++;
  }

  /** A recorded high-score sample, in a context, tests every skill that applies there. */
  test(code: Int32Array, context = 0): void {
    const skills = this.current;
    for (let i = 0; i < skills.length; i++) {
      const skill = skills[i]!;
      if (skill.context !== context && (skill.context !== EVERY_CONTEXT || (skill.excluded !== null && skill.excluded[context] === 1))) continue;
      skill.hits++;
      this.tests++;
      if (code[skill.position] !== skill.value) {
        skill.refuted++;
        this.refutations++;
      }
    }
  }
}
