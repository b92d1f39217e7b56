/** `hexa run`: one configuration, several replicates, a per-round table (or JSON), optional tidy CSV. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { configFrom, envParamsFromArgv, loadedSettings, runFlagOptions } from '../config/runOptions.js';
import { checkOutputDir, checkOutputFile, makeParentFolders, writeFileAtomic } from '../output.js';
import { humanOutput, withOutputFlags, type OutputArgs } from './common.js';

interface RunArgs extends OutputArgs {
  csv?: string;
  out?: string;
  force?: boolean;
  [flag: string]: unknown;
}

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run',
  describe: 'run one configuration (the published agent by default) and print a per-round table',
  builder: (y: Argv) =>
    withOutputFlags(y, '{config, runs, rounds}')
      .options(runFlagOptions())
      .option('csv', {
        type: 'string',
        describe: 'write tidy rows (replicate × round, every parameter a column) to FILE',
      })
      .option('out', {
        type: 'string',
        describe: 'write a result folder DIR: runs.csv + manifest.json (for hexa report)',
      })
      .option('force', { type: 'boolean', describe: 'replace an existing --csv file or --out folder' })
      .example('hexa run', 'the published pure-exploitation arm, one replicate')
      .example(
        'hexa run --replicates 1000 --explore 0.2 --routing separate',
        '20 % exploration kept away from the Evolver',
      )
      .example('hexa run --no-library --replicates 4000', 'the random control (compare with the exact 11.599)')
      .example(
        'hexa run --bits 8 --replicates 200 --csv out/lock8.csv',
        'an 8-bit lock, rows to CSV',
      ) as unknown as Argv<RunArgs>,
  handler: async (argv: ArgumentsCamelCase<RunArgs>) => {
    const config = configFrom(await loadedSettings(argv), envParamsFromArgv(argv));
    const force = argv.force === true;
    const csvPath = argv.csv === undefined ? undefined : checkOutputFile('csv', String(argv.csv), force);
    const outDir = argv.out === undefined ? undefined : checkOutputDir('out', String(argv.out), force);
    const startedAt = new Date();
    const { executeRun } = await import('../runReport.js');
    const report = await executeRun(config);
    if (csvPath !== undefined) {
      makeParentFolders(csvPath);
      writeFileAtomic(csvPath, report.csv());
    }
    if (outDir !== undefined) {
      const { writeRunFolder } = await import('../../reports/folders/folders.js');
      // The folder was checked before the run (exists only with --force).
      writeRunFolder(outDir, report.result, { startedAt, force: true });
    }
    if (argv.json === true) process.stdout.write(`${JSON.stringify(report.json(), null, 2)}\n`);
    else if (humanOutput(argv)) process.stdout.write(`${report.text()}\n`);
  },
};
