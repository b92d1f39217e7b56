/**
 * Exact fractions on native BigInt, for the few closed forms the simulator prints exactly (docs/model.md, exact
 * anchors). Every
 * fraction is kept in lowest terms with a positive denominator. Native BigInt needs no library to load and
 * raises to a power by squaring, so a cap in the millions costs milliseconds, not minutes.
 */

export interface Fraction {
  readonly n: bigint;
  /** > 0, coprime with n. */
  readonly d: bigint;
}

export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** n/d in lowest terms (d ≠ 0). */
export function fraction(n: bigint, d = 1n): Fraction {
  if (d === 0n) throw new RangeError('fraction: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g <= 1n ? { n, d } : { n: n / g, d: d / g };
}

/** A decimal number written in text ("0.2", "-1.5e-3", "7") as the fraction it denotes exactly. */
export function fromDecimal(text: string): Fraction {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (m === null || (m[2] === '' && (m[3] ?? '') === ''))
    throw new RangeError(`fraction: '${text}' is not a decimal number`);
  const digits = BigInt(`${m[2] || '0'}${m[3] ?? ''}`);
  const exponent = Number(m[4] ?? 0) - (m[3] ?? '').length;
  const sign = m[1] === '-' ? -1n : 1n;
  return exponent >= 0
    ? fraction(sign * digits * 10n ** BigInt(exponent))
    : fraction(sign * digits, 10n ** BigInt(-exponent));
}

export const add = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d, a.d * b.n);

/** "n/d", always with the denominator ("16/1"), as the exact columns have always been written. */
export function ratioText(f: Fraction): string {
  return `${f.n}/${f.d}`;
}

/** Bits of |x|. */
export function bitLength(x: bigint): number {
  return (x < 0n ? -x : x).toString(2).length;
}

/** The double nearest n/d, however large n and d (underflow to 0 is the true double). */
export function toNumber(f: Fraction): number {
  const n = f.n < 0n ? -f.n : f.n;
  // Keep ~64 significant bits in the quotient, then scale back.
  const shift = Math.max(0, bitLength(f.d) - bitLength(n) + 64);
  const scaled = Number((n << BigInt(shift)) / f.d) * 2 ** -64 * 2 ** (64 - shift);
  return f.n < 0n ? -scaled : scaled;
}
