/**
 * Exact anchors (SPEC §3), in rational arithmetic with mathjs fractions.
 *
 * Uniform guessing with replacement from a pool of m codes out of S, exploring (guessing among all S)
 * with probability e per attempt, capped at C attempts:
 *   p = e/S + (1−e)/m,  P(solve) = 1 − (1−p)^C,  E[attempts] = (1 − (1−p)^C) / p
 * (an unsolved task counts C: E = Σ_{t<C} (1−p)^t).
 *
 * mathjs takes most of a second to load, so it is imported on first use, keeping `hexa --help` instant.
 */
import type { Fraction, MathJsInstance } from 'mathjs';

let mathPromise: Promise<MathJsInstance> | undefined;

/** The shared mathjs instance, configured for fractions. */
export function loadMath(): Promise<MathJsInstance> {
  mathPromise ??= import('mathjs').then((m) => m.create(m.all, { number: 'Fraction' }));
  return mathPromise;
}

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

export interface ExactValue {
  /** Irreducible fraction "n/d" (or "n"). */
  readonly exact: string;
  readonly value: number;
}

export interface GuessingAnchor {
  readonly hitProbability: ExactValue;
  readonly expectedAttempts: ExactValue;
  readonly solveProbability: ExactValue;
}

/** Decimal text of a number without binary noise (0.2 → "0.2"). */
function decimalText(x: string | number): string {
  return typeof x === 'string' ? x : String(x);
}

/** A fraction as text and as the nearest double (via BigInt, so huge numerators and denominators work). */
export function exact(math: MathJsInstance, f: Fraction): ExactValue {
  const text = math.format(f, { fraction: 'ratio' });
  const n = BigInt(f.n);
  const d = BigInt(f.d);
  // Keep ~64 significant bits in the quotient, then scale back (underflow to 0 is the true double).
  const shift = Math.max(0, d.toString(2).length - n.toString(2).length + 64);
  const scaled = Number((n << BigInt(shift)) / d) * 2 ** -64 * 2 ** (64 - shift);
  return { exact: text, value: Number(f.s) * scaled };
}

export async function uniformGuessing(setting: GuessingSetting): Promise<GuessingAnchor> {
  const math = await loadMath();
  return uniformGuessingWith(math, setting);
}

export function uniformGuessingWith(math: MathJsInstance, setting: GuessingSetting): GuessingAnchor {
  const S = math.fraction(BigInt(setting.space), 1n);
  const m = math.fraction(BigInt(setting.pool), 1n);
  const e = math.fraction(decimalText(setting.explore));
  const one = math.fraction(1);
  const p = math.add(math.divide(e, S), math.divide(math.subtract(one, e), m)) as Fraction;
  const miss = math.pow(math.subtract(one, p) as Fraction, setting.cap) as Fraction;
  const solve = math.subtract(one, miss) as Fraction;
  const expected = math.divide(solve, p) as Fraction;
  return { hitProbability: exact(math, p), expectedAttempts: exact(math, expected), solveProbability: exact(math, solve) };
}
