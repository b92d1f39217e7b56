/**
 * Uniform random guessing on a space of S codes, exactly (sim/core/fraction.ts), as the floor every other
 * opener is measured against. With replacement (the published Actor without skills): geometric with
 * p = 1/S. Without replacement (never repeating a code): the attempt that hits is uniform on 1 … S.
 * Capped at C, an unsolved task counts C (E[min(T, C)]).
 */
import { uniformGuessing, type ExactValue } from '../core/analytics.js';
import { fraction, ratioText, toNumber, type Fraction } from '../core/fraction.js';

export interface RandomGuessing {
  readonly withReplacement: { readonly uncapped: ExactValue; readonly capped: ExactValue };
  readonly withoutReplacement: { readonly uncapped: ExactValue; readonly capped: ExactValue };
}

const value = (f: Fraction): ExactValue => ({ exact: ratioText(f), value: toNumber(f) });

export function randomGuessing(space: bigint, cap: number): RandomGuessing {
  const C = BigInt(cap);
  // Σ_{t<C} P(T > t) = Σ_{t<C} (S − t)/S = C − C(C−1)/(2S) while C ≤ S; (S + 1)/2 beyond.
  const withoutUncapped = fraction(space + 1n, 2n);
  const withoutCapped = C >= space ? withoutUncapped : fraction(C * 2n * space - C * (C - 1n), 2n * space);
  return {
    withReplacement: {
      uncapped: value(fraction(space)),
      capped: uniformGuessing({ space, pool: space, explore: 0, cap }).expectedAttempts,
    },
    withoutReplacement: { uncapped: value(withoutUncapped), capped: value(withoutCapped) },
  };
}
