/**
 * Exact anchors (docs/model.md), in rational arithmetic (sim/core/fraction.ts).
 *
 * Uniform guessing with replacement from a pool of m codes out of S, exploring (guessing among all S)
 * with probability e per attempt, capped at C attempts:
 *   p = e/S + (1−e)/m,  P(solve) = 1 − (1−p)^C,  E[attempts] = (1 − (1−p)^C) / p
 * (an unsolved task counts C: E = Σ_{t<C} (1−p)^t).
 *
 * With p = a/b in lowest terms, 1 − p = (b−a)/b is too, so (1−p)^C = (b−a)^C / b^C needs no reduction;
 * X = b^C − (b−a)^C is coprime with b, so P(solve) = X / b^C and E = X / (a·b^(C−1)) reduced by
 * gcd(X, a) alone — a small number. No gcd of the huge powers is ever taken.
 */
import {
  add,
  bitLength,
  div,
  fraction,
  fromDecimal,
  gcd,
  ratioText,
  sub,
  toNumber,
  type Fraction,
} from './fraction.js';

/**
 * The largest exact fraction computed: numerator and denominator of at most this many bits (about 315,000
 * decimal digits). Beyond it only the value is computed, in floating point.
 */
export const MAX_EXACT_BITS = 2 ** 20;

export interface GuessingSetting {
  /** Size of the code space S (a bigint allows 2^N for large N). */
  readonly space: bigint | number;
  /** Codes in the constrained pool m (1 ≤ m ≤ S). */
  readonly pool: bigint | number;
  /** Exploration rate e as a decimal string or number ("0.2" is exactly 1/5). */
  readonly explore: string | number;
  /** Attempt cap C. */
  readonly cap: number;
}

/** A value exactly (a fraction as text) where it fits, and as a double. */
export interface ExactValue {
  /** Irreducible fraction "n/d"; null when it would exceed MAX_EXACT_BITS (then `value` is floating point). */
  readonly exact: string | null;
  readonly value: number;
}

/** Uniform guessing over a pool: the chance of a hit per attempt, the expected attempts, the chance of solving. */
export interface GuessingAnchor {
  readonly hitProbability: ExactValue;
  readonly expectedAttempts: ExactValue;
  readonly solveProbability: ExactValue;
}

/** A fraction as text and as the nearest double. */
export function exactValue(f: Fraction): ExactValue {
  return { exact: ratioText(f), value: toNumber(f) };
}

/** The hit probability p of one attempt. */
export function hitProbability(setting: GuessingSetting): Fraction {
  const e = fromDecimal(String(setting.explore));
  const one = fraction(1n);
  return add(div(e, fraction(BigInt(setting.space))), div(sub(one, e), fraction(BigInt(setting.pool))));
}

export function uniformGuessing(setting: GuessingSetting): GuessingAnchor {
  const p = hitProbability(setting);
  const C = setting.cap;
  if (C * bitLength(p.d) > MAX_EXACT_BITS) {
    // Floating point: −expm1(C·log1p(−p)) is 1 − (1−p)^C without cancellation; E → C as p → 0.
    const q = toNumber(p);
    const solve = q === 0 ? 0 : -Math.expm1(C * Math.log1p(-q));
    return {
      hitProbability: exactValue(p),
      solveProbability: { exact: null, value: solve },
      expectedAttempts: { exact: null, value: q === 0 ? C : solve / q },
    };
  }
  const { n: a, d: b } = p;
  const bPow = b ** BigInt(C);
  const x = bPow - (b - a) ** BigInt(C);
  const g = gcd(x % a, a);
  // Both already in lowest terms (see the header): built directly, without a gcd of the powers.
  const solve: Fraction = { n: x, d: bPow };
  const expected: Fraction = { n: x / g, d: (a / g) * (bPow / b) };
  return { hitProbability: exactValue(p), solveProbability: exactValue(solve), expectedAttempts: exactValue(expected) };
}
