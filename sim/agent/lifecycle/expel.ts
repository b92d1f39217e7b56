/**
 * expel (ExpeL insight votes). A claim not in the library is ADDed with `add` votes; an evolution that
 * re-emits it AGREEs (+agree); a claim for the same scope and position with another value EDITs the
 * skill there (the old one leaves, the new one inherits its votes + edit); a review (the tests after a
 * task or an evolution) whose counterexamples outnumber its agreeing samples REMOVEs (−remove, or
 * −removeFull once the list holds `cap` skills) — one vote per review, as ExpeL votes once per comparison.
 * A skill at ≤ 0 votes is dropped (retired). The Retriever ranks by votes.
 */
import type { Skill } from '../skill.js';
import { BaseLifecycle, type LifecycleParts } from './lifecycle.js';

export class ExpelLifecycle extends BaseLifecycle {
  private readonly votes: Float64Array;

  constructor(parts: LifecycleParts, slots: number) {
    super(parts, slots);
    this.votes = new Float64Array(slots);
  }

  protected override rank(skill: Skill): number {
    return Math.max(0, this.votes[skill.slot]!);
  }

  protected reemitted(skill: Skill, confidence: number, evidence: number): void {
    this.votes[skill.slot]! += this.config.expel.agree;
    skill.confidence = confidence;
    skill.evidence = evidence;
  }

  protected proposed(skill: Skill, confidence: number, evidence: number): void {
    const rules = this.config.expel;
    const rival = this.library.skills.find(
      (s) => s.context === skill.context && s.position === skill.position && s.value !== skill.value,
    );
    if (rival !== undefined) {
      this.votes[skill.slot] = this.votes[rival.slot]! + rules.edit;
      this.drop(rival);
    } else {
      this.votes[skill.slot] = rules.add;
    }
    this.admit(skill, confidence, evidence);
  }

  protected tested(skill: Skill, confirmed: number, refuted: number): void {
    if (refuted <= confirmed) return;
    const rules = this.config.expel;
    const cost = this.library.size >= rules.cap ? rules.removeFull : rules.remove;
    this.votes[skill.slot]! -= cost;
    if (this.votes[skill.slot]! <= 0) this.retire(skill);
  }
}
