/**
 * How many counted codes hold each value at each position, per group (a context, or all pooled): the
 * sufficient statistics of the Evolver and of the library's pending tests. Codes arrive in sample batches
 * (sampleBatch.ts), whole or entry by entry.
 *
 * A code of a small binary world (at most SMALL_BITS positions) is tallied by code — one increment instead
 * of one per position; the tallies are folded into the per-position counts only when the counts are read
 * (`settle`), so folding costs at most one pass per distinct code seen.
 *
 * Indexes: `counts` holds groups × positions × arity entries and `tallies` one per code of up to SMALL_BITS
 * positions per group, sized in the constructor; every index is built from a group, a position and a value in
 * those ranges, so reads are written `a[i]!` — an assertion the sizes prove, with no check per attempt.
 */
import { fillAll } from '../../core/fill.js';
import { SMALL_BITS, type SampleBatch } from './sampleBatch.js';

export class PositionCounts {
  /** counts[(group × positions + p) × arity + v]; current only after `settle`. */
  readonly counts: Int32Array;
  /** Tallies per (group, code) not yet folded into `counts` (small binary worlds only). */
  private readonly tallies: Int32Array;
  /** Indices of the non-zero tallies. */
  private readonly touched: Int32Array;
  private pending = 0;
  /** Whether `counts` may hold anything (`clear` skips zeroing it otherwise). */
  private written = false;

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

  /** Count every sample of a batch in `group`. */
  add(group: number, batch: SampleBatch): void {
    const { codes, count } = batch;
    const tallies = this.tallies;
    if (tallies.length === 0 || batch.layout === 'values') {
      for (let i = 0; i < batch.entries; i++) {
        const times = batch.times(i);
        if (times !== 0) this.addTimes(group, batch, i, times);
      }
      return;
    }
    // A small binary world: each code is one word (or an index counted by code), tallied in one tight loop.
    const touched = this.touched;
    const base = group << this.positions;
    let pending = this.pending;
    if (batch.layout === 'byCode') {
      for (let c = 0; c < codes.length; c++) {
        const times = codes[c]!;
        if (times === 0) continue;
        const i = base | c;
        if (tallies[i] === 0) touched[pending++] = i;
        tallies[i]! += times;
      }
    } else {
      for (let k = 0; k < count; k++) {
        const i = base | codes[k]!;
        if (tallies[i]!++ === 0) touched[pending++] = i;
      }
    }
    this.pending = pending;
  }

  /** Count entry i of a batch (sample i, or code i of a batch counted by code) `times` times in `group`. */
  addTimes(group: number, batch: SampleBatch, i: number, times: number): void {
    if (this.tallies.length > 0) {
      const t = (group << this.positions) | batch.word(i);
      if (this.tallies[t] === 0) this.touched[this.pending++] = t;
      this.tallies[t]! += times;
      return;
    }
    const arity = this.arity;
    const base = group * this.positions * arity;
    this.written = true;
    for (let p = 0; p < this.positions; p++) this.counts[base + p * arity + batch.valueAt(i, p)]! += times;
  }

  /** Fold the tallies into `counts`. */
  settle(): void {
    if (this.pending === 0) return;
    this.written = true;
    const n = this.positions;
    const mask = (1 << n) - 1;
    const { counts, tallies, touched, pending } = this;
    for (let k = 0; k < pending; k++) {
      const i = touched[k]!;
      const times = tallies[i]!;
      const code = i & mask;
      const base = (i >>> n) * n * 2;
      for (let p = 0; p < n; p++) counts[base + 2 * p + ((code >>> p) & 1)]! += times;
      tallies[i] = 0;
    }
    this.pending = 0;
  }

  /**
   * How many counted codes of `group` hold `value` at `position`, without settling: a reader of a few entries
   * (the library's pending tests) sums the tallies not yet folded instead of folding every position of them.
   */
  holding(group: number, position: number, value: number): number {
    let n = this.counts[(group * this.positions + position) * this.arity + value]!;
    const pending = this.pending;
    if (pending === 0) return n;
    const touched = this.touched;
    const tallies = this.tallies;
    const shift = this.positions;
    for (let k = 0; k < pending; k++) {
      const i = touched[k]!;
      if (i >>> shift === group && ((i >>> position) & 1) === value) n += tallies[i]!;
    }
    return n;
  }

  /** Forget everything. */
  clear(): void {
    if (this.written) {
      fillAll(this.counts, 0);
      this.written = false;
    }
    const tallies = this.tallies;
    const touched = this.touched;
    for (let k = 0; k < this.pending; k++) tallies[touched[k]!] = 0;
    this.pending = 0;
  }
}
