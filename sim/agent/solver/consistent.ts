/**
 * The exact value of the consistent opener: each attempt guesses uniformly among the codes consistent
 * with every feedback seen so far, the truth uniform over the initial candidates. Expectation by dynamic
 * programming over candidate sets, in exact rational arithmetic (BigInt numerator / denominator).
 *
 * With W(S) = |S| · E(S) (attempts summed over equally likely truths):
 *   W(S) = |S| + (1/|S|) · Σ_{g ∈ S} Σ_{f < N} W(S_f^g),
 * where S_f^g are the candidates that would score f against guess g (f = N is g itself: solved).
 * The worst case is the longest run of consistent guesses, max over g of 1 + max_f worst(S_f^g).
 */
import { count, members, popcount32, SetTable, wordsFor } from './bitset.js';
import { canonicalBlocks, orbitsOf, singletonBlocks } from './symmetry.js';
import { fraction as rational, gcd, type Fraction as Rational } from '../../core/fraction.js';

/** Largest lock whose consistent-opener expectation is computed exactly (the candidate sets multiply). */
export const CONSISTENT_MAX_BITS = 10;

export interface ConsistentValue {
  /** Expected attempts when the truth is uniform over the set. */
  readonly expected: Rational;
  readonly worst: number;
}

export class ConsistentOpener {
  private readonly table: SetTable;
  private readonly totals: Rational[] = [];
  private readonly worsts: number[] = [];

  get states(): number {
    return this.totals.length;
  }

  /** `symmetry: false` sums over every guess (for tests: the value must not change). */
  constructor(
    readonly bits: number,
    private readonly symmetry = true,
  ) {
    if (bits < 1 || bits > CONSISTENT_MAX_BITS)
      throw new RangeError(`consistent opener: bits must be 1…${CONSISTENT_MAX_BITS}, got ${bits}`);
    this.table = new SetTable(wordsFor(bits), 4096);
  }

  /** Exact value of a non-empty candidate set. */
  value(set: Uint32Array): ConsistentValue {
    const slot = this.solve(set);
    const total = this.totals[slot]!;
    return { expected: rational(total.n, total.d * BigInt(count(set))), worst: this.worsts[slot]! };
  }

  private solve(set: Uint32Array): number {
    const known = this.table.get(set);
    if (known >= 0) return known;
    const n = count(set);
    if (n === 0) throw new RangeError('consistent opener: empty candidate set');
    const store = (total: Rational, worst: number): number => {
      const slot = this.totals.length;
      this.totals.push(total);
      this.worsts.push(worst);
      this.table.put(set, slot);
      return slot;
    };
    if (n === 1) return store({ n: 1n, d: 1n }, 1);

    const bits = this.bits;
    const list = new Int32Array(n);
    members(set, list);
    const words = set.length;
    // Σ over guesses of Σ over feedback classes of W(class), accumulated as one fraction; one guess per
    // orbit, weighted by the orbit's size (an orbit lies inside the set or outside it).
    let sumN = 0n;
    let sumD = 1n;
    let worst = 1;
    const blocks = this.symmetry ? canonicalBlocks(set, list, n, bits) : singletonBlocks(bits);
    for (const [g, orbitSize] of orbitsOf(list, n, blocks)) {
      const weight = BigInt(orbitSize);
      const children: Uint32Array[] = [];
      for (let s = 0; s < bits; s++) children.push(new Uint32Array(words));
      for (let i = 0; i < n; i++) {
        const x = list[i]!;
        if (x === g) continue;
        const c = children[bits - popcount32(g ^ x)]!;
        c[x >>> 5] = (c[x >>> 5]! | (1 << (x & 31))) >>> 0;
      }
      for (const child of children) {
        if (isEmpty(child)) continue;
        const slot = this.solve(child);
        const w = this.totals[slot]!;
        [sumN, sumD] = [sumN * w.d + weight * w.n * sumD, sumD * w.d];
        const g2 = gcd(sumN, sumD);
        sumN /= g2;
        sumD /= g2;
        worst = Math.max(worst, 1 + this.worsts[slot]!);
      }
    }
    const big = BigInt(n);
    // W = n + sum / n
    return store(rational(big * big * sumD + sumN, big * sumD), worst);
  }
}

function isEmpty(set: Uint32Array): boolean {
  for (let i = 0; i < set.length; i++) if (set[i] !== 0) return false;
  return true;
}
