/**
 * The skill library and its accounting. Each recorded high-score sample tests every skill in the library
 * that applies in the sample's context (hits + 1) and refutes the ones whose value at their position it
 * does not hold (refuted + 1).
 *
 * A skill is identified by its claim (scope, position, value): when an evolution re-emits a claim the
 * library already holds, the same skill is updated in place and keeps its test record.
 */
import type { LibraryUpdate } from './config.js';
import { EVERY_CONTEXT, skillName, type ClaimNamer, type Skill, type SkillClaim } from './skill.js';

const defaultNamer: ClaimNamer = (_context, position, value) => skillName(position, value);

export class Library {
  private readonly byClaim: (Skill | undefined)[];
  private current: Skill[] = [];
  /** Incremented whenever the set of skills or their ranking fields change. */
  version = 0;
  /** Tests and refutations since the last `takeCounts`. */
  tests = 0;
  refutations = 0;

  constructor(
    private readonly positions: number,
    private readonly arity: number,
    readonly contexts = 1,
    private readonly namer: ClaimNamer = defaultNamer,
  ) {
    this.byClaim = new Array<Skill | undefined>((contexts + 1) * positions * arity);
  }

  get size(): number {
    return this.current.length;
  }

  get skills(): readonly Skill[] {
    return this.current;
  }

  /** The slot of a claim: scope (every context first, then each context), position, value. */
  slotOf(context: number, position: number, value: number): number {
    return ((context + 1) * this.positions + position) * this.arity + value;
  }

  /** The skill ever created for a claim, whether or not it is in the library now. */
  skillAt(slot: number): Skill | undefined {
    return this.byClaim[slot];
  }

  /** The skill for a claim, created (outside the library) if it never existed. */
  skillFor(claim: SkillClaim): Skill {
    const slot = this.slotOf(claim.context, claim.position, claim.value);
    let skill = this.byClaim[slot];
    if (skill === undefined) {
      const name = this.namer(claim.context === EVERY_CONTEXT && this.contexts === 1 ? 0 : claim.context, claim.position, claim.value);
      skill = { name, context: claim.context, position: claim.position, value: claim.value, slot, confidence: 0, evidence: 0, hits: 0, refuted: 0, excluded: null };
      this.byClaim[slot] = skill;
    }
    return skill;
  }

  /** Apply an evolution's claims. `replace` drops skills that were not re-emitted; `merge` keeps them. */
  update(claims: readonly SkillClaim[], mode: LibraryUpdate): void {
    const next: Skill[] = mode === 'merge' ? this.current.slice() : [];
    for (const claim of claims) {
      const skill = this.skillFor(claim);
      skill.confidence = claim.confidence;
      skill.evidence = claim.evidence;
      if (!next.includes(skill)) next.push(skill);
    }
    this.current = next;
    this.version++;
  }

  /** Replace the set of skills (lifecycle policies manage membership themselves). */
  setSkills(skills: Skill[]): void {
    this.current = skills;
    this.version++;
  }

  /** A recorded high-score sample, in a context, tests every skill that applies there. */
  test(code: Int32Array, context: number): void {
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

  /** Number of (position, value) slots; positions × arity. */
  get slots(): number {
    return this.positions * this.arity;
  }
}
