/**
 * One flag's value from parsed argv. Values are read as text and checked by the one parser of
 * sim/core/params/read.ts, so "abc" or "1.5" for an integer is caught there rather than becoming NaN.
 */
import type { Argv } from 'yargs';
import { msg, UsageError } from '../../sim/core/messages.js';

/** The value of a file flag that names stdout (an output) or stdin (an input). */
export const STDIO = '-';

/** yargs gives an array when a flag is repeated; a single-valued flag takes exactly one. */
export function single(flag: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw new UsageError(msg.repeated(flag));
  if (typeof value === 'boolean') throw new UsageError(msg.missingValue(flag));
  return String(value);
}

/**
 * A value that starts with a dash but is no flag: `-`, or a negative-looking number, list, range or share
 * (`-0,0`, `-1/3`, `-.5:0.5`). yargs would read it as short flags (`-0`, `-1`), and the line would say "unknown
 * flag -0"; joined to its flag, it reaches the flag's own check, which says what is wrong with it.
 */
const DASH_VALUE = /^-(?:$|[\d.])/;

/**
 * The arguments with `--flag -` (and `--flag -0,0`) joined into `--flag=-`: yargs takes a lone `-` after a flag for
 * the start of another flag, and `-` is how a file flag names stdout or stdin.
 */
export function joinDashValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return [...out, ...args.slice(i)];
    const next = args[i + 1];
    if (/^--[^=]+$/.test(a) && next !== undefined && DASH_VALUE.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** The part of yargs' public-but-untyped surface read here: the flags declared so far, by type. */
interface DeclaredOptions {
  getOptions?: () => { number?: string[]; key?: Record<string, unknown> };
}

/** Every flag a command has declared (its long names and aliases, as declared), for "did you mean". */
export function declaredFlags(y: object): string[] {
  return Object.keys((y as DeclaredOptions).getOptions?.().key ?? {});
}

/**
 * A command's flags declared `type: 'number'` keep the text that was typed, and are still listed as
 * [number] in the help. yargs (18, pinned) would turn "abc" into NaN, "0x10" into 16 and "1e400" into
 * Infinity before any check could name them; a flag it knows as both string and number it parses as a
 * string but labels as a number, so declaring each number flag a string too hands the one number parser
 * (sim/core/params/number.ts) exactly what was typed.
 */
export function numbersAsText<T>(y: Argv<T>): Argv<T> {
  const numbers = (y as DeclaredOptions).getOptions?.().number ?? [];
  return numbers.length === 0 ? y : y.string(numbers);
}
