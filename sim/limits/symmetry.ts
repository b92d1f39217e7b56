/**
 * Position symmetry for the exact solvers. Candidate sets reached from a symmetric start (all codes, or
 * a constraint's pool) are invariant under every permutation of positions that fixes all guesses made so
 * far: permutations within *blocks* of positions that no guess has told apart. Guesses in the same orbit
 * lead to isomorphic futures, so a solver only needs one representative per orbit — ones at the first
 * positions of each block — weighted by the orbit's size.
 */

/** Block id per position; −1 never appears. */
export type Blocks = Int32Array;

/** Start blocks: all free positions together, each fixed position (value ≥ 0 in `fixed`) alone. */
export function initialBlocks(bits: number, fixed?: ArrayLike<number>): Blocks {
  const blocks = new Int32Array(bits);
  let next = 1;
  for (let p = 0; p < bits; p++) blocks[p] = fixed !== undefined && fixed[p]! >= 0 ? next++ : 0;
  return blocks;
}

/** No symmetry assumed: every position its own block (always valid). */
export function singletonBlocks(bits: number): Blocks {
  return Int32Array.from({ length: bits }, (_, p) => p);
}

/** Split every block by the guess's bit at each position (bit p of `code` is position p). */
export function refine(blocks: Blocks, code: number): Blocks {
  const out = new Int32Array(blocks.length);
  const ids = new Map<number, number>();
  for (let p = 0; p < blocks.length; p++) {
    const key = blocks[p]! * 2 + ((code >>> p) & 1);
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    out[p] = id;
  }
  return out;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** One representative code per orbit, with the orbit's size. */
export function representatives(blocks: Blocks): { codes: Int32Array; weights: Float64Array } {
  const groups = new Map<number, number[]>();
  for (let p = 0; p < blocks.length; p++) {
    const list = groups.get(blocks[p]!);
    if (list === undefined) groups.set(blocks[p]!, [p]);
    else list.push(p);
  }
  const lists = [...groups.values()];
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
    // next mixed-radix count
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
 * The orbits met by a list of codes: each code's representative (the same number of ones per block, at
 * the block's first positions) with how many of the codes fall in that orbit. Cheaper than
 * `representatives` when the list is short.
 */
export function orbitsOf(codes: ArrayLike<number>, count: number, blocks: Blocks): Map<number, number> {
  const bits = blocks.length;
  const seen = new Int32Array(bits); // ones placed so far per block
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
    seen.fill(-1);
    let rep = 0;
    for (let p = 0; p < bits; p++) {
      if (((code >>> p) & 1) === 0) continue;
      const b = blocks[p]!;
      const at = seen[b] === -1 ? firstOf[b]! : next[seen[b]!]!;
      seen[b] = at;
      rep |= 1 << at;
    }
    out.set(rep, (out.get(rep) ?? 0) + 1);
  }
  return out;
}
