/**
 * The standard normal distribution's tails, accurate in relative terms far into them (kernel weights
 * multiply across figures, so a weight of 1e-12 must not come out as 0 or as rounding noise).
 */

/**
 * erfc(x) for x ≥ 0 by the Chebyshev fit of Numerical Recipes (erfcc, fractional error < 1.2e-7 everywhere).
 */
function erfcPositive(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

/** P(Z > z) for a standard normal Z: the tail beyond |z|, or 1 minus it (one call site, so callers inline it). */
export function upperTail(z: number): number {
  if (Number.isNaN(z)) return NaN;
  const q = 0.5 * erfcPositive((z >= 0 ? z : -z) / Math.SQRT2);
  return z >= 0 ? q : 1 - q;
}

/** Beyond this many standard deviations a tail is exactly 0 (its exponential underflows below e⁻⁷⁴⁵). */
const NONE = 39;

/** Below this width the mass is the density at the midpoint times the width (relative error < width² · z² / 24). */
const NARROW = 1e-2;

/**
 * P(a ≤ Z < b), computed on the side of zero where it does not cancel: Q(a) − Q(b) above zero, Q(−b) − Q(−a) below
 * it, 1 − Q(−a) − Q(b) across it (Q the upper tail). Each case takes the tail at two points, both ≥ 0, so the tail
 * is written at two call sites, not six: the compiler then keeps the kernel's pass over the runs (marginal.ts) in one
 * piece instead of calling out, and boxing, per run.
 */
export function normalMass(a: number, b: number): number {
  if (!(b > a) || a >= NONE || b <= -NONE) return 0;
  if (b - a < NARROW) {
    const m = (a + b) / 2;
    return ((b - a) * Math.exp(-0.5 * m * m)) / Math.sqrt(2 * Math.PI);
  }
  // On one side, the tails at the end nearer zero and at the farther one; across, at each end.
  const across = a < 0 && b > 0;
  const near = a >= 0 ? a : b <= 0 ? -b : -a;
  const far = a >= 0 ? b : b <= 0 ? -a : b;
  const qNear = 0.5 * erfcPositive(near / Math.SQRT2);
  const qFar = 0.5 * erfcPositive(far / Math.SQRT2);
  return across ? 1 - qNear - qFar : qNear - qFar;
}

/** The standard normal density. */
export function density(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

/**
 * Beyond this many standard deviations a tail is below 2⁻⁵⁴ (about 1.1e-19 at 9), so 1 minus it rounds to 1 and a
 * CDF is exactly 0 or 1 without taking it.
 */
const CERTAIN = 9;

/** P(Z ≤ z). */
export function lowerTail(z: number): number {
  if (z >= CERTAIN) return 1;
  if (z <= -CERTAIN) return 0;
  return 1 - upperTail(z);
}

const PROBIT_A = [
  -39.69683028665376, 220.9460984245205, -275.928510446969, 138.357751867269, -30.66479806614716, 2.506628277459239,
];
const PROBIT_B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const PROBIT_C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const PROBIT_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
/** Below this probability (and above 1 − it) the tail form of the fit applies. */
const PROBIT_TAIL = 0.02425;

const poly = (c: readonly number[], x: number): number => c.reduce((acc, k) => acc * x + k, 0);

/** The quantile z with P(Z ≤ z) = p, 0 < p < 1 (Acklam's rational fit, relative error below 1.2e-9). */
export function probit(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  if (p > 1 - PROBIT_TAIL) return -probit(1 - p);
  if (p < PROBIT_TAIL) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(PROBIT_C, q) / (poly(PROBIT_D, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(PROBIT_A, r) * q) / (poly(PROBIT_B, r) * r + 1);
}
