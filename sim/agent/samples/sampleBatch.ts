/**
 * The one form in which high-score samples travel: the Actor fills a batch as it makes attempts and hands it
 * to the Library (skill tests) and the Evolver (its counts) in one call each — when a task ends, when the
 * batch is full, or once for a whole round run as one batch. Everything they do with samples is a sum and no
 * skill changes while a batch fills, so handing samples over in batches gives what handing them over one by
 * one gives.
 *
 * A batch holds its codes in one of three layouts, fixed when it is made:
 *
 *   'values'   any world: sample k's value at position p is codes[k × positions + p];
 *   'bits'     a binary world, each code as bit words (sim/core/bitCode.ts): sample k is the `stride` words
 *              from codes[k × stride] — one word for codes of at most 32 positions;
 *   'byCode'   a binary world of at most SMALL_BITS positions, the samples counted by code: codes[c] of them
 *              are code c. One increment an attempt, and the batch never fills.
 *
 * A consumer visits a batch by entry: entry i is sample i of a listed batch ('values', 'bits'), or code i of
 * a batch counted by code, standing for `times(i)` samples.
 *
 * Indexes: `codes` is sized in the constructor for `capacity` samples of `stride` words (or one count per
 * code), and every index is an entry below `count` times the stride, so reads are written `codes[i]!`: an
 * assertion the layout proves, with no check per attempt.
 */
import { fillAll } from '../../core/fill.js';
import { bitWords } from '../../core/bitCode.js';

/** Widest binary code counted by code (2^8 counts per batch, and per group in PositionCounts' tallies). */
export const SMALL_BITS = 8;

/** How a batch holds its codes (see the file's comment). */
export type SampleLayout = 'values' | 'bits' | 'byCode';

/** A batch of high-score samples on its way from the Actor to the Library and the Evolver. */
export class SampleBatch {
  /** Attempts the batch covers, high-score samples or not (a test unit of 'any' counts them all). */
  attempts = 0;
  /** High-score samples it holds. */
  count = 0;
  /**
   * Of its attempts, those that explored (ignored the constraint), counted when it is handed over: read only
   * by an observer of skills' lives (history/observer.ts), never by the accounting.
   */
  explored = 0;
  /** The context its attempts were made in. */
  context = 0;
  /** The samples, in the batch's layout (see the file's comment). */
  readonly codes: Int32Array;
  /**
   * Per sample: 0 when it came from exploration kept apart from the Evolver (routing 'separate'), else 1;
   * null when every sample goes to the Evolver.
   */
  readonly routed: Uint8Array | null;
  /** Int32 entries per sample in `codes` (0 when counted by code). */
  readonly stride: number;
  /** Samples it holds before it must be handed over (−1 when counted by code: never full). */
  readonly capacity: number;

  private constructor(
    readonly layout: SampleLayout,
    readonly positions: number,
    capacity: number,
    keepApart: boolean,
  ) {
    this.stride = layout === 'values' ? positions : layout === 'bits' ? bitWords(positions) : 0;
    this.capacity = layout === 'byCode' ? -1 : capacity;
    this.codes = new Int32Array(layout === 'byCode' ? 1 << positions : capacity * this.stride);
    this.routed = keepApart && layout !== 'byCode' ? new Uint8Array(capacity) : null;
  }

  /** Room for `capacity` codes of any world, value by value; `keepApart`: exploration samples are marked. */
  static values(positions: number, capacity: number, keepApart: boolean): SampleBatch {
    return new SampleBatch('values', positions, capacity, keepApart);
  }

  /** Room for `capacity` binary codes as bit words; `keepApart`: exploration samples are marked. */
  static bits(positions: number, capacity: number, keepApart: boolean): SampleBatch {
    return new SampleBatch('bits', positions, capacity, keepApart);
  }

  /** Binary codes of at most SMALL_BITS positions, counted by code (exploration cannot be kept apart). */
  static byCode(positions: number): SampleBatch {
    if (positions > SMALL_BITS) throw new RangeError(`a batch counted by code holds at most ${SMALL_BITS} positions`);
    return new SampleBatch('byCode', positions, 0, false);
  }

  /**
   * For driving a Library or an Evolver by hand: `codes` (value by value) as the high-score samples of
   * `attempts` attempts in `context`; `routed[k]` false keeps sample k from the Evolver.
   */
  static of(
    codes: readonly ArrayLike<number>[],
    options: { readonly context?: number; readonly attempts?: number; readonly routed?: readonly boolean[] } = {},
  ): SampleBatch {
    const batch = SampleBatch.values(codes[0]?.length ?? 0, codes.length, options.routed !== undefined);
    codes.forEach((code, k) => batch.push(code, options.routed?.[k] !== false));
    batch.attempts = options.attempts ?? codes.length;
    batch.context = options.context ?? 0;
    return batch;
  }

  /**
   * Add a high-score sample to a listed batch, its code in the batch's layout (values, or bit words);
   * `kept` false keeps it from the Evolver. Returns whether the batch is now full.
   */
  push(code: ArrayLike<number>, kept: boolean): boolean {
    const stride = this.stride;
    const at = this.count * stride;
    for (let i = 0; i < stride; i++) this.codes[at + i] = code[i]!;
    if (this.routed !== null) this.routed[this.count] = kept ? 1 : 0;
    return ++this.count === this.capacity;
  }

  /** Entries to visit: its samples, or every code when counted by code. */
  get entries(): number {
    return this.layout === 'byCode' ? this.codes.length : this.count;
  }

  /** The samples entry i stands for. */
  times(i: number): number {
    return this.layout === 'byCode' ? this.codes[i]! : 1;
  }

  /** Entry i's code, value by value, into `code`. */
  unpack(i: number, code: Int32Array): void {
    const n = this.positions;
    const codes = this.codes;
    if (this.layout === 'values') {
      for (let p = 0; p < n; p++) code[p] = codes[i * n + p]!;
    } else if (this.layout === 'bits') {
      const at = i * this.stride;
      for (let p = 0; p < n; p++) code[p] = (codes[at + (p >>> 5)]! >>> (p & 31)) & 1;
    } else {
      for (let p = 0; p < n; p++) code[p] = (i >>> p) & 1;
    }
  }

  /** Entry i's code as one bit word (a binary code of at most 32 positions). */
  word(i: number): number {
    if (this.layout === 'byCode') return i;
    if (this.layout === 'bits') return this.codes[i * this.stride]!;
    let bits = 0;
    for (let p = 0; p < this.positions; p++) bits |= this.codes[i * this.positions + p]! << p;
    return bits;
  }

  /** Entry i's code as text, its values written one after another. */
  text(i: number): string {
    let text = '';
    for (let p = 0; p < this.positions; p++) text += this.valueAt(i, p);
    return text;
  }

  /** Entry i's value at position p. */
  valueAt(i: number, p: number): number {
    if (this.layout === 'values') return this.codes[i * this.positions + p]!;
    const word = this.layout === 'bits' ? this.codes[i * this.stride + (p >>> 5)]! : i;
    return (word >>> (p & 31)) & 1;
  }

  /** Empty, for the next attempts. */
  clear(): void {
    if (this.layout === 'byCode') fillAll(this.codes, 0);
    this.count = 0;
    this.attempts = 0;
    this.explored = 0;
  }
}
