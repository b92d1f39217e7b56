/**
 * Orders for names and parameter values that are the same on every host. `localeCompare` follows the engine's
 * and the machine's locale (ICU puts `a` before `B`, punctuation before digits), so the same configuration could
 * order its rows, ticks or suggestions differently on another machine or in a browser; comparing UTF-16 code
 * units, as the default `sort` does, is specified by the language and gives one order everywhere.
 */

/** Text by UTF-16 code units: negative when `a` comes first, zero when equal. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Parameter values: two numbers numerically, anything else as text by code units. */
export function compareValues(a: number | string, b: number | string): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b));
}
