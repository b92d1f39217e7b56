/**
 * hexa-paper (HExA, arXiv 2606.29315). A task's reward follows the paper's schedule by attempts used
 * (success 1.0 ≤ 3, 0.75 ≤ 7, 0.5 ≤ 15, 0.25 ≤ 25; failure −0.75 when given up before 10 attempts, else
 * −0.5). A skill's source tasks are the tasks whose high-score samples added support for its claim, and
 * the tasks it was applied in; its confidence = clamp((mean reward of those tasks + 1) / 2, 0.1, 1.0).
 * Each level (context) holds at most `cap` skills — a stronger newcomer evicts the weakest — and at most
 * `mistakes` mistakes: a skill whose confidence falls below `mistakeBelow` becomes a mistake, a value the
 * Actor avoids at that position (oldest mistake dropped first). Not modelled: backfilling from related
 * levels (these worlds have no notion of related levels).
 */
import type { Constraint } from '../constraint.js';
import { EVERY_CONTEXT, type Skill } from '../skill.js';
import type { HexaPaperRules } from './config.js';
import { BaseLifecycle, type LifecycleParts, type TaskOutcome } from './lifecycle.js';

/** The paper's trajectory reward for a task. */
export function paperReward(rules: HexaPaperRules, attempts: number, solved: boolean): number {
  if (!solved) return attempts < rules.giveUp ? rules.failEarly : rules.failLate;
  for (let i = 0; i < rules.bounds.length; i++) if (attempts <= rules.bounds[i]!) return rules.rewards[i]!;
  return rules.rewards[rules.rewards.length - 1]!;
}

export class HexaPaperLifecycle extends BaseLifecycle {
  private readonly meanReward: Float64Array;
  private readonly sources: Int32Array;
  private readonly credited: Uint8Array;
  private readonly isMistake: Uint8Array;
  /** Mistake slots per scope (index context + 1; 0 = every context), oldest first. */
  private readonly mistakes: number[][];
  private readonly before: Int32Array;
  private readonly positions: number;
  private readonly arity: number;

  constructor(parts: LifecycleParts, slots: number, positions: number, arity: number) {
    super(parts, slots);
    this.meanReward = new Float64Array(slots);
    this.sources = new Int32Array(slots);
    this.credited = new Uint8Array(slots);
    this.isMistake = new Uint8Array(slots);
    this.mistakes = Array.from({ length: parts.contexts + 1 }, () => []);
    this.positions = positions;
    this.arity = arity;
    this.before = new Int32Array(positions * arity);
  }

  private get rules(): HexaPaperRules {
    return this.config.paper;
  }

  private confidenceOf(slot: number, fallback: number): number {
    if (this.sources[slot] === 0) return fallback;
    const r = this.rules;
    return Math.min(r.maxConfidence, Math.max(r.minConfidence, (this.meanReward[slot]! + 1) / 2));
  }

  protected reemitted(skill: Skill, _confidence: number, evidence: number): void {
    skill.evidence = evidence;
  }

  protected proposed(skill: Skill, confidence: number, evidence: number): void {
    if (this.isMistake[skill.slot] === 1) return;
    const conf = this.confidenceOf(skill.slot, confidence);
    const peers = this.library.skills.filter((s) => s.context === skill.context);
    if (peers.length >= this.rules.cap) {
      let weakest = peers[0]!;
      for (const s of peers) if (s.confidence < weakest.confidence) weakest = s;
      if (conf <= weakest.confidence) return;
      this.drop(weakest);
    }
    this.admit(skill, conf, evidence);
  }

  protected tested(): void {}

  override beforeTask(taskIndex: number, context: number): void {
    super.beforeTask(taskIndex, context);
    this.before.set(this.evolver.countsOf(context));
  }

  protected override taskDone(outcome: TaskOutcome): void {
    const reward = paperReward(this.rules, outcome.attempts, outcome.solved);
    const scope = this.evolver.scopeOf(outcome.context);
    const after = this.evolver.countsOf(outcome.context);
    const touched: number[] = [];
    for (let i = 0; i < after.length; i++) {
      if (after[i]! > this.before[i]!)
        touched.push(this.library.slotOf(scope, Math.floor(i / this.arity), i % this.arity));
    }
    for (const skill of outcome.applied) touched.push(skill.slot);
    for (const slot of touched) {
      if (this.credited[slot] === 1) continue;
      this.credited[slot] = 1;
      const n = ++this.sources[slot]!;
      const ema = this.rules.ema;
      const mean = this.meanReward[slot]!;
      this.meanReward[slot] = n === 1 ? reward : ema > 0 ? (1 - ema) * mean + ema * reward : mean + (reward - mean) / n;
    }
    for (const slot of touched) this.credited[slot] = 0;
    for (const skill of this.library.skills.slice()) {
      skill.confidence = this.confidenceOf(skill.slot, skill.confidence);
      if (skill.confidence < this.rules.mistakeBelow) this.demote(skill);
    }
  }

  /** A skill turned mistake: out of the library, its value avoided in its scope. */
  private demote(skill: Skill): void {
    this.retire(skill);
    const list = this.mistakes[skill.context + 1]!;
    list.push(skill.slot);
    this.isMistake[skill.slot] = 1;
    if (list.length > this.rules.mistakes) this.isMistake[list.shift()!] = 0;
  }

  banInto(constraint: Constraint, context: number): void {
    for (const key of context === EVERY_CONTEXT ? [0] : [0, context + 1]) {
      for (const slot of this.mistakes[key] ?? []) {
        const within = slot % (this.positions * this.arity);
        constraint.ban(Math.floor(within / this.arity), within % this.arity, this.arity);
      }
    }
  }
}
