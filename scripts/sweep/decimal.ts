/**
 * Exact decimal arithmetic for grid ranges. `0.6:0.95:0.05` must give 0.7, not 0.6 + 2 × 0.05 =
 * 0.7000000000000001, and must include its end point: values are scaled integers (BigInt), so every step
 * is exact and the text of each value is the shortest decimal that names it. Bounds are read in the one
 * number grammar (sim/core/params/number.ts), exponents included (`1e-1:3e-1:1e-1`).
 */
import { numberParts, parseNumber } from '../../sim/core/params/number.js';

/** A decimal number as an integer `units` × 10^−`scale`. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** The exact value of a finite number's text (`-1`, `0.05`, `+3.250`, `2.5e-3`); undefined if it is not one. */
export function parseDecimalText(text: string): Decimal | undefined {
  const parts = numberParts(text);
  if (parts === undefined || parseNumber(text) === undefined) return undefined;
  const digits = BigInt(parts.whole + parts.fraction || '0');
  const scale = parts.fraction.length - parts.exponent;
  const units = scale < 0 ? digits * 10n ** BigInt(-scale) : digits;
  return { units: parts.negative ? -units : units, scale: Math.max(scale, 0) };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/** The shortest decimal text: no trailing zeros, no `+`, `-0` as `0`. */
export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  let digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  let scale = d.scale;
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale--;
  }
  const whole = digits.slice(0, digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A count as a message gives it: whole up to 15 digits, beyond that its order of magnitude (not 300 digits). */
function countText(count: bigint): string {
  const digits = count.toString();
  return digits.length <= 15 ? digits : `about 10^${digits.length - 1}`;
}

/** The most decimal places a range's values may need (no double has more than 1074). */
const MAX_SCALE = 1100;

/** Why a range is not usable, for the error message. */
export class RangeSyntaxError extends Error {}

/**
 * The values of the inclusive range start:stop:step (step > 0, start ≤ stop): start, start + step, …,
 * up to and including stop when a whole number of steps reaches it. At most `limit` values.
 */
export function decimalRange(start: Decimal, stop: Decimal, step: Decimal, limit: number): string[] {
  const scale = Math.max(start.scale, stop.scale, step.scale);
  // 1e-100000000 is a finite number, but exact steps of it would be integers of a hundred million digits.
  if (scale > MAX_SCALE) throw new RangeSyntaxError(`its values would need more than ${MAX_SCALE} decimal places`);
  const a = rescale(start, scale);
  const b = rescale(stop, scale);
  const s = rescale(step, scale);
  if (s <= 0n) throw new RangeSyntaxError('the step must be positive');
  if (a > b) throw new RangeSyntaxError('the start is above the end');
  const count = (b - a) / s + 1n;
  if (count > BigInt(limit)) throw new RangeSyntaxError(`it has ${countText(count)} values (at most ${limit})`);
  const out: string[] = [];
  for (let v = a; v <= b; v += s) out.push(formatDecimal({ units: v, scale }));
  return out;
}
