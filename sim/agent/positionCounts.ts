/**
 * How many counted codes hold each value at each position, per group (a context, or all pooled): the
 * sufficient statistics of the Evolver and of the library's pending tests.
 *
 * A code of a small binary world (at most SMALL_BITS positions) arrives as one bit word and is tallied by
 * code — one increment instead of one per position; the tallies are folded into the per-position counts
 * only when the counts are read (`settle`), so folding costs at most one pass per distinct code seen.
 */
import { fillAll } from '../core/fill.js';

/** Widest binary code tallied by code (2^8 tallies per group). */
export const SMALL_BITS = 8;

export class PositionCounts {
  /** counts[(group × positions + p) × arity + v]; current only after `settle`. */
  readonly counts: Int32Array;
  /** Tallies per (group, code) not yet folded into `counts` (small binary worlds only). */
  private readonly tallies: Int32Array;
  /** Indices of the non-zero tallies. */
  private readonly touched: Int32Array;
  private pending = 0;

  constructor(
    groups: number,
    private readonly positions: number,
    private readonly arity: number,
  ) {
    this.counts = new Int32Array(groups * positions * arity);
    const small = arity === 2 && positions <= SMALL_BITS;
    this.tallies = new Int32Array(small ? groups << positions : 0);
    this.touched = new Int32Array(this.tallies.length);
  }

  /** Count a code given value by value. */
  add(group: number, code: Int32Array): void {
    const arity = this.arity;
    const base = group * this.positions * arity;
    for (let p = 0; p < this.positions; p++) this.counts[base + p * arity + code[p]!]!++;
  }

  /** Count a binary code given as bit words (sim/core/bitCode.ts). */
  addBits(group: number, words: Int32Array): void {
    if (this.tallies.length > 0) return this.addWord(group, words[0]!);
    const n = this.positions;
    const base = group * n * 2;
    for (let p = 0; p < n; p++) this.counts[base + 2 * p + ((words[p >>> 5]! >>> (p & 31)) & 1)]!++;
  }

  /** Count a binary code of at most 32 positions given as one bit word. */
  addWord(group: number, word: number): void {
    const n = this.positions;
    if (this.tallies.length > 0) {
      const i = (group << n) | word;
      if (this.tallies[i]!++ === 0) this.touched[this.pending++] = i;
      return;
    }
    const base = group * n * 2;
    for (let p = 0; p < n; p++) this.counts[base + 2 * p + ((word >>> p) & 1)]!++;
  }

  /** Count `count` binary codes of at most 32 positions, one bit word each: `words[0 … count)`. */
  addWords(group: number, words: Int32Array, count: number): void {
    if (this.tallies.length === 0) {
      for (let k = 0; k < count; k++) this.addWord(group, words[k]!);
      return;
    }
    const tallies = this.tallies;
    const touched = this.touched;
    const base = group << this.positions;
    let pending = this.pending;
    for (let k = 0; k < count; k++) {
      const i = base | words[k]!;
      if (tallies[i]!++ === 0) touched[pending++] = i;
    }
    this.pending = pending;
  }

  /** Count codes of at most SMALL_BITS positions given as counts by code: `byCode[c]` codes c. */
  addByCode(group: number, byCode: Int32Array): void {
    const tallies = this.tallies;
    if (tallies.length === 0) {
      for (let c = 0; c < byCode.length; c++) for (let k = byCode[c]!; k > 0; k--) this.addWord(group, c);
      return;
    }
    const base = group << this.positions;
    for (let c = 0; c < byCode.length; c++) {
      const times = byCode[c]!;
      if (times === 0) continue;
      const i = base | c;
      if (tallies[i] === 0) this.touched[this.pending++] = i;
      tallies[i]! += times;
    }
  }

  /** Fold the tallies into `counts`. */
  settle(): void {
    const n = this.positions;
    const mask = (1 << n) - 1;
    for (let k = 0; k < this.pending; k++) {
      const i = this.touched[k]!;
      const times = this.tallies[i]!;
      const code = i & mask;
      const base = (i >>> n) * n * 2;
      for (let p = 0; p < n; p++) this.counts[base + 2 * p + ((code >>> p) & 1)]! += times;
      this.tallies[i] = 0;
    }
    this.pending = 0;
  }

  /** Forget everything. */
  clear(): void {
    fillAll(this.counts, 0);
    for (let k = 0; k < this.pending; k++) this.tallies[this.touched[k]!] = 0;
    this.pending = 0;
  }
}
