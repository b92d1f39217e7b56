import { ActionMask } from '../core/actionMask.js';

/**
 * A constraint {position → value} handed to the Actor; −1 marks a free position. It may also ban values
 * at free positions (HExA "mistakes"); `bans` stays null until the first ban.
 */
export class Constraint {
  readonly values: Int32Array;
  /** Number of fixed positions. */
  size = 0;
  bans: ActionMask | null = null;

  constructor(positions: number) {
    this.values = new Int32Array(positions).fill(-1);
  }

  clear(): void {
    this.values.fill(-1);
    this.size = 0;
    this.bans?.clear();
  }

  /** Avoid `value` at `position` when it is free. */
  ban(position: number, value: number, arity: number): void {
    this.bans ??= new ActionMask(this.values.length, arity);
    this.bans.block(position, value);
  }

  /** Whether it asks anything of the Actor (fixed positions or banned values). */
  get empty(): boolean {
    return this.size === 0 && (this.bans === null || this.bans.total === 0);
  }

  /** Fix a position unless it is already fixed (first one wins). Returns false on a clash. */
  fix(position: number, value: number): boolean {
    const held = this.values[position]!;
    if (held === -1) {
      this.values[position] = value;
      this.size++;
      return true;
    }
    return held === value;
  }

  /** Whether a code satisfies every fixed position. */
  admits(code: Int32Array): boolean {
    const v = this.values;
    for (let p = 0; p < v.length; p++) if (v[p] !== -1 && v[p] !== code[p]) return false;
    return true;
  }

  /** Whether some code of the space satisfies it (every fixed value lies inside 0 … arity−1). */
  satisfiable(arity: number): boolean {
    const v = this.values;
    for (let p = 0; p < v.length; p++) if (v[p]! >= arity) return false;
    return true;
  }
}
