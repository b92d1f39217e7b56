/**
 * `hexa reproduce`: every published figure of the 4-bit-lock benchmark beside the simulator's, with the
 * single-run comparison, paired differences between arms, the audit of the hidden choices (its ranked table
 * with --audit), and the verdict's headline at the end. Writes a result folder (table.csv, paired.csv,
 * runs.csv, bounds.csv, audit.csv, verdict.json, manifest.json; no audit or verdict with --single).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule, Options } from 'yargs';
import { applyStepTimeout, STEP_TIMEOUT_OPTION } from '../config/stepTimeout.js';
import { HIDDEN_CHOICES, hiddenOf, type HiddenChoices } from '../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
import { PUBLISHED_RUN } from '../../sim/experiment/config.js';
import { parseChoice, parseInteger } from '../../sim/core/params/read.js';
import { single } from '../config/flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { defaultOutputDir, publishFolder, writeFileAtomic, writeTarget } from '../output.js';
import { OutputPlan } from '../program/outputs.js';
import { hearSignals } from '../program/interrupt.js';
import { readInput } from '../config/input.js';
import { pngScaleFlag, pngScaleOption } from '../pngScale.js';
import type { ReproduceStage } from '../reproduceReport.js';
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
import { CALIBRATION_PUBLICATIONS } from '../../sim/reproduction/calibration/goals.js';

interface ReproduceArgs extends OutputArgs {
  markdown?: string;
  replicates?: unknown;
  seed?: unknown;
  single?: boolean;
  audit?: boolean;
  calibrate?: boolean;
  publications?: unknown;
  workers?: unknown;
  out?: unknown;
  force?: boolean;
  report?: boolean;
  env?: unknown;
  format?: string;
  [flag: string]: unknown;
}

const DEFAULT_REPLICATES = 1000;
/** Replicates per arm and reading of the full audit (`--audit`, `--calibrate`): docs/reproduction.md, "The audit". */
export const DEFAULT_AUDIT_REPLICATES = 10_000;
/** Replicates per arm and reading of the quick audit behind the default headline (which says so). */
export const QUICK_AUDIT_REPLICATES = 1000;
const HIDDEN_GROUP = "Hidden choices (default: the audit's best; see docs/reproduction.md):";

function hiddenOptions(): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const c of HIDDEN_CHOICES) {
    out[c.flag] = {
      type: 'string',
      group: HIDDEN_GROUP,
      describe: `${c.values.join(' | ')} [default: ${PUBLISHED_AGENT[c.key]}]`,
    };
  }
  return out;
}

/** Validated options, or a UsageError naming the flag and the value. */
export function reproduceSettings(argv: Record<string, unknown>): {
  hidden: HiddenChoices;
  seed: number;
  replicates: number;
  auditReplicates: number;
  fullAuditReplicates: number;
  workers: number | undefined;
} {
  const hidden: Record<string, string> = { ...hiddenOf(PUBLISHED_AGENT) };
  for (const c of HIDDEN_CHOICES) {
    const text = single(c.flag, argv[c.flag]);
    if (text !== undefined) hidden[c.key] = parseChoice(c.flag, text, c.values);
  }
  const int = (flag: string, fallback: number, min: number, max: number): number => {
    const text = single(flag, argv[flag]);
    return text === undefined ? fallback : parseInteger(flag, text, min, max);
  };
  const workersText = single('workers', argv.workers);
  return {
    hidden: hidden as unknown as HiddenChoices,
    seed: int('seed', PUBLISHED_RUN.seed, 0, 2 ** 53 - 1),
    replicates: int('replicates', DEFAULT_REPLICATES, 2, 10_000_000),
    // The full audit runs with --audit or --calibrate; the default headline rests on a quick one and says so.
    auditReplicates: int(
      'audit-replicates',
      argv.audit === true || argv.calibrate === true ? DEFAULT_AUDIT_REPLICATES : QUICK_AUDIT_REPLICATES,
      2,
      10_000_000,
    ),
    fullAuditReplicates: DEFAULT_AUDIT_REPLICATES,
    workers: workersText === undefined ? undefined : parseInteger('workers', workersText, 1, 256),
  };
}

