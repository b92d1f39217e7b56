/**
 * `hexa bench`: in one run, the engine against a bare loop of the same generator (attempts per CPU second,
 * and its share), the cost of an attempt from 4 to 256 bits, `hexa run` start-up against `hexa --help`,
 * the default reproduction's time, what a second worker buys the audit and a short sweep, and what
 * `--library-db` costs the 1000-replicate exploitation arm, and the explorer's page in Chromium.
 */
import { OutputPlan } from '../program/outputs.js';
import { readInput } from '../config/input.js';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { parseDecimal, parseInteger } from '../../sim/core/params/read.js';
import { single } from '../config/flags.js';
import { withOutputFlags, type OutputArgs } from './common.js';

interface BenchArgs extends OutputArgs {
  seconds?: string;
  runs?: string;
  startup?: boolean;
  reproduce?: boolean;
  audit?: boolean;
  sweep?: boolean;
  'library-db'?: boolean;
  markdown?: string;
  store?: boolean;
  commands?: boolean;
  report?: boolean;
  explorer?: boolean;
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(
      y,
      'every figure: {cores, load, engine, lockModule, startup, reproduce, audit, sweep, commands, report, explorer}',
      false,
    )
      .option('seconds', { type: 'number', describe: 'minimum CPU seconds per engine figure [default: 2]' })
      .option('runs', {
        type: 'number',
        describe: 'runs of each whole command, alternating; the least disturbed counts [default: 3]',
      })
      .option('startup', {
        type: 'boolean',
        default: true,
        describe: 'time hexa run against hexa --help (--no-startup to skip)',
      })
      .option('reproduce', {
        type: 'boolean',
        default: true,
        describe: 'time the default reproduction in process (--no-reproduce to skip)',
      })
      .option('audit', {
        type: 'boolean',
        default: true,
        describe: 'time hexa reproduce --audit with 1 and 2 workers (--no-audit to skip)',
      })
      .option('sweep', {
        type: 'boolean',
        default: true,
        describe: 'time a short sweep with 1 and 2 workers (--no-sweep to skip)',
      })
      .option('library-db', {
        type: 'boolean',
        default: true,
        describe: 'time the 1000-replicate exploitation arm with and without --library-db (--no-library-db to skip)',
      })
      .option('markdown', {
        type: 'string',
        describe: 'also write the figures into FILE between its bench:begin and bench:end lines (npm run bench)',
      })
      .option('store', {
        type: 'boolean',
        default: true,
        describe:
          'time the sweep store writing CSV and Parquet, and the Parquet writer over 100 000 ' +
          'cells (--no-store to skip)',
      })
      .option('commands', {
        type: 'boolean',
        default: true,
        describe: 'time hexa reproduce, --audit and --calibrate once each (--no-commands to skip)',
      })
      .option('report', {
        type: 'boolean',
        default: true,
        describe:
          'time hexa report of a 264-cell × 2000-replicate sweep and of a tenth of its cells, with their peak ' +
          'memory (--no-report to skip)',
      })
      .option('explorer', {
        type: 'boolean',
        default: true,
        describe:
          "time the explorer's page in Chromium: its first curve, its engine against Node's, its sweep grid " +
          'against hexa sweep; without Chromium, one line says so (--no-explorer to skip)',
      }) as unknown as Argv<BenchArgs>,
  handler: async (argv: ArgumentsCamelCase<BenchArgs>) => {
    const seconds = argv.seconds === undefined ? 2 : parseDecimal('seconds', argv.seconds);
    const runs = argv.runs === undefined ? 3 : parseInteger('runs', argv.runs, 1, 100);
    const markdown = single('markdown', argv.markdown);
    const { readGeneratedPage, withGeneratedRegion, writeGeneratedPage } = await import(
      '../../reports/render/generatedRegion.js'
    );
    const outputs = new OutputPlan();
    // Checked before it is read: a pipe there would be read (and wait) for ever.
    if (markdown !== undefined) outputs.page('markdown', markdown);
    outputs.claim();
    const page = markdown === undefined ? undefined : readGeneratedPage('markdown', markdown, 'bench', readInput);
    const { runBenchSuite, renderBench } = await import('../bench/suite.js');
    const r = await runBenchSuite({
      seconds,
      runs,
      startup: argv.startup !== false,
      reproduce: argv.reproduce !== false,
      audit: argv.audit !== false,
      sweep: argv.sweep !== false,
      libraryDb: argv['library-db'] !== false,
      store: argv.store !== false,
      commands: argv.commands !== false,
      report: argv.report !== false,
      explorer: argv.explorer !== false,
      onStep: argv.json === true ? undefined : (line) => process.stderr.write(`${line}\n`),
    });
    const lines = renderBench(r);
    process.stdout.write(argv.json === true ? `${JSON.stringify(r, null, 2)}\n` : `${lines}\n`);
    if (markdown !== undefined && page !== undefined) {
      const body = lines
        .split('\n')
        .map((line) => `- ${line}`)
        .join('\n');
      const command = `hexa ${process.argv.slice(2).join(' ')}`;
      writeGeneratedPage(markdown, withGeneratedRegion(page, 'bench', body, { date: new Date(), command }));
    }
  },
};
