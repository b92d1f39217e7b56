/**
 * The skill library and its accounting. Each recorded high-score sample tests every skill in the library
 * (hits + 1) and refutes the ones whose value at their position it does not hold (refuted + 1).
 *
 * A skill is identified by its claim (position, value): when an evolution re-emits a claim the library
 * already holds, the same skill is updated in place and keeps its test record.
 */
import type { LibraryUpdate } from './config.js';
import { skillName, type Skill, type SkillClaim } from './skill.js';

export class Library {
  private readonly byClaim: (Skill | undefined)[];
  private current: Skill[] = [];
  /** Incremented whenever the set of skills or their ranking fields change. */
  version = 0;
  /** Tests and refutations since the last `takeCounts`. */
  tests = 0;
  refutations = 0;

  constructor(private readonly positions: number, private readonly arity: number) {
    this.byClaim = new Array<Skill | undefined>(positions * arity);
  }

  get size(): number {
    return this.current.length;
  }

  get skills(): readonly Skill[] {
    return this.current;
  }

  /** Apply an evolution's claims. `replace` drops skills that were not re-emitted; `merge` keeps them. */
  update(claims: readonly SkillClaim[], mode: LibraryUpdate): void {
    const next: Skill[] = mode === 'merge' ? this.current.slice() : [];
    for (const claim of claims) {
      const slot = claim.position * this.arity + claim.value;
      let skill = this.byClaim[slot];
      if (skill === undefined) {
        skill = { name: skillName(claim.position, claim.value), position: claim.position, value: claim.value, confidence: 0, evidence: 0, hits: 0, refuted: 0 };
        this.byClaim[slot] = skill;
      }
      skill.confidence = claim.confidence;
      skill.evidence = claim.evidence;
      if (!next.includes(skill)) next.push(skill);
    }
    this.current = next;
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

  /** Number of (position, value) slots; positions × arity. */
  get slots(): number {
    return this.positions * this.arity;
  }
}
