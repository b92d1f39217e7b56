/**
 * `hexa report DIR`: charts (Vega-Lite specs, SVG, PNG), summary.csv with bootstrap intervals, and an
 * offline index.html for a result folder of `hexa run --out`, `hexa sweep` or `hexa reproduce`; `hexa report A B
 * …`: one page comparing result folders of one world (reports/compare/). Each folder is read and summarised as
 * its rows stream past; the page is built in memory, then written.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { parseInteger } from '../../sim/core/params/read.js';
import { at } from '../../sim/core/at.js';
import { single } from '../config/flags.js';
import { pngScaleFlag, pngScaleOption } from '../pngScale.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { OutputPlan } from '../program/outputs.js';
import { defaultOutputDir } from '../output.js';
import type { ResultFolder } from '../../reports/resultFolder.js';
import type { Summary } from '../../reports/summary.js';
import { DEFAULT_RESAMPLES } from '../writeReport.js';
import { humanOutput, progressOf, withOutputFlags, type OutputArgs } from './common.js';

interface ReportArgs extends OutputArgs {
  dir?: string;
  /** More result folders: a comparison. */
  more?: unknown[];
  out?: unknown;
  seed?: unknown;
  resamples?: unknown;
  axes?: unknown;
  'png-scale'?: unknown;
  force?: boolean;
}

/** `--axes x,y`: two different swept parameters. */
export function parseAxes(text: string, swept: readonly string[]): { x: string; y: string } {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== 2 || parts.some((p) => p === ''))
    throw new UsageError(msg.badAxes(text, 'is not two parameter names, x,y'));
  const [x, y] = parts as [string, string];
  if (x === y) throw new UsageError(msg.badAxes(text, 'names the same parameter twice'));
  const unknown = parts.filter((p) => !swept.includes(p));
  if (unknown.length > 0) {
    throw new UsageError(
      msg.badAxes(text, `names ${unknown.join(', ')}, not a swept parameter (swept: ${swept.join(', ') || 'none'})`),
    );
  }
  return { x, y };
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, '{index, charts, files}')
      .positional('dir', { type: 'string', describe: 'result folder (has manifest.json)' })
      .positional('more', {
        type: 'string',
        array: true,
        describe: 'more result folders, of the same world: a comparison',
      })
      .option('out', {
        type: 'string',
        describe: 'output folder [default: DIR/report; for a comparison, out/compare-DATE-TIME]',
      })
      .option('seed', { type: 'number', describe: "bootstrap seed [default: the folder's seed]" })
      .option('resamples', { type: 'number', describe: `bootstrap resamples [default: ${DEFAULT_RESAMPLES}]` })
      .option('axes', {
        type: 'string',
        describe: 'heat-map axes for a sweep, x,y [default: explore,threshold when both are swept]',
      })
      .option('png-scale', pngScaleOption)
      .option('force', { type: 'boolean', describe: 'write into an existing output folder' })
      .example('hexa report out/reproduce-20260101-120000', 'report beside the results, in DIR/report')
      .example(
        'hexa report out/sweep --axes topK,threshold --out out/sweep-report',
        'a heat map over top-k × threshold',
      )
      .example(
        'hexa report out/a out/b --out out/a-vs-b',
        'one page comparing two folders of one world',
      ) as unknown as Argv<ReportArgs>,
  handler: async (argv: ArgumentsCamelCase<ReportArgs>) => {
    const dir = String(argv.dir);
    const seedText = single('seed', argv.seed);
    const resamplesText = single('resamples', argv.resamples);
    const axesText = single('axes', argv.axes);
    const outText = single('out', argv.out);
    const seedFlag = seedText === undefined ? undefined : parseInteger('seed', seedText, 0);
    const pngScale = pngScaleFlag(argv['png-scale']);
    const resamples =
      resamplesText === undefined ? DEFAULT_RESAMPLES : parseInteger('resamples', resamplesText, 100, 1_000_000);

    const more = (argv.more ?? []).map(String);
    if (more.length > 0) {
      if (axesText !== undefined)
        throw new UsageError(msg.badAxes(axesText, "draws one sweep's heat map; a comparison has none"));
      return compare([dir, ...more], { seed: seedFlag, resamples, pngScale, out: outText, argv });
    }
    const { data, summary } = at(await summarized([dir], seedFlag, resamples, argv), 0, 'the folder read');
    const { defaultHeatmapAxes } = await import('../../reports/charts/heatmap.js');
    const axes =
      axesText !== undefined
        ? parseAxes(axesText, data.swept)
        : data.kind === 'sweep'
          ? defaultHeatmapAxes(data.swept)
          : null;
    const outputs = new OutputPlan();
    const outDir = outputs.folder('out', outText ?? join(dir, 'report'), argv.force === true);
    outputs.claim();

    const { writeReport } = await import('../writeReport.js');
    const charts = await writeReport(data, summary, outDir, {
      axes,
      source: dir,
      pngScale,
    });
    const shown = relative(process.cwd(), outDir) || '.';
    if (argv.json === true) {
      process.stdout.write(
        `${JSON.stringify({ index: join(shown, 'index.html'), charts, files: readdirSync(outDir).sort() }, null, 2)}\n`,
      );
    } else if (humanOutput(argv)) {
      process.stdout.write(`${join(shown, 'index.html')}\n`);
      process.stdout.write(`  ${charts.length} charts (${charts.join(', ')}) as .vl.json, .svg, .png; summary.csv\n`);
    }
  },
};

