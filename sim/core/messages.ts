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

import { orList } from './params/suggest.js';
import { numberParts } from './params/number.js';

/** " from 1", " up to 8", " in 1 … 8", or nothing: a declared parameter's bounds for a sentence. */
const boundsText = (p: { min?: number; max?: number }): string =>
  p.min !== undefined && p.max !== undefined
    ? ` in ${p.min} … ${p.max}`
    : p.min !== undefined
      ? ` of at least ${p.min}`
      : p.max !== undefined
        ? ` of at most ${p.max}`
        : '';
/**
 * Plugin code that threw, returned what its contract forbids, or did not return in time, while a command
 * ran: the CLI prints `hexa: <message>` (one line naming the module, the hook and what happened) and exits 1.
 */
export class PluginError extends Error {
  constructor(
    /** The module file (or, for a world registered from code, the world's id). */
    readonly module: string,
    /** The hook, as `world 'my-lock-v1' step()`. */
    readonly hook: string,
    readonly detail: string,
    /** Where in the work it happened, outermost first (`replicate 3`, `round 2`, `task 7`). */
    readonly where: readonly string[] = [],
  ) {
    super(`${module}: ${hook}: ${detail}${where.length === 0 ? '' : ` (${where.join(', ')})`}`);
    this.name = 'PluginError';
  }

  /** The same error, with where it happened in the enclosing work (`replicate 3`) put first. */
  within(outer: string): PluginError {
    const e = new PluginError(this.module, this.hook, this.detail, [outer, ...this.where]);
    if (this.stack !== undefined) e.stack = this.stack;
    return e;
  }
}

/** The longest text a message quotes whole: a longer one (a list of millions of values) is cut, its length said. */
const SHOWN = 400;

/** A long text cut in the middle, its length said, so a message stays one short line. */
function cut(text: string): string {
  return text.length <= SHOWN ? text : `${text.slice(0, SHOWN - 60)}…${text.slice(-40)}`;
}

const show = (value: unknown): string =>
  typeof value === 'string'
    ? `'${cut(value)}'${value.length > SHOWN ? ` (${value.length} characters)` : ''}`
    : cut(String(value));

/** A JSON value as a message shows it: as written, cut when long. */
const json = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= SHOWN ? text : `${cut(text)} (${text.length} characters)`;
};

