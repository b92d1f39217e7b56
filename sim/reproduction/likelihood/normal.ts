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

/** P(Z > z) for a standard normal Z. */
export function upperTail(z: number): number {
  if (Number.isNaN(z)) return NaN;
  return z >= 0 ? 0.5 * erfcPositive(z / Math.SQRT2) : 1 - 0.5 * erfcPositive(-z / Math.SQRT2);
}

/** Below this width the mass is the density at the midpoint times the width (relative error < width² · z² / 24). */
const NARROW = 1e-2;

/** P(a ≤ Z < b), computed on the side of zero where it does not cancel. */
export function normalMass(a: number, b: number): number {
  if (!(b > a)) return 0;
  if (b - a < NARROW) {
    const m = (a + b) / 2;
    return ((b - a) * Math.exp(-0.5 * m * m)) / Math.sqrt(2 * Math.PI);
  }
  if (a >= 0) return upperTail(a) - upperTail(b);
  if (b <= 0) return upperTail(-b) - upperTail(-a);
  return 1 - upperTail(-a) - upperTail(b);
}
