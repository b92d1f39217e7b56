/**
 * `hexa report`: from a result folder's summary to the report's files, all built in memory (so a failure
 * writes nothing): one Vega-Lite spec, SVG and PNG per chart, summary.csv, and the offline index.html. The
 * summary is made while the folder's rows stream past (reports/folderSummary.ts, `summarizeFolder`): nothing here
 * reads a row.
 */
import { relative, sep } from 'node:path';
import { at } from '../sim/core/at.js';
import { decisionSpec, type DecisionLayout } from './charts/decision.js';
import { distributionSpec } from './charts/distribution.js';
import { type CellMark, heatmapSpec, type HeatmapAxes } from './charts/heatmap.js';
import { learningCurveSpec, MAX_LEARNING_LINES } from './charts/learning.js';
import { profileSpec } from './charts/profile.js';
import { aggregateSpec, type RankedCell, rankedCellsSpec } from './charts/aggregate.js';
import { type ImprovementRow, improvementSpec } from './charts/improvement.js';
import { finalRoundDistribution } from './aggregate/runDistribution.js';
import { probabilityOfImprovement } from './aggregate/runStatistics.js';
import { aggregateSelection } from './aggregate/selection.js';
import { posteriorSpec } from './charts/verdict/posterior.js';
import { ranksSpec } from './charts/verdict/ranks.js';
import { IDENTIFIED } from '../sim/reproduction/decision.js';
import { MAX_TIMELINES, timelineSpec } from './charts/timeline.js';
import { folderTimelines } from './skillDb/folderTimelines.js';
import { describeParameters, describeValues, reportPalette, type Chart } from './charts/theme.js';
import { toCsv } from './csv/table.js';
import { figureSamples, publishedPoints } from './figures.js';
import { reportHtml } from './render/html.js';
import { rankCells } from './ranking.js';
import { referenceLines } from './references.js';
import { renderChart } from './render/render.js';
import type { ResultData, ResultFolder } from './resultFolder.js';
import { summarize, summaryRows, type Summary } from './summary.js';

export interface ReportOptions {
  /** Bootstrap seed. */
  readonly seed: number;
  readonly resamples: number;
  /** Heat-map axes (sweeps); null: no heat map. */
  readonly axes: HeatmapAxes | null;
  /** The result folder as named on the command line, for the page. */
  readonly source: string;
  /** Where the report goes, so the page can link back to the folder's own files. */
  readonly outDir: string;
  /** PNG pixels per SVG pixel (default DEFAULT_PNG_SCALE). */
  readonly pngScale?: number;
}

export interface BuiltReport {
  readonly charts: readonly Chart[];
  readonly summary: Summary;
  /** File name → content. */
  readonly files: ReadonlyMap<string, string | Buffer>;
  /** Published figures the distribution chart could not place (unknown arm or measure). */
  readonly skippedFigures: readonly string[];
}

