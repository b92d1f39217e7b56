/**
 * beta (Beta–Bernoulli skill estimates, as in public "Bayesian agent" code). Each skill holds a Beta
 * posterior over "a high-score sample agrees with it": the prior (alpha, beta) plus the Evolver's evidence
 * when it is admitted (confidence × evidence agreeing, the rest not), then every test. The Retriever
 * ranks by the posterior mean. A skill with at least `retireFailures` failures and a posterior mean below
 * `retireBelow` is retired. A skill spanning every context that has been seen in `splitContexts` contexts
 * with `splitObservations` observations each is split into per-context skills carrying that context's
 * record; the pooled claim is not re-admitted afterwards.
 */
import { EVERY_CONTEXT, type Skill } from '../skill.js';
import { BaseLifecycle, type LifecycleParts } from './lifecycle.js';

export class BetaLifecycle extends BaseLifecycle {
  private readonly alpha: Float64Array;
  private readonly beta: Float64Array;
  private readonly splitDone: Uint8Array;
  /** Per every-context skill: [agreements, failures] per context since it was admitted. */
  private readonly byContext = new Map<number, Float64Array>();

  constructor(parts: LifecycleParts, slots: number) {
    super(parts, slots);
    this.alpha = new Float64Array(slots);
    this.beta = new Float64Array(slots);
    this.splitDone = new Uint8Array(slots);
  }

  /** Posterior mean. */
  protected override rank(skill: Skill): number {
    const a = this.alpha[skill.slot]!;
    return a / (a + this.beta[skill.slot]!);
  }

  protected reemitted(skill: Skill, _confidence: number, evidence: number): void {
    skill.evidence = evidence;
  }

  protected proposed(skill: Skill, confidence: number, evidence: number): void {
    if (this.splitDone[skill.slot] === 1) return;
    const rules = this.config.beta;
    this.alpha[skill.slot] = rules.alpha + confidence * evidence;
    this.beta[skill.slot] = rules.beta + (1 - confidence) * evidence;
    if (skill.context === EVERY_CONTEXT && this.contexts > 1) {
      this.byContext.set(skill.slot, new Float64Array(2 * this.contexts));
      this.contextDeltas(skill); // start counting per context from now
    }
    this.admitWithMean(skill, evidence);
  }

  private admitWithMean(skill: Skill, evidence: number): void {
    this.admit(skill, this.rank(skill), evidence);
  }

  protected tested(skill: Skill, confirmed: number, refuted: number): void {
    const rules = this.config.beta;
    const slot = skill.slot;
    this.alpha[slot]! += confirmed;
    this.beta[slot]! += refuted;
    skill.confidence = this.rank(skill);
    if (this.beta[slot]! - rules.beta >= rules.retireFailures && skill.confidence < rules.retireBelow) {
      this.retire(skill);
      return;
    }
    const record = this.byContext.get(slot);
    const where = this.contextDeltas(skill);
    if (record === undefined || where === null) return;
    for (let c = 0; c < this.contexts; c++) {
      record[2 * c]! += where[2 * c]!;
      record[2 * c + 1]! += where[2 * c + 1]!;
    }
    let seen = 0;
    for (let c = 0; c < this.contexts; c++) if (record[2 * c]! + record[2 * c + 1]! >= rules.splitObservations) seen++;
    if (seen >= rules.splitContexts) this.split(skill, record);
  }

  /** Replace an every-context skill by one skill per context it was observed in, each with that context's record. */
  private split(skill: Skill, record: Float64Array): void {
    const rules = this.config.beta;
    this.splitDone[skill.slot] = 1;
    this.byContext.delete(skill.slot);
    this.drop(skill);
    for (let c = 0; c < this.contexts; c++) {
      const agreed = record[2 * c]!;
      const failed = record[2 * c + 1]!;
      if (agreed + failed === 0) continue;
      const child = this.library.skillFor(c, skill.position, skill.value);
      if (this.inLibrary(child)) continue;
      this.alpha[child.slot] = rules.alpha + agreed;
      this.beta[child.slot] = rules.beta + failed;
      this.admitWithMean(child, agreed + failed);
    }
  }
}
