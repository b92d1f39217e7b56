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
  notAbove: (flag: string, value: unknown, min: number, strict: boolean) =>
    `--${flag}: ${show(value)} must be ${strict ? 'above' : 'at least'} ${min}`,
  // hexa sweep / hexa merge
  notSweepable: (flag: string, value: unknown) => `--${flag}: ${show(value)}: takes one value in a sweep (replicates are their own axis)`,
  gridTooLarge: (cells: number, max: number) => `the grid has ${cells} cells (at most ${max}); sweep fewer values`,
  duplicateCell: (a: string, b: string) => `two grid points are the same cell after resolving defaults: ${a} and ${b}`,
  badShard: (value: unknown) => `--shard: ${show(value)} is not i/n with 0 ≤ i < n (e.g. 0/3, 1/3, 2/3)`,
  configUnreadable: (path: string, reason: string) => `--config: ${show(path)}: ${reason}`,
  configInvalid: (path: string, key: string, value: unknown, reason: string) =>
    `--config: ${show(path)}: ${key === '' ? 'the document' : `key '${key}'`} = ${JSON.stringify(value)}: ${reason}`,
  resumeNothing: (path: string) => `--resume: ${show(path)} holds no sweep (no manifest.json); start it without --resume`,
  resumeOther: (path: string, what: string) => `--resume: ${show(path)} holds a different sweep (${what}); use another --out or --force`,
  outputExistsSweep: (path: string) => `--out: ${show(path)} already exists (use --resume to continue it, or --force to replace it)`,
  mergeNoInput: () => 'merge: name at least one sweep folder to merge',
  mergeNotSweep: (path: string) => `merge: ${show(path)} is not a finished sweep folder (no readable manifest.json of kind 'sweep')`,
  mergeUnfinished: (path: string, pending: number) => `merge: ${show(path)} has ${pending} unfinished cell(s); finish it with hexa sweep … --resume`,
  mergeMismatch: (path: string, other: string, what: string) => `merge: ${show(path)} and ${show(other)} are shards of different sweeps (${what} differ)`,
  mergeOverlap: (id: string, a: string, b: string) => `merge: cell ${id} is in both ${show(a)} and ${show(b)} (overlapping shards)`,
  mergeOutIsInput: (path: string) => `--out: ${show(path)} is one of the folders being merged`,
  mergeVersion: (path: string) => `merge: ${show(path)} was made by a hexa-sim that lays out this grid differently; merge with that version`,
  mergeMissing: (missing: number, total: number, shards: string) => `merge: ${missing} of ${total} cells are missing${shards}`,
  // hexa report: the result folder named by DIR and the files in it.
  notResultFolder: (path: string, reason: string) => `DIR: ${show(path)} is not a result folder (${reason})`,
  csvUnreadable: (file: string, line: number, reason: string) => `DIR: ${show(file)} line ${line}: ${reason}`,
  csvMissingColumns: (file: string, columns: readonly string[]) =>
    `DIR: ${show(file)} lacks required column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}`,
  csvEmpty: (file: string) => `DIR: ${show(file)} has a header but no rows`,
  csvBadValue: (file: string, line: number, column: string, value: string, expected: string) =>
    `DIR: ${show(file)} line ${line}: ${column} is ${show(value)}, not ${expected}`,
  csvIncomplete: (file: string, detail: string) => `DIR: ${show(file)} is incomplete: ${detail}`,
  badAxes: (value: string, reason: string) => `--axes: ${show(value)} ${reason}`,
  capBeyondExact: (value: unknown, max: number, bits: number) =>
    `--cap: ${show(value)} is above ${max}, the largest cap whose capped expectation on a ${bits}-bit lock is computed as an exact fraction (at most 2^20 bits)`,
  beyondExact: (flag: string, value: unknown, max: number, what: string) =>
    `--${flag}: ${show(value)} is above ${max}, the largest lock ${what}`,
  /** `reason` starts with the quoted actor name (see sim/actors/index.ts). */
  actorUnsupported: (reason: string) => `--actor: ${reason}`,
  actorWithBreaker: (actor: string) => `--actor: '${actor}' does not model a circuit breaker (use --breaker-failures 0)`,
};
