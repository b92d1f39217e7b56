import { ActionMask } from '../core/actionMask.js';
import { bitWords } from '../core/bitCode.js';
import { fillAll } from '../core/fill.js';

/**
 * A constraint {position → value} handed to the Actor; −1 marks a free position. It may also ban values
 * at free positions (HExA "mistakes"); `bans` stays null until the first ban.
 */
export class Constraint {
  readonly values: Int32Array;
  /** Number of fixed positions. */
  size = 0;
  /** Values banned at free positions, or null while nothing is banned. */
  bans: ActionMask | null = null;
  /** The fixed positions as bit words for a binary world, and their values (built on first use, kept current). */
  private fixedWords: Int32Array | null = null;
  private valueWords: Int32Array | null = null;
  private wordsStale = true;
  /** The largest value fixed (-1 when none is): whether a code satisfies the constraint is asked every task. */
  private highest = -1;

  constructor(positions: number) {
    this.values = new Int32Array(positions);
    fillAll(this.values, -1);
  }

  /** Free every position and lift every ban. */
  clear(): void {
    fillAll(this.values, -1);
    this.size = 0;
    this.highest = -1;
    this.bans?.clear();
    this.wordsStale = true;
  }

  /** Avoid `value` at `position` when it is free. */
  ban(position: number, value: number, arity: number): void {
    this.bans ??= new ActionMask(this.values.length, arity);
    this.bans.block(position, value);
  }

  /** Whether it asks anything of the Actor (fixed positions or banned values). */
  get empty(): boolean {
    return this.size === 0 && this.activeBans === null;
  }

  /** The banned values, or null when none is banned. */
  get activeBans(): ActionMask | null {
    return this.bans !== null && this.bans.total > 0 ? this.bans : null;
  }

  /** Fix a position unless it is already fixed (first one wins). Returns false on a clash. */
  fix(position: number, value: number): boolean {
    const held = this.values[position]!;
    if (held === -1) {
      this.values[position] = value;
      this.size++;
      if (value > this.highest) this.highest = value;
      this.wordsStale = true;
      return true;
    }
    return held === value;
  }

  /** Bit words of a binary world: 1 where a position is fixed (sim/core/bitCode.ts). */
  get fixedBits(): Int32Array {
    if (this.wordsStale) this.buildWords();
    return this.fixedWords!;
  }

  /** Bit words of a binary world: the fixed positions' values (0 at free positions). */
  get valueBits(): Int32Array {
    if (this.wordsStale) this.buildWords();
    return this.valueWords!;
  }

  private buildWords(): void {
    const v = this.values;
    this.fixedWords ??= new Int32Array(bitWords(v.length));
    this.valueWords ??= new Int32Array(bitWords(v.length));
    const fixed = this.fixedWords;
    const values = this.valueWords;
    fillAll(fixed, 0);
    fillAll(values, 0);
    for (let p = 0; p < v.length; p++) {
      if (v[p] === -1) continue;
      fixed[p >>> 5]! |= 1 << (p & 31);
      if (v[p] === 1) values[p >>> 5]! |= 1 << (p & 31);
    }
    this.wordsStale = false;
  }

  /** Whether a code satisfies every fixed position. */
  admits(code: Int32Array): boolean {
    const v = this.values;
    for (let p = 0; p < v.length; p++) if (v[p] !== -1 && v[p] !== code[p]) return false;
    return true;
  }

  /** Whether some code of the space satisfies it (every fixed value lies inside 0 … arity−1). */
  satisfiable(arity: number): boolean {
    return this.highest < arity;
  }
}
