/**
 * Sets of codes of a small binary lock (N bits, 2^N codes) as bitsets, and a hash table keyed by them.
 * The exact solvers (optimal and consistent openers) memoise per candidate set; the optimal Actor looks
 * its move up in the same table, so a lookup must not allocate.
 */

import { popcount32 } from '../../core/bitCode.js';

export { popcount32 };

/** Words in a bitset over the 2^bits codes of a `bits`-bit lock. */
export function wordsFor(bits: number): number {
  return Math.max(1, (1 << bits) >>> 5);
}

export function has(set: Uint32Array, code: number): boolean {
  return ((set[code >>> 5]! >>> (code & 31)) & 1) === 1;
}

export function add(set: Uint32Array, code: number): void {
  set[code >>> 5] = (set[code >>> 5]! | (1 << (code & 31))) >>> 0;
}

export function count(set: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < set.length; i++) n += popcount32(set[i]!);
  return n;
}

/** The lowest code in a non-empty set, or −1. */
export function first(set: Uint32Array): number {
  for (let i = 0; i < set.length; i++) {
    const w = set[i]!;
    if (w !== 0) return (i << 5) + (31 - Math.clz32(w & -w));
  }
  return -1;
}

/** Write the set's members, ascending, into `out`; returns how many. */
export function members(set: Uint32Array, out: Int32Array): number {
  let n = 0;
  for (let i = 0; i < set.length; i++) {
    let w = set[i]!;
    while (w !== 0) {
      const low = w & -w;
      out[n++] = (i << 5) + (31 - Math.clz32(low));
      w = (w ^ low) >>> 0;
    }
  }
  return n;
}

function hashWords(words: Uint32Array, offset: number, width: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < width; i++) {
    h = Math.imul(h ^ words[offset + i]!, 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * Open-addressing table from a bitset (fixed width) to a small integer slot. Lookups never allocate;
 * inserting may grow the table (amortised, only when a new candidate set is met).
 */
export class SetTable {
  private keys: Uint32Array;
  /** slot + 1 per bucket; 0 = empty. */
  private slots: Int32Array;
  private mask: number;
  size = 0;

  constructor(
    readonly width: number,
    capacity = 1024,
  ) {
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.keys = new Uint32Array(cap * width);
    this.slots = new Int32Array(cap);
    this.mask = cap - 1;
  }

  /** The slot stored for `set`, or −1. */
  get(set: Uint32Array): number {
    const w = this.width;
    for (let b = hashWords(set, 0, w) & this.mask; ; b = (b + 1) & this.mask) {
      const s = this.slots[b]!;
      if (s === 0) return -1;
      if (this.equalAt(b, set)) return s - 1;
    }
  }

  /** Store `slot` for `set` (which must not be present). */
  put(set: Uint32Array, slot: number): void {
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    const w = this.width;
    let b = hashWords(set, 0, w) & this.mask;
    while (this.slots[b] !== 0) b = (b + 1) & this.mask;
    this.keys.set(set, b * w);
    this.slots[b] = slot + 1;
    this.size++;
  }

  private equalAt(bucket: number, set: Uint32Array): boolean {
    const w = this.width;
    const base = bucket * w;
    for (let i = 0; i < w; i++) if (this.keys[base + i] !== set[i]) return false;
    return true;
  }

  private grow(): void {
    const w = this.width;
    const oldKeys = this.keys;
    const oldSlots = this.slots;
    const cap = oldSlots.length * 2;
    this.keys = new Uint32Array(cap * w);
    this.slots = new Int32Array(cap);
    this.mask = cap - 1;
    for (let b = 0; b < oldSlots.length; b++) {
      const s = oldSlots[b]!;
      if (s === 0) continue;
      let nb = hashWords(oldKeys, b * w, w) & this.mask;
      while (this.slots[nb] !== 0) nb = (nb + 1) & this.mask;
      this.keys.set(oldKeys.subarray(b * w, b * w + w), nb * w);
      this.slots[nb] = s;
    }
  }
}
