/**
 * One flag's value from parsed argv. Values are read as text and checked by the one parser of
 * sim/core/params/read.ts, so "abc" or "1.5" for an integer is caught there rather than becoming NaN.
 */
import { msg, UsageError } from '../../sim/core/messages.js';

/** yargs gives an array when a flag is repeated; a single-valued flag takes exactly one. */
export function single(flag: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new UsageError(msg.repeated(flag));
  if (typeof value === 'boolean') throw new UsageError(msg.missingValue(flag));
  return String(value);
}
