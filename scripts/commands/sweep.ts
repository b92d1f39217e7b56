/**
 * `hexa sweep`: every `hexa run` flag takes a list or an inclusive range; the sweep runs the Cartesian
 * product on worker threads and writes results.csv (one tidy row per cell × replicate × round) and
 * manifest.json to a folder. Resumable, shardable across machines (`--shard i/n`, then `hexa merge`).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { splitLibraryValue } from '../../sim/experiment/libraryDb/savedLibrary.js';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { applyStepTimeout, STEP_TIMEOUT_OPTION } from '../config/stepTimeout.js';
import { COMMAND_DEFAULTS, envParamsFromArgv, flagText, RUN_FLAGS, runFlagOptions } from '../config/runOptions.js';
import { parseInteger } from '../../sim/core/params/read.js';
import { single } from '../config/flags.js';
import { absoluteModuleValue, MODULE_FLAGS } from '../config/modules.js';
import { preloadModules } from '../config/preload.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { defaultOutputDir, makeParentFolders } from '../output.js';
import { OutputPlan } from '../program/outputs.js';
import { hearSignals } from '../program/interrupt.js';
import { resumeCommand } from '../sweep/resumeCommand.js';
import type { AxisText } from '../sweep/grid.js';
import type { Shard } from '../sweep/folder/manifest.js';
import type { SweepSummary } from '../sweep/execute.js';
import type { SweepPlan } from '../sweep/cells.js';
import type { SkillDbWriter } from '../../reports/skillDb/writer.js';
import {
  FORMAT_OPTION,
  libraryDbPath,
  parseFormat,
  withLibraryDb,
  withOutputFlags,
  type OutputArgs,
} from './common.js';

interface SweepArgs extends OutputArgs {
  config?: string;
  out?: string;
  resume?: boolean;
  force?: boolean;
  workers?: string;
  shard?: string;
  failFast?: boolean;
  keepCells?: boolean;
  'library-db'?: string;
  format?: string;
  [flag: string]: unknown;
}

export function parseShard(text: string | undefined): Shard {
  if (text === undefined) return { index: 0, count: 1 };
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(count) && count >= 1 && index < count))
    throw new UsageError(msg.badShard(text));
  return { index, count };
}

/**
 * The grid's text per dimension: config file first, command line over it. Module files are made absolute,
 * so the manifest's grid names the same files wherever a resume or a merge runs.
 */
export function gridEntries(argv: Record<string, unknown>, fromConfig: readonly AxisText[]): AxisText[] {
  const out: AxisText[] = [...fromConfig];
  for (const p of RUN_FLAGS) {
    const text = flagText(p, argv[p.flag]);
    if (text !== undefined) out.push({ kind: 'flag', name: p.flag, text });
  }
  // The commands' defaults, where neither the flags nor the file set them: as if given (the grid names them).
  for (const [name, text] of Object.entries(COMMAND_DEFAULTS))
    if (!out.some((e) => e.kind === 'flag' && e.name === name)) out.push({ kind: 'flag', name, text });
  for (const [name, text] of Object.entries(envParamsFromArgv(argv))) out.push({ kind: 'param', name, text });
  const absolute = (e: AxisText, one: (text: string) => string): AxisText => ({
    ...e,
    text: e.text
      .split(',')
      .map((t) => one(t.trim()))
      .join(','),
  });
  return out.map((e) =>
    e.kind !== 'flag'
      ? e
      : MODULE_FLAGS[e.name] !== undefined
        ? absolute(e, absoluteModuleValue)
        : FILE_FLAGS.includes(e.name)
          ? absolute(e, absoluteFileValue)
          : e,
  );
}

