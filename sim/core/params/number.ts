/**
 * The one grammar for a number written as text — a flag's value, a world's parameter, a bound of a sweep
 * range: an optional sign, digits with an optional decimal point, an optional exponent (`0.1`, `.5`, `+3`,
 * `1e-1`, `2.5E3`), surrounding blanks ignored. No hex, octal or binary, no `Infinity`, no `1_000`, nothing
 * empty.
 *
 * The exponent is accepted because the program itself writes numbers that way: JavaScript prints 1e-7 as
 * `1e-7`, so a value read back from a CSV column or a JSON config (`"explore": 1e-7` becomes the text
 * `1e-7`) must parse. The other spellings `Number()` accepts (`0x10`, `Infinity`, `' '` as 0) are refused,
 * because they are never written on purpose.
 */

/** The parts of a number's text: sign, whole digits, fraction digits (either may be empty, not both), exponent. */
export interface NumberParts {
  readonly negative: boolean;
  readonly whole: string;
  readonly fraction: string;
  readonly exponent: number;
}

/** The grammar as a regular-expression source (no anchors, no blanks), for JSON Schema patterns. */
export const NUMBER_SOURCE = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;

const NUMBER = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;

/** The parts of `text`, or undefined when it is not a number in the grammar. */
export function numberParts(text: string): NumberParts | undefined {
  const s = text.trim();
  const m = NUMBER.exec(s);
  if (m === null) return undefined;
  const whole = m[2] ?? '';
  const fraction = m[3] ?? '';
  if (whole === '' && fraction === '') return undefined;
  return { negative: m[1] === '-', whole, fraction, exponent: m[4] === undefined ? 0 : Number(m[4]) };
}

/** The finite number `text` names, or undefined when it is not one. */
export function parseNumber(text: string): number | undefined {
  if (numberParts(text) === undefined) return undefined;
  const n = Number(text.trim());
  return Number.isFinite(n) ? n : undefined;
}
