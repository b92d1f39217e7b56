/**
 * The bounds of the N-bit lock, exactly: the optimal opener (least expected attempts, and its worst
 * case), the consistent opener (uniform among the codes consistent with all feedback so far), and
 * uniform random guessing with and without replacement, capped and uncapped. The openers are uncapped
 * (they never come near the cap for the sizes they are computed at; `worst` says how far they go).
 */
import type { Fraction, MathJsInstance } from 'mathjs';
import { exact, loadMath } from '../core/analytics.js';
import { ConsistentOpener, CONSISTENT_MAX_BITS } from '../agent/solver/consistent.js';
import { fullSet, OptimalOpener, OPTIMAL_MAX_BITS } from '../agent/solver/optimal.js';
import { randomGuessing } from './random.js';


/** Largest lock `limits` computes (the optimal opener bounds it; see the README for timings). */
export const LIMITS_MAX_BITS = Math.min(OPTIMAL_MAX_BITS, CONSISTENT_MAX_BITS);

export interface ExactFigure {
  /** Irreducible "p/q". */
  readonly expected: string;
  readonly value: number;
}

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

function figure(math: MathJsInstance, f: Fraction): ExactFigure {
  const e = exact(math, f);
  return { expected: e.exact, value: e.value };
}

/** Exact bounds for the `bits`-bit lock; throws RangeError above LIMITS_MAX_BITS. */
export async function computeLimits(bits: number, cap: number, onProgress?: (optimalStates: number) => void): Promise<LimitsResult> {
  if (!Number.isInteger(bits) || bits < 1 || bits > LIMITS_MAX_BITS) throw new RangeError(`limits: bits must be 1…${LIMITS_MAX_BITS}, got ${bits}`);
  const math = await loadMath();
  const all = fullSet(bits);
  const codes = BigInt(2 ** bits);

  const optimal = new OptimalOpener(bits, true, onProgress);
  const best = optimal.value(all);
  const consistent = new ConsistentOpener(bits);
  const uniform = consistent.value(all);
  const random = randomGuessing(math, codes, cap);

  return {
    bits,
    cap,
    optimal: { ...figure(math, math.fraction(BigInt(best.total), codes)), worst: best.worst },
    consistent: { ...figure(math, math.fraction(uniform.expected.n, uniform.expected.d)), worst: uniform.worst },
    random: {
      withReplacement: { uncapped: figure(math, random.withReplacement.uncapped), capped: figure(math, random.withReplacement.capped) },
      withoutReplacement: { uncapped: figure(math, random.withoutReplacement.uncapped), capped: figure(math, random.withoutReplacement.capped) },
    },
    states: { optimal: optimal.states, consistent: consistent.states },
  };
}
