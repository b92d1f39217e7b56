/**
 * The `hexa` command line as a yargs program: every command, the top-level flags, and one way to fail
 * (a usage problem becomes one line). Built apart from the entry point so a test can parse a command line
 * exactly as `hexa` would without running it (the docs' commands are checked that way).
 */
import yargs, { type Argv, type CommandModule } from 'yargs';
import { msg, UsageError } from '../../sim/core/messages.js';
import { EXIT_STATUS } from '../commands/common.js';
import { packageVersion } from '../../reports/manifest.js';
import { unknownCommand, usageLine } from './usageErrors.js';
import { declaredFlags, joinDashValues, numbersAsText } from '../config/flags.js';
import { COMMAND_TABLE, type CommandEntry } from './commandTable.js';

const nameOf = (entry: CommandEntry): string => entry.command.split(' ')[0]!;

/** The command names, as typed (`check-env <targets..>` → `check-env`). */
export const COMMAND_NAMES = COMMAND_TABLE.map(nameOf);

/** A command whole: its line and description from the table, its flags and work from its module. */
async function wholeCommand(entry: CommandEntry): Promise<CommandModule> {
  return { ...(await entry.load()), command: entry.command, describe: entry.describe };
}

/**
 * The commands for these arguments: whole, those named among them (yargs runs the one it finds wherever it stands:
 * `hexa --debug run`); the others only as their line and description, all that help shows of them, whose handler
 * yargs never reaches.
 */
function commandsFor(args: readonly string[]): Promise<CommandModule[]> {
  return Promise.all(
    COMMAND_TABLE.map(async (entry) => {
      if (args.includes(nameOf(entry))) return wholeCommand(entry);
      return {
        command: entry.command,
        describe: entry.describe,
        handler: (): never => {
          throw new Error(`hexa: the ${nameOf(entry)} command ran without its module`);
        },
      };
    }),
  );
}

/** The part of yargs' public-but-untyped surface a command's flags are read from. */
interface DeclaredOptions {
  getOptions(): {
    key: Record<string, unknown>;
    boolean: string[];
    array: string[];
    hiddenOptions: string[];
    default: Record<string, unknown>;
  };
}

/** What a command declares, for completion: its flags (long names), which of them are switches or repeatable. */
export interface CommandFlags {
  readonly flags: readonly string[];
  readonly switches: readonly string[];
  /** Switches on by default, whose `--no-` form is the one to type. */
  readonly onByDefault: readonly string[];
  readonly repeatable: readonly string[];
}

/** The flags a command declares (the top-level ones included), or undefined for a name that is no command. */
export async function commandFlags(name: string): Promise<CommandFlags | undefined> {
  const entry = COMMAND_TABLE.find((c) => nameOf(c) === name);
  if (entry === undefined) return undefined;
  const command = await wholeCommand(entry);
  // A fresh program given only this command's builder: its positionals (`<file>`, `[shell]`) are declared too.
  const positionals = [...String(command.command).matchAll(/[<[]([\w-]+)/g)].map((m) => m[1]);
  const y = yargs([]).option('debug', { type: 'boolean' });
  const { builder } = command;
  const built = (typeof builder === 'function' ? (builder(y) as Argv) : y.options(builder ?? {})) as unknown;
  const options = (built as DeclaredOptions).getOptions();
  const declared = (list: readonly string[]): string[] => list.filter((f) => flags.includes(f));
  const flags = Object.keys(options.key).filter(
    (f) => !positionals.includes(f) && !options.hiddenOptions.includes(f) && f !== 'version',
  );
  const switches = declared(options.boolean);
  return {
    flags,
    switches,
    onByDefault: switches.filter((f) => options.default[f] === true),
    repeatable: declared(options.array),
  };
}

/** What each command with positional arguments says when they are missing. */
const MISSING: Readonly<Record<string, string>> = {
  merge: msg.mergeNoInput(),
  'check-env': msg.checkEnvNoTarget(),
  report: msg.reportNoDir(),
  library: msg.libraryNoFile(),
};

/** The part of yargs' internals that `skipHelpCache` touches (yargs 18, pinned). */
interface YargsInternals {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } };
}

/**
 * yargs renders a command's whole help text after starting its handler, to keep for a later `showHelp`
 * (string layout on the path of every run and sweep, a cost docs/performance.md gives). hexa never shows
 * help after a command has started (errors are one line), so the rendering is skipped; `--help` is unaffected.
 */
function skipHelpCache(cli: object): void {
  const usage = (cli as YargsInternals).getInternalMethods?.().getUsageInstance?.();
  if (usage !== undefined && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = (): void => {};
}

/** How a built command line ends: `run` false parses and checks the flags but starts no command. */
export interface CliOptions {
  readonly run: boolean;
  /** Called with the one line a usage problem prints (without the `hexa: ` prefix); must not return. */
  readonly fail: (message: string) => never;
}

/** The `hexa` program for these arguments (as typed after `hexa`), ready for `parseAsync`. */
export async function buildCli(argv: readonly string[], options: CliOptions): Promise<Argv> {
  const args = joinDashValues(argv);
  const typed = args[0]?.startsWith('-') === false ? args[0] : undefined;
  if (typed !== undefined && !COMMAND_NAMES.includes(typed)) options.fail(unknownCommand(typed, COMMAND_NAMES));
  let cli = yargs(args)
    .scriptName('hexa')
    .usage('$0 <command> [flags]\n\nSeeded simulator for experience-library agents (Actor / Evolver / Retriever).');
  for (const command of await commandsFor(args)) {
    const { builder } = command;
    cli = cli.command({
      ...command,
      ...(options.run ? {} : { handler: (): void => {} }),
      builder: (y: Argv) =>
        numbersAsText(typeof builder === 'function' ? (builder(y) as Argv) : y.options(builder ?? {})),
    });
  }
  cli = cli
    .option('debug', { type: 'boolean', global: true, describe: 'on an error, print its stack trace too' })
    .demandCommand(1, 'name a command (see hexa --help)')
    .strict()
    .exitProcess(options.run)
    .help('help')
    .alias('help', 'h')
    .version(packageVersion())
    .alias('version', 'V')
    .example('hexa run', 'the published agent, 200 replicates: the mean per round with 95 % intervals')
    .example('hexa reproduce', 'the published benchmark beside the simulator (npm start)')
    .example('hexa run --no-library --replicates 4000', 'the random control')
    .example(
      'hexa sweep --explore 0,0.1,0.2 --threshold 0.6:0.95:0.05 --replicates 100',
      'a grid of 24 cells on all cores',
    )
    .example('hexa envs', 'list environments')
    .example('hexa check-env ./docs/examples/lock-world.mjs', 'check a plugin world against the environment contract')
    .example('hexa report out/run-1', 'charts, summary.csv and index.html for a result folder')
    .example('hexa limits --bits 4', 'exact bounds: optimal and consistent openers, random guessing')
    .example('hexa matrix --replicates 200', 'the HExA matrix: offline|off2on|online × static|iterative|evolving')
    .example('hexa explorer', 'the simulator in one offline web page: hexa-explorer.html')
    .epilogue(`Every run is seeded: the same flags and --seed give byte-identical output.\n${EXIT_STATUS}`)
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .fail((message, error) => {
      if (error instanceof UsageError) options.fail(error.message);
      if (error) throw error;
      const flags = declaredFlags(cli);
      const missing = typed === undefined ? undefined : MISSING[typed];
      options.fail(
        usageLine(message ?? 'bad command line', { command: typed, flags, ...(missing ? { missing } : {}) }),
      );
    });
  skipHelpCache(cli);
  return cli;
}