/** The skill database of a sweep, its meta naming the grid. */
async function sweepDb(path: string, plan: SweepPlan): Promise<{ writer: SkillDbWriter; path: string }> {
  const { SkillDbWriter } = await import('../../reports/skillDb/writer.js');
  makeParentFolders(path);
  const config = { grid: plan.gridId, axes: plan.grid?.axes ?? [], replicates: plan.replicates };
  return { writer: new SkillDbWriter(path, { command: 'sweep', seed: plan.seed, config }), path };
}

/** Flags naming a file the cells read (a saved library). */
const FILE_FLAGS = RUN_FLAGS.filter((p) => p.kind === 'file').map((p) => p.flag);

/** FILE[#selector] with FILE made absolute. */
function absoluteFileValue(text: string): string {
  const { file, selector } = splitLibraryValue(text);
  return selector === undefined ? resolve(file) : `${resolve(file)}#${selector}`;
}

function report(s: SweepSummary, json: boolean, quiet: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
  } else if (!quiet || s.status !== 'done') {
    const shard = s.shard.count > 1 ? ` (shard ${s.shard.index}/${s.shard.count})` : '';
    process.stderr.write(
      `hexa sweep: ${s.status}${shard}: ${s.cells} cells, ${s.done} done, ${s.failed} failed, ${s.pending} not run` +
        ` (${s.ran} run now, ${s.skipped} already finished) in ${s.seconds.toFixed(1)} s → ${s.out}\n`,
    );
  }
  if (!json) {
    for (const f of s.failures.slice(0, 10)) process.stderr.write(`  cell ${f.id} failed: ${f.error}\n`);
    if (s.failures.length > 10) process.stderr.write(`  … and ${s.failures.length - 10} more (see manifest.json)\n`);
  }
}

