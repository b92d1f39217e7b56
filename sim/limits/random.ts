/**
 * Uniform random guessing on a space of S codes, exactly (mathjs fractions), as the floor every other
 * opener is measured against. With replacement (the published Actor without skills): geometric with
 * p = 1/S. Without replacement (never repeating a code): the attempt that hits is uniform on 1 … S.
 * Capped at C, an unsolved task counts C (E[min(T, C)]).
 */
import type { Fraction, MathJsInstance } from 'mathjs';
import { uniformGuessingWith } from '../core/analytics.js';

export interface RandomGuessing {
  readonly withReplacement: { readonly uncapped: Fraction; readonly capped: Fraction };
  readonly withoutReplacement: { readonly uncapped: Fraction; readonly capped: Fraction };
}

export function randomGuessing(math: MathJsInstance, space: bigint, cap: number): RandomGuessing {
  const S = math.fraction(space, 1n);
  const C = BigInt(cap);
  const withCap = math.fraction(uniformGuessingWith(math, { space, pool: space, explore: 0, cap }).expectedAttempts.exact);
  // Σ_{t<C} P(T > t) = Σ_{t<C} (S − t)/S = C − C(C−1)/(2S) while C ≤ S; (S + 1)/2 beyond.
  const withoutUncapped = math.fraction(space + 1n, 2n);
  const withoutCapped = C >= space ? withoutUncapped : math.fraction(C * 2n * space - C * (C - 1n), 2n * space);
  return {
    withReplacement: { uncapped: S, capped: withCap },
    withoutReplacement: { uncapped: withoutUncapped, capped: withoutCapped },
  };
}
