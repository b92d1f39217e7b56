/** `hexa run`: one configuration, several replicates, a per-round table (or JSON), optional tidy CSV. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { applyStepTimeout, STEP_TIMEOUT_OPTION } from '../config/stepTimeout.js';
import { COMMAND_DEFAULTS, configFrom, envParamsFromArgv, runFlagOptions } from '../config/runOptions.js';
import { loadedSettings } from '../config/preload.js';
import { makeParentFolders, writeFileAtomic } from '../output.js';
import { OutputPlan } from '../program/outputs.js';
import { hearSignals } from '../program/interrupt.js';
import {
  FORMAT_OPTION,
  humanOutput,
  libraryDbPath,
  parseFormat,
  progressOf,
  withLibraryDb,
  withOutputFlags,
  type OutputArgs,
} from './common.js';
import { single, STDIO } from '../config/flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';

/** What `--out DIR` writes in DIR (another output may go beside them, as a skill database). */
const RUN_FOLDER_FILES: readonly string[] = ['manifest.json', 'runs.csv', 'runs.parquet'];

interface RunArgs extends OutputArgs {
  csv?: string;
  'library-db'?: string;
  out?: string;
  force?: boolean;
  format?: string;
  [flag: string]: unknown;
}

export const runCommand: CommandModule<object, RunArgs> = {
  builder: (y: Argv) =>
    withLibraryDb(withOutputFlags(y, '{config, runs, rounds}'), 'each replicate')
      .options(runFlagOptions(false, COMMAND_DEFAULTS))
      .option('csv', {
        type: 'string',
        describe: "write tidy rows (replicate × round, every parameter a column) to FILE ('-': stdout)",
      })
      .option('out', {
        type: 'string',
        describe: 'write a result folder DIR: runs.csv, runs.parquet + manifest.json (for hexa report)',
      })
      .option('format', {
        ...FORMAT_OPTION,
        describe: "the --out folder's tables: parquet (runs.parquet), csv (runs.csv), or both",
      })
      .option('force', {
        type: 'boolean',
        describe: 'replace an existing --csv or --library-db file or --out folder',
      })
      .example('hexa run', 'the published pure-exploitation arm, 200 replicates: the mean per round with its interval')
      .example('hexa run --replicates 1 --seed 7', 'one run, as the article reports it: it may or may not learn')
      .example(
        'hexa run --replicates 1000 --explore 0.2 --routing separate',
        '20 % exploration kept away from the Evolver',
      )
      .example('hexa run --no-library --replicates 4000', 'the random control (compare with the exact 11.599)')
      .example('hexa run --bits 8 --replicates 200 --csv out/lock8.csv', 'an 8-bit lock, rows to CSV')
      .example(
        'hexa run --replicates 100 --library-db lib.sqlite && hexa run --env drift-lock-v1 --library-from lib.sqlite#0',
        'every skill in a database, then a drifting lock started from replicate 0’s library',
      )
      .option('step-timeout', STEP_TIMEOUT_OPTION) as unknown as Argv<RunArgs>,
  handler: async (argv: ArgumentsCamelCase<RunArgs>) => {
    // Its long work hands the event loop turns, so a signal is heard: one line, nothing half-written.
    hearSignals();
    applyStepTimeout(argv);
    const format = parseFormat(single('format', argv.format));
    const config = configFrom({ ...COMMAND_DEFAULTS, ...(await loadedSettings(argv)) }, envParamsFromArgv(argv));
    const force = argv.force === true;
    const csvText = single('csv', argv.csv);
    const csvToStdout = csvText === STDIO;
    if (csvToStdout && argv.json === true) throw new UsageError(msg.bothToStdout('csv', 'json'));
    const outputs = new OutputPlan();
    const csvPath = csvText === undefined || csvToStdout ? undefined : outputs.file('csv', csvText, force);
    const outText = single('out', argv.out);
    const owns = (name: string): boolean => RUN_FOLDER_FILES.includes(name);
    const outDir = outText === undefined ? undefined : outputs.folder('out', outText, force, { owns });
    const dbPath = libraryDbPath(argv, force, outputs);
    outputs.claim();
    const startedAt = new Date();
    const { executeRun } = await import('../runReport.js');
    const progress = await progressOf(argv, 'run');
    const report = await executeRun(config, dbPath, (done, total) => progress.update(done, total, 'replicates'));
    progress.end();
    if (argv.quiet !== true && config.modules?.some((m) => m.kind !== 'env' && m.kind !== 'library') === true) {
      const { unchangedPolicyWarnings } = await import('../unchangedPolicy.js');
      for (const line of unchangedPolicyWarnings(config, report.result)) process.stderr.write(`hexa: ${line}\n`);
    }
    if (csvPath !== undefined) {
      makeParentFolders(csvPath);
      writeFileAtomic(csvPath, report.csv());
    }
    if (outDir !== undefined) {
      const { writeRunFolder } = await import('../../reports/folders/folders.js');
      // The folder was checked before the run (exists only with --force).
      writeRunFolder(outDir, report.result, { startedAt, force: true, libraryDb: report.libraryDb, format });
    }
    // stdout carries one thing: the CSV when it was asked for there, else the JSON or the table.
    if (csvToStdout) process.stdout.write(report.csv());
    else if (argv.json === true) process.stdout.write(`${JSON.stringify(report.json(), null, 2)}\n`);
    else if (humanOutput(argv)) process.stdout.write(`${report.text()}\n`);
  },
};
