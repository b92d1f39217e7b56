/**
 * The skill library and its accounting. Each recorded high-score sample tests every skill in the library
 * (hits + 1) and refutes the ones whose value at their position it does not hold (refuted + 1).
 *
 * A skill is identified by its claim (position, value): when an evolution re-emits a claim the library
 * already holds, the same skill is updated in place and keeps its test record. Updates allocate nothing
 * once a claim has been seen, since the Evolver may run after every task.
 */
import type { LibraryUpdate } from './config.js';
import { skillName, type Skill, type SkillClaim } from './skill.js';

/** Where an evolution's claims go. */
export interface ClaimSink {
  emit(position: number, value: number, confidence: number, evidence: number): void;
}

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

  constructor(positions: number, private readonly arity: number) {
    this.byClaim = new Array<Skill | undefined>(positions * arity);
    this.emittedIn = new Int32Array(positions * arity);
  }

  get size(): number {
    return this.current.length;
  }

  get skills(): readonly Skill[] {
    return this.current;
  }

  /** Apply an evolution's claims. `replace` drops skills that were not re-emitted; `merge` keeps them. */
  update(claims: readonly SkillClaim[], mode: LibraryUpdate): void {
    this.beginUpdate(mode);
    for (const c of claims) this.emit(c.position, c.value, c.confidence, c.evidence);
    this.endUpdate();
  }

  beginUpdate(mode: LibraryUpdate): void {
    this.mode = mode;
    this.evolution++;
  }

  emit(position: number, value: number, confidence: number, evidence: number): void {
    const slot = position * this.arity + value;
    let skill = this.byClaim[slot];
    if (skill === undefined) {
      skill = { name: skillName(position, value), position, value, confidence, evidence, hits: 0, refuted: 0 };
      this.byClaim[slot] = skill;
    }
    skill.confidence = confidence;
    skill.evidence = evidence;
    if (!this.current.includes(skill)) this.current.push(skill);
    this.emittedIn[slot] = this.evolution;
  }

  endUpdate(): void {
    if (this.mode === 'replace') {
      // Keep, in order, only the skills emitted by this evolution.
      let kept = 0;
      for (const skill of this.current) {
        if (this.emittedIn[skill.position * this.arity + skill.value] === this.evolution) this.current[kept++] = skill;
      }
      if (kept !== this.current.length) this.current.length = kept;
    }
    this.version++;
  }

  /** A recorded high-score sample tests every skill in the library. */
  test(code: Int32Array): void {
    const skills = this.current;
    for (let i = 0; i < skills.length; i++) {
      const skill = skills[i]!;
      skill.hits++;
      this.tests++;
      if (code[skill.position] !== skill.value) {
        skill.refuted++;
        this.refutations++;
      }
    }
  }
}
