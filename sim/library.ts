/**
 * The skill library and its accounting. By default each recorded high-score sample tests every skill in
 * the library (hits + 1) and refutes the ones whose value at their position it does not hold (refuted + 1).
 * The article does not define a test, so two hidden choices vary this (see `TestUnit`, `TestTiming`):
 * every attempt may count as a test, and tests may be counted at each evolution, retrospectively, against
 * the attempts recorded since the previous one. For the latter the library keeps per-(position, value)
 * counts of the pending high-score samples, so accounting never stores samples or allocates per attempt.
 *
 * A skill is identified by its claim (position, value): when an evolution re-emits a claim the library
 * already holds, the same skill is updated in place and keeps its test record. Updates allocate nothing
 * once a claim has been seen, since the Evolver may run after every task.
 */
import type { AgentConfig, LibraryUpdate } from './config.js';
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

  private readonly countAny: boolean;
  private readonly atEvolve: boolean;
  /** High-score samples per (position, value) recorded since the last evolution ('evolve' timing only). */
  private readonly pending: Int32Array;
  private pendingHigh = 0;
  private pendingAttempts = 0;

  constructor(
    private readonly positions: number,
    private readonly arity: number,
    accounting: Pick<AgentConfig, 'testUnit' | 'testAt'> = { testUnit: 'high', testAt: 'record' },
  ) {
    this.byClaim = new Array<Skill | undefined>(positions * arity);
    this.emittedIn = new Int32Array(positions * arity);
    this.countAny = accounting.testUnit === 'any';
    this.atEvolve = accounting.testAt === 'evolve';
    this.pending = new Int32Array(this.atEvolve ? positions * arity : 0);
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
    if (this.atEvolve) this.testPending();
  }

  /** Reflect: one attempt was recorded; `high` when its feedback made it a high-score sample. */
  record(code: Int32Array, high: boolean): void {
    if (this.atEvolve) {
      this.pendingAttempts++;
      if (!high) return;
      this.pendingHigh++;
      for (let p = 0; p < this.positions; p++) this.pending[p * this.arity + code[p]!]!++;
      return;
    }
    if (high) this.test(code);
    else if (this.countAny) this.testWithoutRefuting();
  }

  /** A high-score sample tests every skill in the library and refutes those it disagrees with. */
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

  /** An attempt below the high score counts as a test of every skill ('any' unit) but refutes none. */
  private testWithoutRefuting(): void {
    const skills = this.current;
    for (let i = 0; i < skills.length; i++) skills[i]!.hits++;
    this.tests += skills.length;
  }

  /** 'evolve' timing: the library just distilled against the attempts recorded since the last evolution. */
  private testPending(): void {
    const n = this.countAny ? this.pendingAttempts : this.pendingHigh;
    const skills = this.current;
    for (let i = 0; i < skills.length; i++) {
      const skill = skills[i]!;
      const refuted = this.pendingHigh - this.pending[skill.position * this.arity + skill.value]!;
      skill.hits += n;
      skill.refuted += refuted;
      this.tests += n;
      this.refutations += refuted;
    }
    this.pending.fill(0);
    this.pendingHigh = this.pendingAttempts = 0;
  }

  /**
   * Distinct claims that have ever entered the library (a skill dropped and re-emitted counts once), and
   * how many of them contradict `truth` — noise taken for a rule, or a rule gone stale. O(slots).
   */
  everHeld(truth: Int32Array): { readonly distinct: number; readonly wrong: number } {
    let distinct = 0;
    let wrong = 0;
    for (const skill of this.byClaim) {
      if (skill === undefined) continue;
      distinct++;
      if (truth[skill.position] !== skill.value) wrong++;
    }
    return { distinct, wrong };
  }
}
