/**
 * Position symmetry for the exact solvers. Two positions are interchangeable in a candidate set when
 * swapping them maps the set onto itself; this relation is an equivalence (a product of swaps that
 * preserve the set preserves it), so its classes — *blocks* — are a function of the set alone. Guesses
 * that differ by a permutation within blocks lead to isomorphic futures, so a solver needs one
 * representative per orbit: the same number of ones per block, placed at the block's first positions.
 *
 * Because blocks depend only on the set, a solver's chosen move is a pure function of the set, whatever
 * order sets were solved in — which keeps the optimal Actor deterministic across workers and shards.
 */
import { has } from './bitset.js';

/** Block id per position. */
export type Blocks = Int32Array;

/** No symmetry assumed: every position its own block (always valid). */
export function singletonBlocks(bits: number): Blocks {
  return Int32Array.from({ length: bits }, (_, p) => p);
}

/** The blocks of interchangeable positions of a set (its members listed in `list[0 … n)`). */
export function canonicalBlocks(set: Uint32Array, list: Int32Array, n: number, bits: number): Blocks {
  const blocks = singletonBlocks(bits);
  for (let p = 0; p < bits; p++) {
    if (blocks[p] !== p) continue; // already joined to an earlier block
    for (let q = p + 1; q < bits; q++) {
      if (blocks[q] !== q) continue;
      const mask = (1 << p) | (1 << q);
      let invariant = true;
      for (let i = 0; i < n && invariant; i++) {
        const x = list[i]!;
        const pq = x & mask;
        if (pq !== 0 && pq !== mask && !has(set, x ^ mask)) invariant = false;
      }
      if (invariant) blocks[q] = p;
    }
  }
  return blocks;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

function blockLists(blocks: Blocks): number[][] {
  const groups = new Map<number, number[]>();
  for (let p = 0; p < blocks.length; p++) {
    const list = groups.get(blocks[p]!);
    if (list === undefined) groups.set(blocks[p]!, [p]);
    else list.push(p);
  }
  return [...groups.values()];
}

/** One representative code per orbit of all codes, with the orbit's size. */
export function representatives(blocks: Blocks): { codes: Int32Array; weights: Float64Array } {
  const lists = blockLists(blocks);
  let total = 1;
  for (const l of lists) total *= l.length + 1;
  const codes = new Int32Array(total);
  const weights = new Float64Array(total);
  const ones = new Int32Array(lists.length);
  for (let r = 0; r < total; r++) {
    let code = 0;
    let weight = 1;
    for (let j = 0; j < lists.length; j++) {
      const l = lists[j]!;
      for (let i = 0; i < ones[j]!; i++) code |= 1 << l[i]!;
      weight *= binomial(l.length, ones[j]!);
    }
    codes[r] = code;
    weights[r] = weight;
    for (let j = 0; j < lists.length; j++) {
      if (ones[j]! < lists[j]!.length) {
        ones[j]!++;
        break;
      }
      ones[j] = 0;
    }
  }
  return { codes, weights };
}

/**
 * The orbits met by a list of codes: each code's representative with how many of the codes fall in
 * that orbit. Cheaper than `representatives` when the list is short.
 */
export function orbitsOf(codes: ArrayLike<number>, count: number, blocks: Blocks): Map<number, number> {
  const bits = blocks.length;
  const placed = new Int32Array(bits);
  const firstOf = new Int32Array(bits).fill(-1);
  const next = new Int32Array(bits).fill(-1);
  const last = new Int32Array(bits).fill(-1);
  for (let p = 0; p < bits; p++) {
    const b = blocks[p]!;
    if (firstOf[b] === -1) firstOf[b] = p;
    else next[last[b]!] = p;
    last[b] = p;
  }
  const out = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const code = codes[i]!;
    placed.fill(-1);
    let rep = 0;
    for (let p = 0; p < bits; p++) {
      if (((code >>> p) & 1) === 0) continue;
      const b = blocks[p]!;
      const at = placed[b] === -1 ? firstOf[b]! : next[placed[b]!]!;
      placed[b] = at;
      rep |= 1 << at;
    }
    out.set(rep, (out.get(rep) ?? 0) + 1);
  }
  return out;
}