/** The charts a folder of this kind supports, as Vega-Lite specs. */
export async function chartsFor(
  data: ResultFolder,
  summary: Summary,
  axes: HeatmapAxes | null,
): Promise<{ charts: Chart[]; skippedFigures: string[] }> {
  const palette = reportPalette(data);
  const references = referenceLines(data);
  const charts: Chart[] = [];
  const groups = summary.groups;
  if (data.kind !== 'sweep' || groups.length <= MAX_LEARNING_LINES) {
    charts.push({
      kind: 'learning',
      name: 'learning-curves',
      heading: 'Learning curves',
      spec: learningCurveSpec(
        groups,
        palette,
        references,
        data.kind === 'reproduce' && data.table ? publishedPoints(data.table, data.groups) : [],
      ),
    });
  }
  const rankings = data.kind === 'sweep' ? rankCells(data, summary) : null;
  if (rankings !== null && axes !== null) {
    const marks = new Map<string, CellMark>();
    for (const world of rankings) {
      for (const cell of world.tied) marks.set(cell.group.id, 'tied');
      marks.set(world.best.group.id, 'best');
    }
    charts.push({
      kind: 'heatmap',
      name: 'heatmap',
      heading: `Heat map: ${axes.x} × ${axes.y}`,
      spec: heatmapSpec(groups, data.swept, axes, marks),
    });
  }
  const layout: DecisionLayout =
    data.kind === 'reproduce' ? 'arms' : data.kind === 'sweep' && data.swept.length > 0 ? 'grid' : 'rounds';
  charts.push({
    kind: 'decision',
    name: 'refutation-and-skills',
    heading: 'Refutation rate and skills learned',
    spec: decisionSpec(groups, layout, palette, data.swept),
  });
  let skippedFigures: string[] = [];
  if (data.kind === 'reproduce' && data.table) {
    const figures = figureSamples(data.table, summary.groups);
    skippedFigures = figures.skipped;
    if (figures.samples.length > 0) {
      charts.push({
        kind: 'distribution',
        name: 'single-runs',
        heading: 'Published figures against single runs',
        spec: distributionSpec(figures.samples),
      });
    }
  }
  if (data.kind === 'reproduce' && data.verdict !== null && data.verdict.posterior.length > 0)
    charts.push({
      kind: 'posterior',
      name: 'posterior',
      heading: 'Posterior of each hidden choice',
      spec: posteriorSpec(data.verdict.posterior, IDENTIFIED),
    });
  if (data.kind === 'reproduce' && data.ranks !== null && data.ranks.some((r) => r.values.length > 0))
    charts.push({
      kind: 'ranks',
      name: 'rank-histogram',
      heading: 'Rank histogram (simulation-based calibration)',
      spec: ranksSpec(data.ranks),
    });
  // The aggregate charts read each group's runs as counts on a grid (reports/aggregate/runDistribution.ts).
  const selection = aggregateSelection(data, summary, palette, finalRoundDistribution);
  charts.push({
    kind: 'profile',
    name: 'performance-profile',
    heading: 'Performance profile over runs',
    spec: profileSpec(selection.lines, selection.over, references),
  });
  if (rankings !== null && groups.length >= 2) {
    const worlds = rankings.map((w) => ({
      world: w.world,
      cells: w.standings.map((s): RankedCell => {
        const final = at(s.cell.rounds, s.cell.rounds.length - 1, 'rounds').attempts;
        return {
          panel: w.world,
          settings: describeParameters(s.cell.group.params, w.settings) || s.cell.group.id,
          values: describeValues(s.cell.group.params, w.settings) || s.cell.group.id,
          mean: final.mean,
          iqm: final.iqm,
          replicates: s.cell.group.replicates.length,
          mark: s.cell === w.best ? 'best' : s.tied ? 'tied' : '',
        };
      }),
    }));
    charts.push({
      kind: 'cells',
      name: 'cells-ranked',
      heading: "The sweep's cells, ranked",
      spec: rankedCellsSpec(worlds, rankings[0]?.settings.join(', ') ?? ''),
    });
  } else if (selection.lines.length >= 2) {
    charts.push({
      kind: 'aggregate',
      name: 'aggregates',
      heading: 'Interquartile mean and mean',
      spec: aggregateSpec(selection.lines, references),
    });
  }
  if (selection.pairs.length > 0) {
    const rows = selection.pairs.map(
      (p, k): ImprovementRow => ({
        label: p.label,
        estimate: probabilityOfImprovement(p.a.distribution, p.b.distribution, summary.resamples, summary.seed, k),
        runsA: p.a.distribution.runs,
        runsB: p.b.distribution.runs,
        colour: p.a.colour,
      }),
    );
    charts.push({
      kind: 'improvement',
      name: 'probability-of-improvement',
      heading: 'Probability of improvement',
      spec: improvementSpec(rows, selection.over, selection.names),
    });
  }
  const lives = folderTimelines(data, palette, MAX_TIMELINES);
  if (lives !== null && lives.timelines.length > 0) {
    charts.push({
      kind: 'timeline',
      name: 'skill-timeline',
      heading: 'Skill timelines',
      spec: timelineSpec(lives.timelines, lives.withSkills),
    });
  }
  return { charts, skippedFigures };
}

/** The report of a folder read whole (its summary made here). */
export async function buildReport(data: ResultData, options: ReportOptions): Promise<BuiltReport> {
  return reportOf(data, summarize(data, { seed: options.seed, resamples: options.resamples }), options);
}

/** The report of a folder from its summary (made with `options`' seed and resamples). */
export async function reportOf(data: ResultFolder, summary: Summary, options: ReportOptions): Promise<BuiltReport> {
  const { charts, skippedFigures } = await chartsFor(data, summary, options.axes);
  const files = new Map<string, string | Buffer>();
  const svgs = new Map<string, string>();
  for (const chart of charts) {
    const rendered = await renderChart(chart.spec, options.pngScale);
    files.set(`${chart.name}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
    files.set(`${chart.name}.svg`, rendered.svg);
    files.set(`${chart.name}.png`, rendered.png);
    svgs.set(chart.name, rendered.svg);
  }
  files.set('summary.csv', toCsv(summaryRows(data, summary)));
  const sourceLink = relative(options.outDir, data.dir).split(sep).join('/') || '.';
  files.set(
    'index.html',
    reportHtml({ data, summary, charts, svgs, skippedFigures, source: options.source, sourceLink }),
  );
  return { charts, summary, files, skippedFigures };
}
