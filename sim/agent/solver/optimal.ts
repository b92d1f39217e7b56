/**
 * The optimal lock opener: the policy minimising the expected number of attempts (final correct guess
 * counted) when the truth is uniform over a candidate set, found by dynamic programming over candidate
 * sets with branch and bound. Any code may be guessed, including ones already ruled out (they can split
 * the candidates better). Among policies with the least expected attempts it picks one with the least
 * worst case, so "worst" is well defined.
 *
 * Values are kept as totals over the candidates (T = Σ attempts over equally likely truths), which are
 * integers: the expectation is the exact fraction T / |S|.
 */
import { count, first, members, popcount32, SetTable, wordsFor } from './bitset.js';
import { canonicalBlocks, representatives, singletonBlocks } from './symmetry.js';

/** Largest lock the optimal opener accepts (state space and time grow doubly exponentially). */
export const OPTIMAL_MAX_BITS = 8;

export interface OpenerValue {
  /** Σ attempts over the candidates (each equally likely to be the truth). */
  readonly total: number;
  readonly candidates: number;
  /** Most attempts any candidate needs. */
  readonly worst: number;
}

/** Lower bounds on total and depth for m candidates: a node at depth d is one of at most N^(d−1) nodes. */
function lowerBounds(bits: number, maxCount: number): { total: Float64Array; depth: Int32Array } {
  const total = new Float64Array(maxCount + 1);
  const depth = new Int32Array(maxCount + 1);
  for (let m = 1; m <= maxCount; m++) {
    let left = m;
    let t = 0;
    let d = 0;
    for (let width = 1; left > 0; width *= Math.max(bits, 1)) {
      d++;
      const here = Math.min(left, width);
      t += d * here;
      left -= here;
    }
    total[m] = t;
    depth[m] = d;
  }
  return { total, depth };
}

export class OptimalOpener {
  readonly codes: number;
  private readonly table: SetTable;
  private readonly totals: number[] = [];
  private readonly worsts: number[] = [];
  private readonly moves: number[] = [];
  private readonly lb: { total: Float64Array; depth: Int32Array };
  /** Candidate sets solved so far. */
  get states(): number {
    return this.totals.length;
  }

  /**
   * `symmetry: false` searches every guess (for tests: the value must not change). `onProgress` hears the
   * number of sets solved every 8192 (the total is not known in advance).
   */
  constructor(
    readonly bits: number,
    private readonly symmetry = true,
    private readonly onProgress?: (states: number) => void,
  ) {
    if (bits < 1 || bits > OPTIMAL_MAX_BITS)
      throw new RangeError(`optimal opener: bits must be 1…${OPTIMAL_MAX_BITS}, got ${bits}`);
    this.codes = 1 << bits;
    this.table = new SetTable(wordsFor(bits), 4096);
    this.lb = lowerBounds(bits, this.codes);
  }

  /**
   * The optimal guess for a non-empty candidate set: a pure function of the set. A known set costs one
   * table lookup (no allocation); a new one is solved first.
   */
  move(set: Uint32Array): number {
    const slot = this.table.get(set);
    return this.moves[slot >= 0 ? slot : this.solve(set)]!;
  }

  /** Whether the set has been solved (so `move` will not allocate). */
  knows(set: Uint32Array): boolean {
    return this.table.get(set) >= 0;
  }

  /** Exact value of a non-empty candidate set. */
  value(set: Uint32Array): OpenerValue {
    let slot = this.table.get(set);
    if (slot < 0) slot = this.solve(set);
    return { total: this.totals[slot]!, candidates: count(set), worst: this.worsts[slot]! };
  }

  private store(set: Uint32Array, total: number, worst: number, move: number): number {
    const slot = this.totals.length;
    this.totals.push(total);
    this.worsts.push(worst);
    this.moves.push(move);
    this.table.put(set, slot);
    if (this.onProgress !== undefined && (slot & 8191) === 8191) this.onProgress(slot + 1);
    return slot;
  }

  private solve(set: Uint32Array): number {
    const known = this.table.get(set);
    if (known >= 0) return known;
    const n = count(set);
    if (n === 0) throw new RangeError('optimal opener: empty candidate set');
    if (n === 1) return this.store(set, 1, 1, first(set));
    if (n === 2) return this.store(set, 3, 2, first(set));

    const bits = this.bits;
    const list = new Int32Array(n);
    members(set, list);
    const isMember = new Uint8Array(this.codes);
    for (let i = 0; i < n; i++) isMember[list[i]!] = 1;

    // Score one guess per orbit by its partition's lower bounds, then search the promising ones first.
    const blocks = this.symmetry ? canonicalBlocks(set, list, n, bits) : singletonBlocks(bits);
    const reps = representatives(blocks).codes;
    const width = bits + 1;
    const counts = new Int32Array(reps.length * width);
    const lbTotal = new Float64Array(reps.length);
    const lbDepth = new Int32Array(reps.length);
    const useful: number[] = [];
    for (let r = 0; r < reps.length; r++) {
      const g = reps[r]!;
      const base = r * width;
      for (let i = 0; i < n; i++) counts[base + bits - popcount32(g ^ list[i]!)]!++;
      let classes = 0;
      let t = n;
      let d = 1;
      for (let s = 0; s < bits; s++) {
        const c = counts[base + s]!;
        if (c === 0) continue;
        classes++;
        t += this.lb.total[c]!;
        d = Math.max(d, 1 + this.lb.depth[c]!);
      }
      if (isMember[g] === 0 && classes <= 1) continue; // learns nothing and cannot win
      lbTotal[r] = t;
      lbDepth[r] = d;
      useful.push(r);
    }
    const member = (r: number): number => isMember[reps[r]!]!;
    useful.sort(
      (a, b) => lbTotal[a]! - lbTotal[b]! || lbDepth[a]! - lbDepth[b]! || member(b) - member(a) || reps[a]! - reps[b]!,
    );

    let bestT = Infinity;
    let bestD = Infinity;
    let bestG = -1;
    const words = set.length;
    for (const r of useful) {
      if (lbTotal[r]! > bestT) break;
      if (lbTotal[r]! === bestT && lbDepth[r]! >= bestD) continue;
      const g = reps[r]!;
      const base = r * width;
      let remainingLb = lbTotal[r]! - n;
      let t = n;
      let d = 1;
      let pruned = false;
      for (let s = 0; s < bits; s++) {
        const c = counts[base + s]!;
        if (c === 0) continue;
        const child = new Uint32Array(words);
        for (let i = 0; i < n; i++) {
          const x = list[i]!;
          if (bits - popcount32(g ^ x) === s) child[x >>> 5] = (child[x >>> 5]! | (1 << (x & 31))) >>> 0;
        }
        const slot = this.solve(child);
        t += this.totals[slot]!;
        d = Math.max(d, 1 + this.worsts[slot]!);
        remainingLb -= this.lb.total[c]!;
        if (t + remainingLb > bestT || (t + remainingLb === bestT && d >= bestD)) {
          pruned = true;
          break;
        }
      }
      if (pruned) continue;
      if (t < bestT || (t === bestT && d < bestD)) {
        bestT = t;
        bestD = d;
        bestG = g;
      }
    }
    return this.store(set, bestT, bestD, bestG);
  }
}

/** The full set of codes of a `bits`-bit lock. */
export function fullSet(bits: number): Uint32Array {
  const set = new Uint32Array(wordsFor(bits));
  const codes = 1 << bits;
  for (let w = 0; w < set.length; w++) set[w] = codes >= 32 ? 0xffffffff : (1 << codes) - 1;
  return set;
}
