/**
 * Parsing of single flag values, with errors that name the flag and the value. Every numeric flag is
 * read as text first, so "abc" or "1.5" for an integer is caught here rather than becoming NaN.
 */
import { msg, UsageError } from '../../sim/core/messages.js';

export function parseInteger(flag: string, text: string | number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const s = String(text).trim();
  if (!/^[-+]?\d+$/.test(s)) throw new UsageError(msg.notInteger(flag, text));
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw new UsageError(msg.notInteger(flag, text));
  if (n < min) throw new UsageError(msg.below(flag, text, min));
  if (n > max) throw new UsageError(msg.above(flag, text, max));
  return n;
}

/** A finite decimal number (no hex, no Infinity, no empty string). */
export function parseDecimal(flag: string, text: string | number): number {
  const s = String(text).trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) throw new UsageError(msg.notNumber(flag, text));
  return Number(s);
}

/** A decimal number within [min, max]. */
export function parseDecimalIn(flag: string, text: string | number, min: number, max: number): number {
  const n = parseDecimal(flag, text);
  if (n < min) throw new UsageError(msg.below(flag, text, min));
  if (n > max) throw new UsageError(msg.above(flag, text, max));
  return n;
}

export function parseRate(flag: string, text: string | number): number {
  const n = parseDecimal(flag, text);
  if (!(n >= 0 && n <= 1)) throw new UsageError(msg.notRate(flag, text));
  return n;
}

/** A threshold share in (0, 1]. */
export function parseThreshold(flag: string, text: string | number): number {
  const n = parseDecimal(flag, text);
  if (!(n > 0 && n <= 1)) throw new UsageError(msg.notThreshold(flag, text));
  return n;
}

export function parseChoice<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  const found = choices.find((c) => c === text);
  if (found === undefined) throw new UsageError(msg.notOneOf(flag, text, choices));
  return found;
}

/** yargs gives an array when a flag is repeated; a single-valued flag takes exactly one. */
export function single(flag: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new UsageError(msg.repeated(flag));
  if (typeof value === 'boolean') throw new UsageError(msg.missingValue(flag));
  return String(value);
}

/** One run flag: its help, its default (as text), and the group it is listed under. */
export interface RunFlag {
  readonly name: string;
  readonly describe: string;
  readonly default?: string;
  readonly group: string;
  readonly choices?: readonly string[];
}
