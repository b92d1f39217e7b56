/**
 * evobelief (EvoBelief-style falsifiable rules; docs/worlds-and-policies.md). A claim from the Evolver is a proposed
 * rule:
 * it joins the library as a candidate (tested, never retrieved) and is validated by `trials` tests. If at
 * least `promote` of them agree it becomes active with confidence := that share; otherwise it stays a
 * candidate and a new batch of trials begins. Every counterexample to an active rule multiplies its
 * confidence by `decay`; below `retire` the rule is retired, otherwise its scope is narrowed to exclude
 * the contexts the counterexamples came from (possible only for rules that span several contexts).
 */
import { EVERY_CONTEXT, type Skill } from '../skill.js';
import { BaseLifecycle, type LifecycleParts } from './lifecycle.js';

export class EvoBeliefLifecycle extends BaseLifecycle {
  /** 1 while a rule is active (promoted), 0 while it is a candidate. */
  private readonly active: Uint8Array;
  private readonly trials: Int32Array;
  private readonly agreed: Int32Array;

  constructor(parts: LifecycleParts, slots: number) {
    super(parts, slots);
    this.active = new Uint8Array(slots);
    this.trials = new Int32Array(slots);
    this.agreed = new Int32Array(slots);
  }

  protected override rank(skill: Skill): number {
    return this.active[skill.slot] === 1 ? skill.confidence : 0;
  }

  protected reemitted(skill: Skill, _confidence: number, evidence: number): void {
    skill.evidence = evidence;
  }

  protected proposed(skill: Skill, confidence: number, evidence: number): void {
    const slot = skill.slot;
    this.active[slot] = 0;
    this.trials[slot] = 0;
    this.agreed[slot] = 0;
    skill.excluded = null;
    this.admit(skill, confidence, evidence);
  }

  protected tested(skill: Skill, confirmed: number, refuted: number): void {
    const rules = this.config.evobelief;
    const slot = skill.slot;
    const where = this.contextDeltas(skill);
    if (this.active[slot] === 0) {
      this.trials[slot]! += confirmed + refuted;
      this.agreed[slot]! += confirmed;
      if (this.trials[slot]! < rules.trials) return;
      const rate = this.agreed[slot]! / this.trials[slot]!;
      if (rate >= rules.promote) {
        this.active[slot] = 1;
        skill.confidence = rate;
      }
      this.trials[slot] = 0;
      this.agreed[slot] = 0;
      return;
    }
    if (refuted === 0) return;
    skill.confidence *= rules.decay ** refuted;
    if (skill.confidence < rules.retire) {
      this.active[slot] = 0;
      this.retire(skill);
    } else if (skill.context === EVERY_CONTEXT && where !== null) {
      skill.excluded ??= new Uint8Array(this.contexts);
      for (let c = 0; c < this.contexts; c++) if (where[2 * c + 1]! > 0) skill.excluded[c] = 1;
    }
  }
}
