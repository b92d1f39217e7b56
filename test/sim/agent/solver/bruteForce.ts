/**
 * Deliberately naive reference solvers for tiny locks: plain arrays, every code tried as a guess, no
 * pruning, no symmetry, fractions from mathjs. The real solvers must agree with them.
 */
import type { Fraction, MathJsInstance } from 'mathjs';

const score = (bits: number, a: number, b: number): number => {
  let s = 0;
  for (let p = 0; p < bits; p++) if (((a >> p) & 1) === ((b >> p) & 1)) s++;
  return s;
};

function classes(bits: number, set: readonly number[], g: number): number[][] {
  const out: number[][] = Array.from({ length: bits }, () => []);
  for (const x of set) if (x !== g) out[score(bits, g, x)]!.push(x);
  return out.filter((c) => c.length > 0);
}

/** Least (total attempts over the set, then worst case), searching every guess. */
export function bruteOptimal(
  bits: number,
  set: readonly number[],
  memo = new Map<string, [number, number]>(),
): [number, number] {
  if (set.length === 1) return [1, 1];
  const key = set.join(',');
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let best: [number, number] = [Infinity, Infinity];
  for (let g = 0; g < 2 ** bits; g++) {
    const parts = classes(bits, set, g);
    if (!set.includes(g) && parts.length <= 1) continue;
    let total = set.length;
    let worst = 1;
    for (const part of parts) {
      const [t, d] = bruteOptimal(bits, part, memo);
      total += t;
      worst = Math.max(worst, 1 + d);
    }
    if (total < best[0] || (total === best[0] && worst < best[1])) best = [total, worst];
  }
  memo.set(key, best);
  return best;
}

/** Expected attempts guessing uniformly among consistent codes, truth uniform over the set. */
export function bruteConsistent(math: MathJsInstance, bits: number, set: readonly number[]): Fraction {
  const n = set.length;
  let sum = math.fraction(0);
  for (const g of set) {
    for (const part of classes(bits, set, g)) {
      // P(class) · E(class)
      sum = math.add(sum, math.multiply(math.fraction(part.length, n), bruteConsistent(math, bits, part))) as Fraction;
    }
  }
  return math.add(math.fraction(1), math.divide(sum, math.fraction(n))) as Fraction;
}

export const allCodes = (bits: number): number[] => Array.from({ length: 2 ** bits }, (_, i) => i);