export const msg = {
  notOneOf: (flag: string, value: unknown, choices: readonly string[]) =>
    `--${flag}: ${show(value)} is not one of ${choices.join(', ')}`,
  notInteger: (flag: string, value: unknown) => `--${flag}: ${show(value)} is not a whole number`,
  notNumber: (flag: string, value: unknown) =>
    typeof value === 'string' && numberParts(value) !== undefined
      ? `--${flag}: ${show(value)} is beyond the largest number (about 1.8e308)`
      : `--${flag}: ${show(value)} is not a number`,
  below: (flag: string, value: unknown, min: number) => `--${flag}: ${show(value)} is below the minimum ${min}`,
  above: (flag: string, value: unknown, max: number) => `--${flag}: ${show(value)} is above the maximum ${max}`,
  notRate: (flag: string, value: unknown) => `--${flag}: ${show(value)} is not a rate in [0, 1]`,
  notThreshold: (flag: string, value: unknown) => `--${flag}: ${show(value)} must lie in (0, 1]`,
  malformedList: (flag: string, value: unknown, reason: string) => `--${flag}: ${show(value)} is malformed: ${reason}`,
  repeated: (flag: string) => `--${flag} was given more than once`,
  unknownEnv: (value: string, known: readonly string[]) =>
    `--env: ${show(value)} is not a registered environment (known: ${known.join(', ')})`,
  envParam: (flag: string, detail: string) => `--${flag}: ${detail}`,
  badParam: (value: string) => `--param: ${show(value)} is not of the form name=value`,
  paramTwice: (flag: string, value: string, param: string) =>
    `--${flag} ${show(value)} and --param ${show(param)} both set the world's ${flag}; give one of them`,
  paramRepeated: (name: string, first: string, second: string) =>
    `--param: ${show(first)} and ${show(second)} both set the world's ${name}; give one of them`,
  unknownFlag: (flags: readonly { flag: string; suggestions: readonly string[] }[], command?: string) =>
    `unknown flag${flags.length > 1 ? 's' : ''} ${flags
      .map((f) => (f.suggestions.length === 0 ? f.flag : `${f.flag} (did you mean ${orList(f.suggestions)}?)`))
      .join(', ')} (see hexa${command === undefined ? '' : ` ${command}`} --help)`,
  unknownCommand: (name: string, suggestions: readonly string[], commands: readonly string[]) =>
    suggestions.length > 0
      ? `unknown command ${show(name)} (did you mean ${orList(suggestions)}?)`
      : `unknown command ${show(name)} (commands: ${commands.join(', ')})`,
  checkEnvNoTarget: () =>
    'check-env: name at least one world: an environment id (see hexa envs) or an ES module file (.mjs/.js)',
  reportNoDir: () => 'report: name the result folder to report on (hexa report DIR)',
  unknownShell: (value: string, shells: readonly string[]) =>
    `completion: ${show(value)} is not a shell hexa completes (${shells.join(', ')})`,
  libraryNoFile: () => 'library: name the skill database to read (hexa library FILE.sqlite, written by --library-db)',
  outputExists: (flag: string, path: string) => `--${flag}: ${show(path)} already exists (use --force to replace it)`,
  outputNotUnderFolder: (flag: string, path: string, blocker: string) =>
    `--${flag}: ${show(path)}: ${show(blocker)} is not a folder`,
  outputNotWritable: (flag: string, path: string) => `--${flag}: ${show(path)} is not writable`,
  outputLinkLoop: (flag: string, path: string) =>
    `--${flag}: ${show(path)} is a loop of symbolic links; fix or remove the link, or choose another path`,
  outputDanglingLink: (flag: string, path: string, target: string) =>
    `--${flag}: ${show(path)} is a symbolic link to ${show(target)}, which does not exist; make that folder or ` +
    `choose another path`,
  outputNameTooLong: (flag: string, path: string, max: number) =>
    `--${flag}: ${show(path)}: a name in the path is longer than ${max} bytes; choose a shorter name`,
  outputProtected: (flag: string, path: string, what: string) =>
    `--${flag}: ${show(path)} is ${what}; --force never replaces it, choose a folder of its own`,
  outputNotOurs: (flag: string, path: string) =>
    `--${flag}: ${show(path)} holds files hexa did not make (no hexa manifest.json); --force replaces only hexa's ` +
    `own or empty folders, choose another path`,
  outputIsDir: (flag: string, path: string) => `--${flag}: ${show(path)} is a folder, not a file`,
  outputNotFolder: (flag: string, path: string, what: string) =>
    `--${flag}: ${show(path)} is ${what}, not a folder; name a folder (hexa never replaces a file with one)`,
  outputNotRegular: (flag: string, path: string, what: string) =>
    `--${flag}: ${show(path)} is ${what}; a SQLite database is written whole and renamed into place, so it needs ` +
    `a regular file: name one`,
  sameOutput: (flag: string, path: string, other: string, otherPath: string) =>
    `--${flag} ${show(path)} and --${other} ${show(otherPath)} name the same file; give each output its own path`,
  outputInside: (flag: string, path: string, other: string, otherPath: string) =>
    `--${flag} ${show(path)} is inside the --${other} folder ${show(otherPath)}, where hexa writes a file of that ` +
    `name; choose another name or place`,
  missingValue: (flag: string) => `--${flag} needs a value`,
  conflicting: (a: string, b: string) => `--${a} and --${b} cannot be used together`,
  notToStdout: (flag: string, what: string) => `--${flag}: writes ${what}, a file, not to stdout (-); name a file`,
  pageUnreadable: (flag: string, path: string) => `--${flag}: ${show(path)} is not a readable file`,
  pageNotFile: (flag: string, path: string, what: string) =>
    `--${flag}: ${show(path)} is ${what}; the page is read, then rewritten whole beside itself, so it must be a ` +
    `regular file`,
  pageNoMarkers: (flag: string, path: string, region: string) =>
    `--${flag}: ${show(path)} has no ${region}:begin … ${region}:end markers to write the figures between`,
  bothToStdout: (a: string, b: string) => `--${a} - and --${b} both print to stdout; write one of them to a file`,
  needs: (flag: string, other: string) => `--${flag} only applies with --${other}`,
  notAbove: (flag: string, value: unknown, min: number, strict: boolean) =>
    `--${flag}: ${show(value)} must be ${strict ? 'above' : 'at least'} ${min}`,
  // hexa sweep / hexa merge
  notSweepable: (flag: string, value: unknown) =>
    `--${flag}: ${show(value)}: takes one value in a sweep (replicates are their own axis)`,
  gridTooLarge: (cells: number, max: number) => `the grid has ${cells} cells (at most ${max}); sweep fewer values`,
  duplicateCell: (a: string, b: string) => `two grid points are the same cell after resolving defaults: ${a} and ${b}`,
  badShard: (value: unknown) => `--shard: ${show(value)} is not i/n with 0 ≤ i < n (e.g. 0/3, 1/3, 2/3)`,
  configInvalid: (path: string, key: string, value: unknown, reason: string) =>
    `--config: ${show(path)}: ${key === '' ? 'the document' : `key '${key}'`} = ${json(value)}: ${reason}`,
  // files read as input (--config, --markdown): scripts/config/input.ts
  inputUnreadable: (flag: string, path: string, why: string) => `--${flag}: ${show(path)} ${why}`,
  inputTooLarge: (flag: string, path: string, max: number) =>
    `--${flag}: ${show(path)} holds more than ${max / 1024 / 1024} MiB, far more than an input of its kind; is it ` +
    `the right file?`,
  inputNotText: (flag: string, path: string) => `--${flag}: ${show(path)} is not UTF-8 text`,
  inputTooDeep: (flag: string, path: string, max: number, where: string) =>
    `--${flag}: ${show(path)}: nested more than ${max} levels deep (${where}); nothing read here nests so deep`,
  inputNumberRange: (flag: string, path: string, token: string, where: string) =>
    `--${flag}: ${show(path)}: ${cut(token)} (${where}) is beyond the largest number (about 1.8e308)`,
  inputNotJson: (flag: string, path: string, why: string) => `--${flag}: ${show(path)}: not valid JSON: ${why}`,
  resumeNothing: (path: string) =>
    `--resume: ${show(path)} holds no sweep (no manifest.json); start it without --resume`,
  resumeOther: (path: string, what: string) =>
    `--resume: ${show(path)} holds a different sweep (${what}); use another --out or --force`,
  resumeCellsNotFolder: (path: string) =>
    `--resume: ${show(path)}: its cells/ is not a folder (changed by hand?), so the sweep cannot go on there; ` +
    `move it away, or start again with --force`,
  resumeVersion: (path: string, then: string, now: string) =>
    `--resume: ${show(path)} was written by hexa-sim ${then}, and this is ${now}: cells of two versions cannot ` +
    `make one sweep; resume it with that version, or start again with --force`,
  resumeModuleChanged: (path: string, module: string, was: string, now: string) =>
    `--resume: ${show(path)} was run with another version of ${show(module)} (sha256 ${was.slice(0, 12)}… then, ` +
    `${now.slice(0, 12)}… now); use another --out or --force`,
  mergeModuleChanged: (path: string, module: string, was: string, now: string | null) =>
    now === null
      ? `merge: ${show(path)} was run with ${show(module)}, which is no longer there`
      : `merge: ${show(path)} was run with another version of ${show(module)} (sha256 ${was.slice(0, 12)}… then, ` +
        `${now.slice(0, 12)}… now)`,
  outputExistsSweep: (path: string) =>
    `--out: ${show(path)} already exists (use --resume to continue it, or --force to replace it)`,
  folderLocked: (flag: string, path: string, who: string, lock: string) =>
    `--${flag}: ${show(path)} is being written by ${who}; wait for it to finish, or remove ${show(lock)} if that ` +
    `process is gone`,
  mergeNoInput: () => 'merge: name the sweep folders to merge (hexa merge DIR… --out DIR)',
  mergeNotSweep: (path: string) =>
    `merge: ${show(path)} is not a finished sweep folder (no readable manifest.json of kind 'sweep')`,
  mergeRunning: (path: string, who: string) =>
    `merge: ${show(path)} is still being swept, by ${who}; merge it once that sweep is done`,
  mergeAbandoned: (path: string) =>
    `merge: ${show(path)} was left unfinished (its manifest says "running", and no process is writing it); ` +
    `finish it with hexa sweep … --resume, then merge`,
  mergeNoGrid: (path: string) =>
    `merge: ${show(path)} was written from a list of configurations (writeSweepFolder), not as a shard of a grid`,
  mergeUnfinished: (path: string, pending: number) =>
    `merge: ${show(path)} has ${pending} unfinished cell(s); finish it with hexa sweep … --resume`,
  mergeUnverified: (path: string, id: string, count: number) =>
    `merge: ${show(path)}: the rows of cell ${id}${count > 1 ? ` (and ${count - 1} more)` : ''} do not verify ` +
    `(cut or changed since written); run hexa sweep … --resume there to run again what does not`,
  mergeMismatch: (path: string, other: string, what: string) =>
    `merge: ${show(path)} and ${show(other)} are shards of different sweeps (${what} differ)`,
  mergeOverlap: (id: string, a: string, b: string) =>
    `merge: cell ${id} is in both ${show(a)} and ${show(b)} (overlapping shards)`,
  mergeOutIsInput: (path: string) => `--out: ${show(path)} is one of the folders being merged`,
  mergeVersion: (path: string) =>
    `merge: ${show(path)} was made by a hexa-sim that lays out this grid differently; merge with that version`,
  mergeMissing: (missing: number, total: number, shards: string) =>
    `merge: ${missing} of ${total} cells are missing${shards}`,
  // hexa report: the result folder named by DIR and the files in it.
  notResultFolder: (path: string, reason: string) => `DIR: ${show(path)} is not a result folder (${reason})`,
  // hexa report A B …: folders compared on one page must play one world.
  differentWorlds: (path: string, world: string, other: string, otherWorld: string) =>
    `DIR: ${show(path)} plays ${world}, ${show(other)} ${otherWorld}; compare folders of one world`,
  severalWorlds: (path: string, worlds: string) =>
    `DIR: ${show(path)} plays several worlds (${worlds}); compare folders of one world each`,
  compactedUnverified: (flag: 'resume' | 'merge', dir: string, file: string, why: string) =>
    `${flag === 'resume' ? '--resume' : 'merge'}: ${show(dir)}: ${file} does not match what manifest.json records ` +
    `of it (${why}); its cells were compacted into it, so nothing else holds those rows — run the sweep again ` +
    `with --force`,
  mergeParquetOnly: (dir: string) =>
    `merge: ${show(dir)} was swept with --format parquet and compacted, and merge reads a compacted shard's ` +
    `results.csv; sweep the shards with --format both (the default) or csv, or --keep-cells`,
  resumeLibraryDbCompacted: (dir: string) =>
    `--library-db: the sweep in ${show(dir)} is done and compacted (no cells are left to run again for their ` +
    `skill histories); run it again with --force --library-db FILE`,
  resultsUnverified: (dir: string, file: string, why: string) =>
    `DIR: ${show(dir)}: ${file} does not match what manifest.json records of it (${why}); it was cut or changed ` +
    `after it was written — rerun, or resume the sweep`,
  csvUnreadable: (file: string, line: number, reason: string) => `DIR: ${show(file)} line ${line}: ${reason}`,
  csvMissingColumns: (file: string, columns: readonly string[]) =>
    `DIR: ${show(file)} lacks required column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}`,
  csvEmpty: (file: string) => `DIR: ${show(file)} has a header but no rows`,
  csvBadValue: (file: string, line: number, column: string, value: string, expected: string) =>
    `DIR: ${show(file)} line ${line}: ${column} is ${show(value)}, not ${expected}`,
  csvIncomplete: (file: string, detail: string) => `DIR: ${show(file)} is incomplete: ${detail}`,
  csvImpossible: (file: string, line: number, column: string, value: number, who: string, why: string) =>
    `DIR: ${show(file)} line ${line}: ${column} is ${value} for ${who}, which cannot be (${why})`,
  csvCounts: (file: string, who: string, what: string) =>
    `DIR: ${show(file)}: ${who} ${what}; its rows were changed after they were written — rerun, or resume the sweep`,
  csvScattered: (file: string, line: number, column: string, id: string) =>
    `DIR: ${show(file)} line ${line}: ${column} ${show(id)} comes again after other ${column}s; a result file ` +
    `holds each ${column}'s rows together, as hexa writes them (sort the rows by ${column})`,
  badAxes: (value: string, reason: string) => `--axes: ${show(value)} ${reason}`,
  capBeyondExact: (value: unknown, max: number, bits: number) =>
    `--cap: ${show(value)} is above ${max}, the largest cap whose capped expectation on a ${bits}-bit lock is ` +
    `computed as an exact fraction (at most 2^20 bits)`,
  beyondExact: (flag: string, value: unknown, max: number, what: string) =>
    `--${flag}: ${show(value)} is above ${max}, the largest lock ${what}`,
  /** `reason` starts with the quoted actor name (see sim/agent/actors/index.ts). */
  actorUnsupported: (reason: string) => `--actor: ${reason}`,
  goodAboveMax: (value: unknown, max: number, env: string) =>
    `--good-score: ${show(value)} is above ${max}, the max score of world '${env}' (no feedback could reach it)`,
  actorWithBreaker: (actor: string) =>
    `--actor: '${actor}' does not model a circuit breaker (use --breaker-failures 0)`,
  envIdTaken: (id: string, builtIn: boolean) =>
    `environment id '${id}' is already ${builtIn ? 'a built-in world' : 'registered by another module'}; give the ` +
    `world another id`,
  policyNameTaken: (kind: string, name: string) =>
    `a ${kind} policy named '${name}' is already loaded from another module; give one of them another name`,
  policyNotLoaded: (kind: string, name: string) =>
    `no ${kind} policy named '${name}' is loaded (give its module with --${kind} FILE)`,
  policyMadeBadly: (kind: string, name: string, member: string, type: string) =>
    `${kind} policy '${name}': what create() returned lacks ${member} (a ${type})`,
  badClaim: (rule: string, value: unknown, confidence: unknown, arity: number) =>
    `extraction policy '${rule}' emitted value ${show(value)} with confidence ${show(confidence)}: the value must be ` +
    `an integer in 0 … ${arity - 1}, the confidence a finite number`,
  checkEnvUnknown: (value: string, known: readonly string[]) =>
    `check-env: ${show(value)} is neither a registered environment (${known.join(', ')}) nor a module file (.mjs/.js)`,
  // the API (scripts/api/index.ts)
  sweepEmpty: () => 'runSweep: give at least one configuration',
  sweepMixed: () =>
    'runSweep: every configuration must have the same seed and replicate count (replicates are paired across cells)',
  sweepRepeatedCell: (id: string) => `runSweep: two configurations are the same cell ${id}`,
  folderExists: (dir: string) => `${show(dir)} already exists (pass { force: true } to write into it)`,
  folderIsFile: (dir: string) => `${show(dir)} is a file, not a folder`,
  paramWithoutEnv: () => '--param: sets a parameter of the --env world; give --env too',
  pngScaleWithoutReport: (value: unknown) =>
    `--png-scale: ${show(value)} sets the scale of the report's PNG files; give --report too`,
  // plugin modules (--env FILE, --lifecycle FILE, …; sim/agent/plugins/load.ts)
  policyUnchanged: (flag: string, path: string, name: string, rule: string, replicates: number) =>
    `warning: --${flag} ${show(path)}: policy '${name}' gives the first ${replicates} replicates exactly as ` +
    `--${flag} ${rule} does, figure for figure: in this configuration it changes nothing (is it called, and does ` +
    `the run leave it anything to decide?)`,
  typescriptModule: (flag: string, path: string) =>
    `--${flag}: ${show(path)} is TypeScript, and hexa loads modules as JavaScript: compile it to .mjs (tsc, or npx ` +
    `esbuild ${path.replace(/#.*$/, '')} --format=esm ` +
    `--outfile=${path.replace(/#.*$/, '').replace(/\.[mc]?ts$/, '.mjs')})`,
  moduleMissing: (flag: string, path: string) => `--${flag}: ${show(path)} does not exist or is not a file`,
  moduleUnloadable: (flag: string, path: string, reason: string) =>
    `--${flag}: ${show(path)} could not be loaded: ${reason}`,
  moduleLoadTimedOut: (seconds: number) =>
    `its top-level code did not finish within ${seconds} s (stopped; --step-timeout sets the limit)`,
  moduleLoadUnsettled: () => 'its top-level await never settled',
  moduleNoDefault: (flag: string, path: string) =>
    `--${flag}: ${show(path)} has no default export (end it with export default { … })`,
  moduleNotContract: (flag: string, path: string, what: string, problem: string) =>
    `--${flag}: ${show(path)}: the default export is not ${what}: ${problem}`,
  moduleBrokenWorld: (flag: string, path: string, id: string, check: string, detail: string) =>
    `--${flag}: ${show(path)}: world '${id}' fails check '${check}': ${detail} (see hexa check-env)`,
  moduleTrespassed: (flag: string, path: string, id: string, what: string) =>
    `--${flag}: ${show(path)}: world '${id}', while checked, ${what}`,
  moduleRejected: (flag: string, path: string, reason: string) => `--${flag}: ${show(path)}: ${reason}`,
  moduleChanged: (flag: string, path: string, was: string, now: string) =>
    `--${flag}: ${show(path)} has changed (sha256 ${was.slice(0, 12)}… then, ${now.slice(0, 12)}… now); results from ` +
    `different code cannot be combined`,
  moduleManyEnvs: (flag: string, path: string, ids: readonly string[]) =>
    `--${flag}: ${show(path)} exports ${ids.length} worlds (${ids.join(', ')}); choose one with ${path}#<id>`,
  moduleNoSuchEnv: (flag: string, path: string, id: string, ids: readonly string[]) =>
    `--${flag}: ${show(path)} exports no world '${id}' (it has ${ids.join(', ')})`,
  noWorldCatalog: () =>
    'no world catalog in this thread: a program hands the built-in worlds and the environment checker to the ' +
    'module store first (envs/install.ts)',
  noHost: (what: string) =>
    `${what} needs a host (files, threads, SQLite), and none is installed in this thread: the engine alone runs ` +
    `configurations of built-in code`,
  // skill databases (--library-db FILE, --library-from FILE#replicate, hexa library FILE); `where` is the
  // flag (--library-from) or the argument (FILE) that named the file
  sqliteMissing: (version: string) =>
    `a skill database (--library-db, --library-from, hexa library) needs better-sqlite3, an optional dependency: ` +
    `npm install -E better-sqlite3@${version}`,
  skillDbMissing: (where: string, path: string) => `${where}: ${show(path)} does not exist or is not a file`,
  skillDbDamaged: (where: string, path: string, reason: string) =>
    `${where}: ${show(path)} cannot be read as a skill database: ${reason}`,
  skillDbLocked: (where: string, path: string) =>
    `${where}: ${show(path)} is locked by another program writing it; try again once it is done`,
  skillDbOutOfWorld: (where: string, path: string, detail: string) =>
    `${where}: ${show(path)}: ${detail}; the file was edited or is damaged, write it again with --library-db`,
  notSkillDb: (where: string, path: string, reason: string) =>
    `${where}: ${show(path)} is not a skill database of this hexa-sim (${reason})`,
  skillDbCells: (where: string, path: string, cells: readonly string[]) =>
    `${where}: ${show(path)} holds ${cells.length} cells ` +
    `(${cells.slice(0, 4).join(', ')}${cells.length > 4 ? ', …' : ''}); choose one with ${path}#<cell>/<replicate>`,
  skillDbNoCell: (where: string, path: string, cell: string) =>
    `${where}: ${show(path)} holds no cell ${show(cell)} (give its id, or its label, e.g. an arm of hexa reproduce)`,
  skillDbNoReplicate: (where: string, path: string, replicate: string, replicates: number) =>
    `${where}: ${show(path)}: replicate ${show(replicate)} is not one of 0 … ${replicates - 1}`,
  sqlWithoutQuestion: () => '--sql: prints the SQL of a question; give --question too',
  libraryOtherWorld: (flag: string, value: string, saved: string, now: string) =>
    `--${flag}: ${show(value)} was learned in a world of ${saved}; ${now} cannot use it`,
  libraryWithoutPrior: (mode: string) =>
    `--library-from: mode '${mode}' learns online from an empty library; use an offline or off2on mode, or none`,
  libraryWithoutLibrary: () => '--library-from: the random control (--no-library) has no library to start from',
  libraryChanged: (path: string, was: string, now: string) =>
    `--library-from: ${show(path)} has changed (sha256 ${was.slice(0, 12)}… then, ${now.slice(0, 12)}… now)`,
  /** What plugin code did at run time (the detail of a PluginError). */
  plugin: {
    threw: (e: unknown) =>
      e instanceof Error && e.name === 'PluginExit'
        ? e.message
        : `threw ${e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e)}`,
    notFeedback: (value: unknown) => `returned ${show(value)}, not a feedback object {score, solved}`,
    badScore: (score: unknown, max: number) => `returned score ${show(score)}, not an integer in 0 … ${max}`,
    badSolved: (solved: unknown) => `returned solved ${show(solved)}, not true or false`,
    badFailure: (failure: unknown) => `returned failure ${show(failure)}, not a FAILURE kind (0 … 4)`,
    badShape: (what: string) => `made a world that ${what}`,
    badRate: (rate: unknown) => `returned ${show(rate)}, not a rate in [0, 1]`,
    notNumber: (value: unknown) => `returned ${show(value)}, not a number`,
    timedOut: (seconds: number) => `did not return within ${seconds} s (stopped; --step-timeout sets the limit)`,
  },
  /** What a plugin's default export lacks (sim/core/world/define.ts, sim/agent/moduleStore.ts). */
  contract: {
    notObject: (what: string) => `is not an object (expected ${what})`,
    emptyList: () => 'the list is empty',
    badEnvId: (id: unknown) =>
      `id ${show(id)} is not a versioned id such as 'my-lock-v1' (lower case, digits, dashes, then -v<N>)`,
    field: (field: string, expected: string) => `'${field}' must be ${expected}`,
    duplicateParam: (name: string) => `parameter '${name}' is declared twice`,
    badKind: (kind: unknown, expected: string) => `kind ${show(kind)} is not '${expected}'`,
    badPolicyName: (name: unknown) => `name ${show(name)} must be lower case letters, digits and dashes`,
    builtInName: (name: string, kind: string) => `name '${name}' is a built-in ${kind}; give the policy its own name`,
  },
  /** The environment checker (envs/check/): what each check asserts, and what it found. */
  envCheck: {
    describe: {
      contract: 'has the EnvSpec fields: versioned id, summary, documented parameters, create (and resolve, if any)',
      declared:
        'declared defaults are values of their kind, kept by resolve; resolved values are of their declared kind',
      resolve: 'resolves parameters deterministically, every one filled in, idempotently',
      'unknown-parameter': 'rejects an unknown parameter, naming it',
      'parameter-errors': 'rejects bad parameter values, naming the parameter',
      determinism: 'the same seed gives the same trajectory, run after run',
      ranges: 'action space, contexts, truth and scores stay in their declared ranges (scores 0 … maxScore)',
      'task-end': 'the truth ends a task, a step after the end throws, reset starts the next task',
      'solved-iff-truth': 'a task is solved exactly when the code equals the truth',
      'no-retained-code': 'step keeps nothing of the code array it is given (the caller reuses it)',
      'bit-words':
        'a binary world that takes bit words (stepBits, stepWord) gives the feedback step gives, step by step',
    },
    threw: (message: string) => `threw: ${message.split('\n')[0]}`,
    notAnEnvSpec: () => 'not run: the default export is not an EnvSpec',
    timedOut: (seconds: number) =>
      `did not finish within ${seconds} s: a call into the world never returned (stopped; ` +
      `--step-timeout sets the limit)`,
    afterTimeout: () => 'not run: an earlier check was stopped',
    needsDeterminism: () => 'not run: the world is not deterministic, so two runs cannot be compared',
    manySolvingCodes: () => 'not applicable: exactRandomControl is false (more than one code may solve)',
    resolveUnstable: () => 'resolve gave different results for the same parameters',
    resolveNotIdempotent: () => 'resolve(resolve(p)) differs from resolve(p)',
    notFilledIn: (name: string) =>
      `parameter '${name}' has no value: declare a default, or fill it in resolve() (derived from the others)`,
    kindInt: (p: { kind: string; min?: number; max?: number }) => `an integer${boundsText(p)}`,
    kindNumber: (p: { kind: string; min?: number; max?: number }) =>
      p.kind === 'rate' ? `a rate in [0, 1]${boundsText(p)}` : `a finite number${boundsText(p)}`,
    kindString: () => 'a string',
    badDefault: (name: string, value: unknown, expected: string) =>
      `parameter '${name}' declares default ${JSON.stringify(value)}, which is not ${expected}`,
    defaultChanged: (name: string, declared: unknown, resolved: unknown) =>
      `parameter '${name}' declares default ${JSON.stringify(declared)}, but resolve() gives ` +
      `${JSON.stringify(resolved)}`,
    resolvedBadKind: (name: string, value: unknown, expected: string) =>
      `resolve() gives parameter '${name}' the value ${JSON.stringify(value)}, which is not ${expected}`,
    nondeterministic: (at: number) =>
      `two runs with seed 11 differ at observation ${at} (unseeded randomness or state shared between instances?)`,
    badSpace: (positions: unknown, arity: unknown) =>
      `action space ${show(positions)} positions × ${show(arity)} values: both must be positive integers`,
    badMaxScore: (max: unknown) => `maxScore ${show(max)} is not a positive integer`,
    badContexts: (contexts: unknown) => `contexts ${show(contexts)} is not a positive integer`,
    goodAboveMax: (good: number, max: number) => `goodScore ${good} is above maxScore ${max}`,
    badContext: (task: number, context: unknown, contexts: number) =>
      `task ${task}: context() = ${show(context)}, not in 0 … ${contexts - 1}`,
    badTruth: (task: number, truth: string) => `task ${task}: truth() = ${truth} does not fit the action space`,
    badScore: (task: number, score: unknown, max: number) =>
      `task ${task}: score ${show(score)} is not an integer in 0 … ${max}`,
    badFailure: (task: number, failure: unknown) =>
      `task ${task}: failure ${show(failure)} is not a FAILURE kind (0 … 4)`,
    neverSolved: (task: number) => `task ${task}: submitting the truth for 2000 steps never solved it`,
    stepAfterEnd: (task: number) => `task ${task}: step() after the task was solved did not throw`,
    solvedByOther: (task: number, code: string, truth: string) =>
      `task ${task}: code ${code} solved the task, but the truth is ${truth}`,
    truthDidNotSolve: (task: number, truth: string) => `task ${task}: the truth ${truth} did not solve the task`,
    keepsCode: () =>
      'trajectories differ when the caller overwrites the code array after each step: step keeps a reference to it',
    noBitWords: () => 'not applicable: the world has no stepBits (or more than 2 values per position)',
    bitsDisagree: (task: number, code: string, step: string, method: 'stepBits' | 'stepWord', got: string) =>
      `task ${task}, code ${code}: step gives ${step}, ${method} ${got}`,
    accepted: (params: string) => `resolve accepted ${params}`,
    notParamError: (params: string, message: string) =>
      `resolve rejected ${params} without naming a parameter (throw an Error with a 'param' property): ` +
      `${message.split('\n')[0]}`,
    wrongParamNamed: (params: string, named: string, expected: string) =>
      `resolve rejected ${params} naming '${named}', not '${expected}'`,
  },
  /** The explorer page (scripts/explorer/): what it cannot take from a link or a pasted command. */
  explorerNoFiles: (flag: string, text: string) =>
    `--${flag}: ${show(text)} names a file; the explorer runs built-in worlds and policies only (hexa run reads files)`,
  explorerView: (view: string, views: readonly string[]) =>
    `view: ${show(view)} is not a view of the explorer (views: ${views.join(', ')})`,
  explorerWorkers: (text: string) => `workers: ${show(text)} is not a whole number of workers in 1 … 64`,
  explorerQuote: (line: string) => `${show(line)}: a quote is not closed`,
  explorerCommand: (typed: string) => `${show(typed)}: the explorer reads a hexa run command (hexa run --flag value …)`,
  explorerAxes: (flags: readonly string[]) =>
    `${flags.map((f) => `--${f}`).join(', ')} each hold several values: the explorer's grid has two axes ` +
    '(hexa sweep takes more)',
  explorerCells: (cells: number, max: number) =>
    `${cells} cells: the explorer runs grids of at most ${max} (hexa sweep runs more)`,
  explorerNotBuilt: (path: string) =>
    `the explorer's page was not built (${show(path)} is missing): run npm run build in hexa-sim's checkout`,
};
