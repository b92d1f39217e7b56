/**
 * The Evolver distils skills from high-score samples. It keeps sufficient statistics — per (position,
 * value) counts over the current window — updated as each sample arrives, so an evolution costs
 * O(positions × values) however long the history, and memory does not grow with it.
 */
import type { AgentConfig } from './config.js';
import type { ClaimSink } from './library.js';
import type { SkillClaim } from './skill.js';

export class Evolver {
  private readonly counts: Int32Array;
  private samples = 0;
  /** Codes already counted, for `samples: 'distinct'` only (bounded by the number of distinct high-score codes). */
  private readonly seen = new Set<string>();

  constructor(
    private readonly positions: number,
    private readonly arity: number,
    private readonly rules: Pick<AgentConfig, 'minEvidence' | 'threshold' | 'window' | 'samples'>,
  ) {
    this.counts = new Int32Array(positions * arity);
  }

  /** Number of samples in the current window. */
  get evidence(): number {
    return this.samples;
  }

  /** A new round begins: with a round window, earlier samples are forgotten. */
  beginRound(): void {
    if (this.rules.window === 'round') {
      this.counts.fill(0);
      this.samples = 0;
      this.seen.clear();
    }
  }

  /** Count one high-score sample. */
  observe(code: Int32Array): void {
    if (this.rules.samples === 'distinct') {
      const key = code.join('');
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    this.samples++;
    const arity = this.arity;
    for (let p = 0; p < this.positions; p++) this.counts[p * arity + code[p]!]!++;
  }

  /**
   * The published extraction: with at least `minEvidence` samples, every (position, value) whose share
   * reaches `threshold` becomes a claim with confidence = that share and evidence = the sample count.
   * Claims go straight to `sink` (the library), in (position, value) order.
   */
  evolveInto(sink: ClaimSink): void {
    const n = this.samples;
    if (n < this.rules.minEvidence || n === 0) return;
    const { threshold } = this.rules;
    const arity = this.arity;
    for (let slot = 0; slot < this.counts.length; slot++) {
      const share = this.counts[slot]! / n;
      if (share >= threshold) sink.emit(Math.floor(slot / arity), slot % arity, share, n);
    }
  }

  /** The claims as a list (for inspection and tests). */
  evolve(): SkillClaim[] {
    const claims: SkillClaim[] = [];
    this.evolveInto({ emit: (position, value, confidence, evidence) => claims.push({ position, value, confidence, evidence }) });
    return claims;
  }
}
