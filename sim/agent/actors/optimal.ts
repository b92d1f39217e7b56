/**
 * The optimal Actor: plays the policy that minimises expected attempts for a truth uniform over the
 * candidates (the constraint's pool, narrowed by every feedback of the task), looked up in the exact
 * solver's table (sim/agent/solver/optimal.ts). Binary locks up to OPTIMAL_MAX_BITS only.
 *
 * The solver's policy is deterministic, so against a fixed truth it would take the same path every task.
 * Each task therefore relabels the free positions by a random XOR mask t: the Actor works in relabelled
 * codes y = x ⊕ t (scores are unchanged by relabelling both sides), which makes its expected attempts
 * equal the solver's value for every truth in the pool, not just on average over truths.
 *
 * Candidate sets are bitsets over the 2^N codes, filtered in place after each feedback; a lookup in the
 * solver's table does not allocate. A set never seen before (after an exploring attempt, say) is solved
 * once and remembered for the whole program; the solver is a pure function of the set, so results do
 * not depend on what was solved before.
 */
import { add, count, members, popcount32, wordsFor } from '../solver/bitset.js';
import { OptimalOpener } from '../solver/optimal.js';
import type { Constraint } from '../constraint.js';
import type { Stream } from '../../core/rng.js';
import type { GuessPolicy } from './policy.js';
import { drawUniform } from './uniform.js';

const openers = new Map<number, OptimalOpener>();

/** One solver per lock length, shared by every Actor in the program. */
export function openerFor(bits: number): OptimalOpener {
  let o = openers.get(bits);
  if (o === undefined) {
    o = new OptimalOpener(bits);
    openers.set(bits, o);
  }
  return o;
}

export class OptimalPolicy implements GuessPolicy {
  abandonedConstraint = false;
  readonly remembers = true;
  private readonly opener: OptimalOpener;
  private readonly codes: number;
  /** The constraint's pool, relabelled. */
  private readonly pool: Uint32Array;
  /** Codes consistent with the task's feedback (no constraint), relabelled. */
  private readonly consistent: Uint32Array;
  /** consistent ∩ pool. */
  private readonly candidates: Uint32Array;
  private readonly list: Int32Array;
  private mask = 0;
  private constrained = false;
  private contradicted = false;

  constructor(private readonly bits: number) {
    this.opener = openerFor(bits);
    this.codes = 1 << bits;
    const words = wordsFor(bits);
    this.pool = new Uint32Array(words);
    this.consistent = new Uint32Array(words);
    this.candidates = new Uint32Array(words);
    this.list = new Int32Array(this.codes);
  }

  beginTask(guess: Stream, constraint: Constraint | null): void {
    const bits = this.bits;
    this.abandonedConstraint = false;
    this.contradicted = false;
    this.constrained = constraint !== null;
    // Relabel only free positions, so the pool keeps its fixed values.
    let freeMask = 0;
    let fixedBits = 0;
    let fixedMask = 0;
    for (let p = 0; p < bits; p++) {
      const v = constraint === null ? -1 : constraint.values[p]!;
      if (v === -1) freeMask |= 1 << p;
      else {
        fixedMask |= 1 << p;
        if (v === 1) fixedBits |= 1 << p;
      }
    }
    this.mask = guess.int32() & freeMask;
    // The pool, relabelled: fixed positions hold their values; free ones avoid banned values (HExA mistakes).
    const bans = constraint?.activeBans?.blocked ?? null;
    this.pool.fill(0);
    for (let y = 0; y < this.codes; y++) {
      if ((y & fixedMask) !== fixedBits) continue;
      if (bans !== null && this.banned(y ^ this.mask, freeMask, bans)) continue;
      add(this.pool, y);
    }
    this.fillAll(this.consistent);
    this.candidates.set(this.pool);
  }

  choose(code: Int32Array, guess: Stream, constraint: Constraint | null): void {
    if (this.contradicted) {
      drawUniform(code, guess, null, 2);
      return;
    }
    let set = this.consistent;
    if (constraint !== null && this.constrained && !this.abandonedConstraint) {
      // An empty pool (every value of a position banned) or feedback against it: drop the constraint.
      if (count(this.candidates) > 0) set = this.candidates;
      else this.abandonedConstraint = true;
    }
    if (count(set) === 0) {
      // Feedback fits no code (noise): guess uniformly for the rest of the task.
      this.contradicted = true;
      drawUniform(code, guess, null, 2);
      return;
    }
    const x = this.opener.move(set) ^ this.mask;
    for (let p = 0; p < this.bits; p++) code[p] = (x >>> p) & 1;
  }

  observe(code: Int32Array, score: number): void {
    let x = 0;
    for (let p = 0; p < this.bits; p++) x |= code[p]! << p;
    const y = x ^ this.mask;
    this.keepScoring(this.consistent, y, score);
    this.keepScoring(this.candidates, y, score);
  }

  /** Remove from `set` every code that would not score `score` against `y`. */
  private keepScoring(set: Uint32Array, y: number, score: number): void {
    const n = members(set, this.list);
    for (let i = 0; i < n; i++) {
      const z = this.list[i]!;
      if (this.bits - popcount32(y ^ z) !== score) set[z >>> 5] = (set[z >>> 5]! & ~(1 << (z & 31))) >>> 0;
    }
  }

  /** Whether code x holds a banned value at a free position. */
  private banned(x: number, freeMask: number, blocked: Uint8Array): boolean {
    for (let p = 0; p < this.bits; p++)
      if (((freeMask >>> p) & 1) === 1 && blocked[p * 2 + ((x >>> p) & 1)] === 1) return true;
    return false;
  }

  private fillAll(set: Uint32Array): void {
    set.fill(0);
    for (let y = 0; y < this.codes; y++) add(set, y);
  }
}
