/**
 * The bounds of the N-bit lock, exactly: the optimal opener (least expected attempts, and its worst
 * case), the consistent opener (uniform among the codes consistent with all feedback so far), and
 * uniform random guessing with and without replacement, capped and uncapped. The openers are uncapped
 * (they never come near the cap for the sizes they are computed at; `worst` says how far they go).
 */
import { MAX_EXACT_BITS, type ExactValue } from '../core/analytics.js';
import { fraction, ratioText, toNumber, type Fraction } from '../core/fraction.js';
import { ConsistentOpener, CONSISTENT_MAX_BITS } from '../agent/solver/consistent.js';
import { fullSet, OptimalOpener, OPTIMAL_MAX_BITS } from '../agent/solver/optimal.js';
import { randomGuessing } from './random.js';

/** Largest lock `limits` computes (the optimal opener bounds it; see docs/bounds.md for timings). */
export const LIMITS_MAX_BITS = Math.min(OPTIMAL_MAX_BITS, CONSISTENT_MAX_BITS);

/** An exact expectation: the irreducible fraction and its nearest double. */
export interface ExactFigure {
  /** Irreducible "p/q". */
  readonly expected: string;
  readonly value: number;
}

/** The exact bounds of the `bits`-bit lock at a cap (`hexa limits`). */
export interface LimitsResult {
  readonly bits: number;
  readonly cap: number;
  readonly optimal: ExactFigure & { readonly worst: number };
  readonly consistent: ExactFigure & { readonly worst: number };
  readonly random: {
    readonly withReplacement: { readonly uncapped: ExactFigure; readonly capped: ExactFigure };
    readonly withoutReplacement: { readonly uncapped: ExactFigure; readonly capped: ExactFigure };
  };
  /** Candidate sets each solver visited (a measure of the work). */
  readonly states: { readonly optimal: number; readonly consistent: number };
}

function figure(f: Fraction): ExactFigure {
  return { expected: ratioText(f), value: toNumber(f) };
}

/** The capped random figure as exact as the rest (it is, up to LIMITS_MAX_CAP). */
function exactFigure(e: ExactValue): ExactFigure {
  if (e.exact === null) throw new RangeError('limits: the capped fraction is beyond the exact bound');
  return { expected: e.exact, value: e.value };
}

/** The largest cap whose capped random figure stays an exact fraction (MAX_EXACT_BITS) on a `bits`-bit lock. */
export function limitsMaxCap(bits: number): number {
  return Math.floor(MAX_EXACT_BITS / (bits + 1));
}

/** Exact bounds for the `bits`-bit lock; throws RangeError above LIMITS_MAX_BITS or `limitsMaxCap(bits)`. */
export async function computeLimits(
  bits: number,
  cap: number,
  onProgress?: (optimalStates: number) => void,
): Promise<LimitsResult> {
  if (!Number.isInteger(bits) || bits < 1 || bits > LIMITS_MAX_BITS)
    throw new RangeError(`limits: bits must be 1…${LIMITS_MAX_BITS}, got ${bits}`);
  if (!Number.isInteger(cap) || cap < 1 || cap > limitsMaxCap(bits))
    throw new RangeError(`limits: cap must be 1…${limitsMaxCap(bits)}, got ${cap}`);
  const all = fullSet(bits);
  const codes = BigInt(2 ** bits);

  const optimal = new OptimalOpener(bits, true, onProgress);
  const best = optimal.value(all);
  const consistent = new ConsistentOpener(bits);
  const uniform = consistent.value(all);
  const random = randomGuessing(codes, cap);

  return {
    bits,
    cap,
    optimal: { ...figure(fraction(BigInt(best.total), codes)), worst: best.worst },
    consistent: { ...figure(uniform.expected), worst: uniform.worst },
    random: {
      withReplacement: {
        uncapped: exactFigure(random.withReplacement.uncapped),
        capped: exactFigure(random.withReplacement.capped),
      },
      withoutReplacement: {
        uncapped: exactFigure(random.withoutReplacement.uncapped),
        capped: exactFigure(random.withoutReplacement.capped),
      },
    },
    states: { optimal: optimal.states, consistent: consistent.states },
  };
}