/**
 * Each folder read and summarised as its rows stream past (a progress line for each), with the warnings it
 * gives on stderr; the bootstrap seed, unless given, is the first folder's.
 */
async function summarized(
  dirs: readonly string[],
  seedFlag: number | undefined,
  resamples: number,
  argv: OutputArgs,
): Promise<{ data: ResultFolder; summary: Summary }[]> {
  const { summarizeFolder } = await import('../../reports/folderSummary.js');
  const { loadFolderWorlds } = await import('../../reports/references.js');
  let seed = seedFlag;
  const out: { data: ResultFolder; summary: Summary }[] = [];
  for (const dir of dirs) {
    const progress = await progressOf(argv, 'report');
    const read = await summarizeFolder(
      dir,
      (head) => ({ seed: (seed ??= head.seed ?? 1), resamples }),
      (done, total, what) => progress.update(done, total, `${what} read and summarised`),
    );
    progress.end();
    // A module world's declared exact values are the report's too (as hexa run prints them).
    const worlds = await loadFolderWorlds(read.data.manifest);
    const named = dirs.length > 1 ? `${dir}: ` : '';
    for (const w of [...read.data.unverified, ...read.data.warnings, ...worlds])
      process.stderr.write(`hexa report: warning: ${named}${w}\n`);
    out.push(read);
  }
  return out;
}

/** `hexa report A B …`: one page comparing the folders (reports/compare/), written whole into --out. */
async function compare(
  dirs: readonly string[],
  o: {
    readonly seed: number | undefined;
    readonly resamples: number;
    readonly pngScale: number;
    readonly out: string | undefined;
    readonly argv: ArgumentsCamelCase<ReportArgs>;
  },
): Promise<void> {
  const folders = await summarized(dirs, o.seed, o.resamples, o.argv);
  const outputs = new OutputPlan();
  const outDir = outputs.folder('out', o.out ?? defaultOutputDir('compare'), o.argv.force === true);
  outputs.claim();
  const { writeComparison } = await import('../../reports/compare/comparePage.js');
  const charts = await writeComparison(
    folders.map((f, i) => ({ source: dirs[i]!, data: f.data, summary: f.summary })),
    outDir,
    { seed: folders[0]!.summary.seed, resamples: o.resamples, pngScale: o.pngScale },
  );
  const shown = relative(process.cwd(), outDir) || '.';
  if (o.argv.json === true) {
    process.stdout.write(
      `${JSON.stringify({ index: join(shown, 'index.html'), charts, files: readdirSync(outDir).sort() }, null, 2)}\n`,
    );
  } else if (humanOutput(o.argv)) {
    process.stdout.write(`${join(shown, 'index.html')}\n`);
    process.stdout.write(
      `  ${dirs.length} folders compared; ${charts.length} charts (${charts.join(', ')}) as .vl.json, .svg, .png; ` +
        'comparison.csv\n',
    );
  }
}
