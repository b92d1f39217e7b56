import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalRoundDistribution } from '../../../reports/aggregate/runDistribution.js';
import { aggregateSelection } from '../../../reports/aggregate/selection.js';
import {
  aggregateSpec,
  MAX_RANKED_CELLS,
  rankedCellsSpec,
  type RankedCell,
} from '../../../reports/charts/aggregate.js';
import { improvementSpec } from '../../../reports/charts/improvement.js';
import { reportPalette } from '../../../reports/charts/theme.js';
import { REFERENCE_STROKE } from '../../../reports/charts/conventions.js';
import { chartsFor } from '../../../reports/report.js';
import { referenceLines } from '../../../reports/references.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { summarize, type Summary } from '../../../reports/summary.js';
import { reproduceFolder, sweepFolder, tempDir } from '../fixtures.js';
import { compileChart, dataRows } from './compile.js';
import { drawChart } from './scene.js';

let root: string;
let data: ResultData;
let summary: Summary;
beforeAll(async () => {
  root = tempDir();
  data = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 12));
  summary = summarize(data, { seed: 1, resamples: 200 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('aggregateSpec', () => {
  it("draws every arm's final-round interquartile mean and mean with the summary's intervals", async () => {
    const selection = aggregateSelection(data, summary, reportPalette(data), finalRoundDistribution);
    const spec = aggregateSpec(selection.lines, referenceLines(data));
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec).filter((r) => 'iqm' in r);
    expect(rows.map((r) => r.arm)).toEqual(selection.lines.map((l) => l.label));
    for (const line of selection.lines) {
      const row = rows.find((r) => r.arm === line.label)!;
      const last = line.summary.rounds.at(-1)!.attempts;
      expect([row.iqm, row.iqmLo, row.iqmHi]).toEqual([last.iqm.estimate, ...(last.iqm.ci95 ?? [NaN, NaN])]);
      expect([row.mean, row.meanLo, row.meanHi]).toEqual([last.mean.estimate, ...(last.mean.ci95 ?? [NaN, NaN])]);
    }
    const drawn = await drawChart(spec);
    expect(drawn.axes.some((a) => a.title === 'Final-round attempts per task')).toBe(true);
    // Long arm names on two lines, never cut.
    const labels = drawn.axes.flatMap((a) => a.labels);
    expect(labels).toContain('20 % exploration, separated samples');
    expect(labels.join(' ')).not.toContain('…');
  });
});

describe('rankedCellsSpec', () => {
  it("ranks a sweep's cells by their mean, marks the best and the tied, and shows at most the best 30", async () => {
    const cell = (mean: number, mark: RankedCell['mark']): RankedCell => ({
      panel: '',
      settings: `explore ${mean}`,
      values: `${mean}`,
      mean: { estimate: mean, ci95: [mean - 0.2, mean + 0.2] },
      iqm: { estimate: mean - 0.1, ci95: null },
      replicates: 20,
      mark,
    });
    const cells = Array.from({ length: 40 }, (_, i) => cell(4 + i / 10, i === 0 ? 'best' : i < 3 ? 'tied' : ''));
    const spec = rankedCellsSpec([{ world: '', cells }]);
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec);
    expect(rows).toHaveLength(MAX_RANKED_CELLS);
    expect(rows.map((r) => r.mean)).toEqual(cells.slice(0, MAX_RANKED_CELLS).map((c) => c.mean.estimate));
    expect(rows.slice(0, 4).map((r) => r.standing)).toEqual([
      'the best',
      'tied with the best',
      'tied with the best',
      'below the best',
    ]);
    const drawn = await drawChart(spec);
    expect(drawn.captions.join(' ')).toContain(`The ${MAX_RANKED_CELLS} best of 40 cells of the grid`);
    expect(drawn.captions.join(' ')).toContain('not of runs');
  });

  it('replaces the sweep\'s share of cells: no chart "over cells" without intervals', async () => {
    const sweep = loadResultFolder(sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.9] }, 3));
    const charts = (await chartsFor(sweep, summarize(sweep, { seed: 1, resamples: 100 }), null)).charts;
    expect(charts.map((c) => c.name)).toEqual(
      expect.arrayContaining(['performance-profile', 'cells-ranked', 'probability-of-improvement']),
    );
    const profile = charts.find((c) => c.name === 'performance-profile')!;
    expect(JSON.stringify(profile.spec)).not.toContain('Share of cells');
  });
});

describe('improvementSpec', () => {
  it('draws each comparison as a row of its lines, against a dashed 50 % line', async () => {
    const spec = improvementSpec(
      [
        {
          label: ['pure exploitation', 'vs random control'],
          estimate: { estimate: 0.9, ci95: [0.85, 0.94] },
          runsA: 9,
          runsB: 9,
          colour: '#0072B2',
        },
        {
          label: ['threshold 0.75', 'vs pure exploitation'],
          estimate: { estimate: 0.4, ci95: null },
          runsA: 9,
          runsB: 9,
          colour: '#D55E00',
        },
      ],
      'arms',
    );
    expect(compileChart(spec).warnings).toEqual([]);
    const drawn = await drawChart(spec);
    const labels = drawn.axes.flatMap((a) => a.labels);
    expect(labels).toEqual(
      expect.arrayContaining(['pure exploitation vs random control', 'threshold 0.75 vs pure exploitation']),
    );
    expect(drawn.items.some((i) => i.marktype === 'rule' && i.stroke === REFERENCE_STROKE.color)).toBe(true);
    expect(drawn.captions.join(' ')).toMatch(/Dark grey dashed line: 50 %, neither better/);
  });
});
