/**
 * Where one number sits among single-run results. Every published figure is one run of 30 tasks, so
 * the honest question is not "is it inside the mean's interval?" but "would a single run show this?".
 *
 * Results are often discrete (skills, rounds, refutations), so ties are handled explicitly:
 *  - the percentile is the mid-rank: 100 · (P(X < x) + P(X = x) / 2);
 *  - x lies inside the central 95 % unless it sits in either 2.5 % tail, i.e. unless
 *    P(X ≤ x) < 2.5 % or P(X ≥ x) < 2.5 %. For continuous results this is the usual
 *    [2.5 %, 97.5 %] quantile range; for discrete ones a value held by enough runs is never excluded.
 */

/** How a published value compares: as a point (two-sided) or as a lower bound ("at least x"). */
export type Claim = 'equals' | 'atLeast';

export interface Placement {
  /** Mid-rank percentile of x among the results, 0 … 100. */
  readonly percentile: number;
  /** P(X ≤ x) and P(X ≥ x) among the results. */
  readonly below: number;
  readonly above: number;
  /** Whether x is inside the central range (for 'atLeast': whether P(X ≥ x) reaches the tail share). */
  readonly consistent: boolean;
}

/** The share of runs that may lie in each tail and still be "outside the central 95 %". */
export const TAIL = 0.025;

/** Place x among finite results (NaN results are ignored). Null when there are none. */
export function place(results: ArrayLike<number>, x: number, claim: Claim = 'equals', tail = TAIL): Placement | null {
  let n = 0;
  let less = 0;
  let equal = 0;
  for (let i = 0; i < results.length; i++) {
    const v = results[i]!;
    if (Number.isNaN(v)) continue;
    n++;
    if (v < x) less++;
    else if (v === x) equal++;
  }
  if (n === 0) return null;
  const need = tailCount(n, tail);
  const atOrBelow = less + equal;
  const atOrAbove = n - less;
  const consistent = claim === 'atLeast' ? atOrAbove >= need : atOrBelow >= need && atOrAbove >= need;
  return { percentile: (100 * (less + equal / 2)) / n, below: atOrBelow / n, above: atOrAbove / n, consistent };
}

/** Runs a tail must hold: ceil(tail · n), at least 1 (guarding 0.025 · 1000 = 25.000000000000004). */
function tailCount(n: number, tail: number): number {
  return Math.max(1, Math.ceil(tail * n - 1e-9));
}

/**
 * The central range under the same rule: lo is the smallest value with P(X ≤ lo) ≥ tail, hi the largest
 * with P(X ≥ hi) ≥ tail; `place(results, x).consistent` holds exactly when lo ≤ x ≤ hi.
 */
export function centralRange(results: ArrayLike<number>, tail = TAIL): readonly [number, number] | null {
  // A typed array sorts numerically in native code, NaN last: the audit ranges thousands of values per figure.
  const all = Float64Array.from(results).sort();
  let n = all.length;
  while (n > 0 && Number.isNaN(all[n - 1]!)) n--;
  const sorted = all.subarray(0, n);
  if (n === 0) return null;
  const need = tailCount(n, tail);
  return [sorted[need - 1]!, sorted[n - need]!];
}

/**
 * Central ranges remembered per results array (at the default tail): the audit ranges one simulation's
 * figures under every reading that shares it. An array must not change once it has been ranged.
 */
export class CentralRanges {
  private readonly ranges = new WeakMap<Float64Array, readonly [number, number] | null>();

  of(results: Float64Array): readonly [number, number] | null {
    let range = this.ranges.get(results);
    if (range === undefined) this.ranges.set(results, (range = centralRange(results)));
    return range;
  }
}
