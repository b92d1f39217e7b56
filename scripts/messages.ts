/**
 * Every user-facing error message, in one place. A bad input is one line on stderr that names the flag
 * and the value, and exit code 2; nothing is written.
 */

/** A bad flag, value or path: the CLI prints `hexa: <message>` and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : String(value));

export const msg = {
  notOneOf: (flag: string, value: unknown, choices: readonly string[]) =>
    `--${flag}: ${show(value)} is not one of ${choices.join(', ')}`,
  notInteger: (flag: string, value: unknown) => `--${flag}: ${show(value)} is not a whole number`,
  notNumber: (flag: string, value: unknown) => `--${flag}: ${show(value)} is not a number`,
  below: (flag: string, value: unknown, min: number) => `--${flag}: ${show(value)} is below the minimum ${min}`,
  above: (flag: string, value: unknown, max: number) => `--${flag}: ${show(value)} is above the maximum ${max}`,
  notRate: (flag: string, value: unknown) => `--${flag}: ${show(value)} is not a rate in [0, 1]`,
  notThreshold: (flag: string, value: unknown) => `--${flag}: ${show(value)} must lie in (0, 1]`,
  malformedList: (flag: string, value: unknown, reason: string) => `--${flag}: ${show(value)} is malformed: ${reason}`,
  repeated: (flag: string) => `--${flag} was given more than once`,
  unknownEnv: (value: string, known: readonly string[]) => `--env: ${show(value)} is not a registered environment (known: ${known.join(', ')})`,
  envParam: (flag: string, detail: string) => `--${flag}: ${detail}`,
  badParam: (value: string) => `--param: ${show(value)} is not of the form name=value`,
  unknownFlag: (names: string) => `unknown flag ${names} (see hexa --help)`,
  unknownCommand: (name: string) => `unknown command ${show(name)} (see hexa --help)`,
  outputExists: (flag: string, path: string) => `--${flag}: ${show(path)} already exists (use --force to replace it)`,
  outputNoDir: (flag: string, path: string) => `--${flag}: ${show(path)}: its folder does not exist`,
  outputNotWritable: (flag: string, path: string) => `--${flag}: ${show(path)} is not writable`,
  outputIsDir: (flag: string, path: string) => `--${flag}: ${show(path)} is a folder, not a file`,
  missingValue: (flag: string) => `--${flag} needs a value`,
  conflicting: (a: string, b: string) => `--${a} and --${b} cannot be used together`,
  beyondExact: (flag: string, value: unknown, max: number, what: string) =>
    `--${flag}: ${show(value)} is above ${max}, the largest lock ${what}`,
  /** `reason` starts with the quoted actor name (see sim/actors/index.ts). */
  actorUnsupported: (reason: string) => `--actor: ${reason}`,
};