/** What a reproduction writes in its --out folder (another output may go beside them, as a skill database). */
const REPRODUCE_FILES: readonly string[] = [
  'manifest.json',
  'table.csv',
  'paired.csv',
  'runs.csv',
  'runs.parquet',
  'bounds.csv',
  'audit.csv',
  'calibration.csv',
  'calibration.json',
  'verdict.json',
  'report',
];

/** What each stage of the reproduction counts, for its progress line. */
const STAGES: Readonly<Record<ReproduceStage, string>> = {
  arms: 'simulations (the arms and openers)',
  audit: 'simulations (the audit: every reading, and the ones refined)',
  confidence: 'simulated publications of the readings near the best (the confidence set)',
  calibration: 'simulated publications (calibration)',
};

export const reproduceCommand: CommandModule<object, ReproduceArgs> = {
  builder: (y: Argv) =>
    withLibraryDb(withOutputFlags(y, '{config, rows, bounds, verdict}'), 'each arm × replicate of the table')
      .option('replicates', {
        type: 'number',
        describe: `replicates per arm for the table [default: ${DEFAULT_REPLICATES}]`,
      })
      .option('audit-replicates', {
        type: 'number',
        describe:
          `replicates per arm for every reading of the audit (the verdict) [default: ` +
          `${DEFAULT_AUDIT_REPLICATES} with --audit or --calibrate, else a quick ${QUICK_AUDIT_REPLICATES}]`,
      })
      .option('seed', { type: 'number', describe: `seed [default: ${PUBLISHED_RUN.seed}]` })
      .option('single', {
        type: 'boolean',
        describe: "one replicate at the article's scale: how far one 30-task run wanders",
      })
      .option('audit', {
        type: 'boolean',
        describe:
          `the full audit (${DEFAULT_AUDIT_REPLICATES} replicates per reading), with its ranking of every ` +
          `combination of the hidden choices printed (audit.csv holds it either way)`,
      })
      .option('calibrate', {
        type: 'boolean',
        describe:
          `calibrate the audit's decision on simulated publications of known readings, on the full audit's ` +
          `runs (calibration.csv, calibration.json)`,
      })
      .option('publications', {
        type: 'string',
        describe: `simulated publications per known reading for --calibrate [default: ${CALIBRATION_PUBLICATIONS}]`,
      })
      .option('workers', {
        type: 'number',
        describe: 'threads for the audit, this one among them [default: the cores available]',
      })
      .option('out', { type: 'string', describe: 'result folder [default: a fresh out/reproduce-<time>]' })
      .option('format', {
        ...FORMAT_OPTION,
        describe: 'the runs table: parquet (runs.parquet), csv (runs.csv), or both',
      })
      .option('force', { type: 'boolean', describe: 'write into an existing --out folder' })
      .option('markdown', {
        type: 'string',
        describe: 'also write the printed tables into FILE between its reproduce:begin and reproduce:end lines',
      })
      .option('report', {
        type: 'boolean',
        describe: 'also write charts and an offline index.html into DIR/report (as hexa report DIR)',
      })
      .option('png-scale', pngScaleOption)
      .option('env', {
        type: 'string',
        describe:
          'run the benchmark in another world at its defaults: an environment id or an ES module file (.mjs/.js); ' +
          'bounds where the openers apply there',
      })
      .option('param', {
        type: 'string',
        array: true,
        describe: 'a parameter of the --env world, name=value (repeatable)',
      })
      .options(hiddenOptions())
      .example('hexa reproduce', 'every published figure beside 1000 simulated replicates per arm')
      .example('hexa reproduce --single --seed 7', 'one 30-task run per arm, as the article did')
      .example('hexa reproduce --audit', 'also print the ranking of every reading of the hidden choices, by likelihood')
      .example('hexa reproduce --report', 'the benchmark and its report (npm start)')
      .example('hexa reproduce --cadence task --window all', 'the benchmark under other hidden choices')
      .example(
        'hexa reproduce --env ./docs/examples/lock-world.mjs',
        'the benchmark in a plugin world (lock-v1 written in JavaScript)',
      )
      .option('step-timeout', STEP_TIMEOUT_OPTION) as unknown as Argv<ReproduceArgs>,
  handler: async (argv: ArgumentsCamelCase<ReproduceArgs>) => {
    // Its long work hands the event loop turns, so a signal is heard: one line, nothing half-written.
    hearSignals();
    applyStepTimeout(argv);
    const settings = reproduceSettings(argv);
    const format = parseFormat(single('format', argv.format));
    const isSingle = argv.single === true;
    const audit = argv.audit === true;
    const calibrating = argv.calibrate === true;
    if (isSingle && audit) throw new UsageError(msg.conflicting('single', 'audit'));
    if (isSingle && calibrating) throw new UsageError(msg.conflicting('single', 'calibrate'));
    if (calibrating && argv.env !== undefined) throw new UsageError(msg.conflicting('calibrate', 'env'));
    if (!calibrating && argv.publications !== undefined) throw new UsageError(msg.needs('publications', 'calibrate'));
    const publicationsText = single('publications', argv.publications);
    const publications =
      publicationsText === undefined
        ? CALIBRATION_PUBLICATIONS
        : parseInteger('publications', publicationsText, 1, 1_000_000);
    if (isSingle && argv.replicates !== undefined) throw new UsageError(msg.conflicting('single', 'replicates'));
    if (isSingle && argv.auditReplicates !== undefined)
      throw new UsageError(msg.conflicting('single', 'audit-replicates'));
    // The audit judges readings of the published lock; another world gets the arms, figures and bounds.
    if (audit && argv.env !== undefined) throw new UsageError(msg.conflicting('audit', 'env'));
    if (argv.auditReplicates !== undefined && argv.env !== undefined)
      throw new UsageError(msg.conflicting('audit-replicates', 'env'));
    const pngScale = pngScaleFlag(argv['png-scale']);
    if (argv['png-scale'] !== undefined && argv.report !== true)
      throw new UsageError(msg.pngScaleWithoutReport(argv['png-scale']));
    const { otherWorld } = await import('../reproduceWorld.js');
    const world = await otherWorld(argv);
    const markdown = single('markdown', argv.markdown);
    const { readGeneratedPage, withGeneratedRegion, writeGeneratedPage } = await import(
      '../../reports/render/generatedRegion.js'
    );
    const outputs = new OutputPlan();
    // Checked before it is read: a pipe there would be read (and wait) for ever.
    if (markdown !== undefined) outputs.page('markdown', markdown);
    const page = markdown === undefined ? undefined : readGeneratedPage('markdown', markdown, 'reproduce', readInput);
    const outText = single('out', argv.out);
    const force = argv.force === true;
    if (outText === undefined) mkdirSync('out', { recursive: true });
    const owns = (name: string): boolean => REPRODUCE_FILES.includes(name);
    const dir = outputs.folder('out', outText ?? defaultOutputDir('reproduce'), force, { owns });
    const libraryDb = libraryDbPath(argv, force, outputs);
    outputs.claim();

    const startedAt = new Date();
    const progress = await progressOf(argv, 'reproduce');
    const { executeReproduce } = await import('../reproduceReport.js');
    const { defaultWorkers } = await import('../../sim/core/parallel/cores.js');
    const { makeManifest } = await import('../../reports/manifest.js');
    const { libraryDbEntry } = await import('../../reports/folders/folders.js');
    const { checksumsOf } = await import('../../reports/store/checksums.js');
    const { writesCsv, writesParquet } = await import('../../reports/parquet/sweepTables.js');
    const { envKindsOf } = await import('../../reports/parquet/csvTable.js');
    const { ParquetAside } = await import('../../reports/parquet/offThread.js');
    // runs.parquet is encoded on a worker thread from the moment the runs are in, beside the folder until published.
    const parquet = new ParquetAside(`${writeTarget(dir)}.runs-${process.pid}.parquet`);
    const report = await executeReproduce({
      ...settings,
      single: isSingle,
      audit,
      workers: settings.workers ?? defaultWorkers(),
      ...(world !== undefined ? { world } : {}),
      onProgress: (done, total, stage) => progress.update(done, total, STAGES[stage]),
      ...(libraryDb !== undefined ? { libraryDb } : {}),
      ...(calibrating ? { calibrate: { publications } } : {}),
      ...(writesParquet(format)
        ? { onRunsCsv: (csv, arms) => parquet.start(csv, envKindsOf(arms.map((a) => a.envParams))) }
        : {}),
    }).catch(async (e: unknown) => {
      await parquet.discard();
      throw e;
    });
    progress.end();
    await parquet.finished();

    const all = report.files();
    const files = Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'runs.csv' || writesCsv(format)));
    const names = [...Object.keys(files), ...(writesParquet(format) ? ['runs.parquet'] : [])];
    // The folder's files appear at once (a temporary folder renamed into place), the manifest among them.
    try {
      publishFolder(dir, (staging) => {
        for (const [name, content] of Object.entries(files)) writeFileAtomic(join(staging, name), content);
        if (writesParquet(format)) parquet.moveTo(join(staging, 'runs.parquet'));
        const manifest = makeManifest('reproduce', settings.seed, startedAt, {
          config: report.config(),
          files: [...names, 'manifest.json'],
          ...(report.libraryDb !== undefined ? { libraryDb: libraryDbEntry(dir, report.libraryDb) } : {}),
          checksums: checksumsOf(staging, names),
          ...(report.verdict !== null
            ? {
                audit: {
                  replicates: settings.auditReplicates,
                  best: report.verdict.best.hidden,
                  identified: report.verdict.identified,
                  open: report.verdict.open,
                },
              }
            : {}),
        });
        writeFileAtomic(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      });
    } finally {
      await parquet.discard();
    }
    for (const stale of [
      'audit.csv',
      'verdict.json',
      'calibration.csv',
      'calibration.json',
      'runs.csv',
      'runs.parquet',
    ])
      if (!names.includes(stale)) rmSync(join(dir, stale), { force: true });

    let reportLine = '';
    if (argv.report === true) {
      const { summarizeFolder } = await import('../../reports/folderSummary.js');
      const { writeReport, DEFAULT_RESAMPLES } = await import('../writeReport.js');
      const reportDir = join(dir, 'report');
      const { data, summary } = await summarizeFolder(dir, () => ({
        seed: settings.seed,
        resamples: DEFAULT_RESAMPLES,
      }));
      await writeReport(data, summary, reportDir, {
        axes: null,
        source: dir,
        pngScale,
      });
      reportLine = `\nReport: ${join(reportDir, 'index.html')}`;
    }

    if (markdown !== undefined && page !== undefined) {
      // The printed tables as the docs show them; the command line minus where this copy went.
      const shown = process.argv.slice(2).filter((a, i, all) => a !== '--out' && all[i - 1] !== '--out');
      const body = `\`\`\`text\n${report.text()}\n\`\`\``;
      writeGeneratedPage(
        markdown,
        withGeneratedRegion(page, 'reproduce', body, { date: new Date(), command: `hexa ${shown.join(' ')}` }),
      );
    }
    if (argv.json === true) process.stdout.write(`${JSON.stringify(report.json(), null, 2)}\n`);
    else if (humanOutput(argv)) process.stdout.write(`${report.text()}\n\nWrote ${dir}${reportLine}\n`);
  },
};