export const sweepCommand: CommandModule<object, SweepArgs> = {
  builder: (y: Argv) =>
    withLibraryDb(withOutputFlags(y, 'a summary {status, cells, done, failed, pending, …}'), 'each cell × replicate')
      .usage(
        '$0 sweep [flags]\n\nEvery run flag takes one value, a list (0,0.1,0.2) or an inclusive range ' +
          'start:stop[:step] ' +
          '(exact decimals: 0.6:0.95:0.05 gives 0.6 … 0.95); the sweep runs their Cartesian product. ' +
          'Writes results.csv and manifest.json to --out.',
      )
      .options(runFlagOptions(true, COMMAND_DEFAULTS))
      .option('config', {
        type: 'string',
        group: 'Sweep:',
        describe: 'grid as JSON (schema: schemas/sweep.schema.json; - for stdin); flags override its keys',
      })
      .option('out', { type: 'string', group: 'Sweep:', describe: 'output folder [default: out/sweep-<time>]' })
      .option('resume', {
        type: 'boolean',
        group: 'Sweep:',
        describe: 'continue the sweep in --out: skip finished cells, rerun failed ones',
      })
      .option('force', {
        type: 'boolean',
        group: 'Sweep:',
        describe: "replace the sweep in --out (deletes only a sweep's own files there)",
      })
      .option('workers', {
        type: 'number',
        group: 'Sweep:',
        describe: 'threads running cells, this one among them [default: the cores available]',
      })
      .option('shard', {
        type: 'string',
        group: 'Sweep:',
        describe: 'run only share i of n of the cells (0 ≤ i < n); join with hexa merge',
      })
      .option('fail-fast', { type: 'boolean', group: 'Sweep:', describe: 'stop at the first failed cell' })
      .option('keep-cells', {
        type: 'boolean',
        group: 'Sweep:',
        describe: 'keep cells/ (the resume store) once the sweep is done; it is deleted otherwise',
      })
      .option('format', { ...FORMAT_OPTION, group: 'Sweep:' })
      .example(
        'hexa sweep --explore 0,0.1,0.2 --threshold 0.6:0.95:0.05 --replicates 100',
        '3 × 8 cells, 100 replicates each',
      )
      .example('hexa sweep --config sweep.json --out out/grid --workers 2', 'a grid from a file')
      .example(
        'hexa sweep --explore 0:1:0.1 --shard 0/3 --out out/s0',
        'the first of three shards; then hexa merge out/s0 out/s1 out/s2 --out out/all',
      )
      .example('hexa sweep --explore 0:1:0.1 --out out/grid --resume', 'finish an interrupted sweep')
      .option('step-timeout', STEP_TIMEOUT_OPTION) as unknown as Argv<SweepArgs>,
  handler: async (argv: ArgumentsCamelCase<SweepArgs>) => {
    // Its long work hands the event loop turns, so a signal is heard: one line, nothing half-written.
    hearSignals();
    applyStepTimeout(argv);
    if (argv.resume === true && argv.force === true) throw new UsageError(msg.conflicting('resume', 'force'));
    const shard = parseShard(single('shard', argv.shard));
    const format = parseFormat(single('format', argv.format));
    const workersText = single('workers', argv.workers);
    const { buildGrid } = await import('../sweep/grid.js');
    const { planSweep } = await import('../sweep/cells.js');
    const { checkSweepDir, prepareSweepDir } = await import('../sweep/outputDir.js');
    const { defaultWorkers } = await import('../../sim/core/parallel/cores.js');
    const { startPool } = await import('../sweep/execute.js');
    const workers = workersText === undefined ? defaultWorkers() : parseInteger('workers', workersText, 1, 1024);
    const configPath = single('config', argv.config);
    const fromConfig =
      configPath === undefined ? [] : await (await import('../sweep/configFile.js')).readSweepConfig(configPath);

    const entries = gridEntries(argv, fromConfig);
    await preloadModules(entries.filter((e) => e.kind === 'flag'));
    const plan = planSweep(buildGrid(entries));
    const mode = argv.resume === true ? 'resume' : argv.force === true ? 'force' : 'fresh';
    const out = single('out', argv.out) ?? defaultOutputDir('sweep');
    if (argv.out === undefined) mkdirSync(dirname(out), { recursive: true }); // the git-ignored out/
    const outputs = new OutputPlan();
    const { isSweepEntry } = await import('../sweep/folder/store.js');
    const check = (): string => checkSweepDir(out, mode, plan, shard);
    const dir = outputs.folder('out', out, mode !== 'fresh', { check, owns: isSweepEntry, inPlace: true });
    // A resumed sweep rebuilds its database whole, from every cell, so the one it wrote before may be replaced.
    const replaceDb = argv.force === true || argv.resume === true;
    const dbPath = libraryDbPath(argv, replaceDb, outputs);
    outputs.claim();
    const { executeSweep, usefulWorkers } = await import('../sweep/execute.js');
    // Start the threads now: they load while the folder is prepared and scanned.
    const pool = startPool(
      usefulWorkers(workers, plan, Math.ceil(plan.ids.length / shard.count)),
      plan.modules.length > 0,
    );
    let summary: SweepSummary;
    try {
      // One writer per folder: a second sweep, resume or merge into it is refused before anything is touched.
      mkdirSync(dir, { recursive: true });
      const { lockFolder } = await import('../../reports/store/lock.js');
      lockFolder(dir);
      prepareSweepDir(dir, mode);
      const { progressMode } = await import('../sweep/progress.js');
      const libraryDb = dbPath === undefined ? undefined : await sweepDb(dbPath, plan);
      summary = await executeSweep({
        dir,
        plan,
        shard,
        workers,
        failFast: argv.failFast === true,
        keepCells: argv.keepCells === true,
        format,
        progress: progressMode(argv.quiet === true),
        pool,
        resume: resumeCommand(process.argv.slice(2), dir, argv.out !== undefined),
        ...(libraryDb !== undefined ? { libraryDb } : {}),
      });
    } finally {
      await pool.close();
    }
    report(summary, argv.json === true, argv.quiet === true);
    if (summary.status !== 'done') process.exitCode = 1;
  },
};
