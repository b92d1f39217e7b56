/**
 * Every chart a report draws — for a run, a small and a large sweep, and a reproduction — held to the
 * conventions of reports/charts/conventions.ts, as drawn: it compiles without warnings, every axis that has
 * tick labels has a title, no tick label is negative (every measure is a count, a share or attempts), and
 * a caption names only colours the chart draws. A new chart is checked as soon as chartsFor returns it; the
 * verdict's two, which need an audit and a calibration, are drawn from the data of ./verdict/verdictBars.ts.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_NAMES, COLOUR_WORDS, wrapName } from '../../../reports/charts/conventions.js';
import { defaultHeatmapAxes } from '../../../reports/charts/heatmap.js';
import type { Chart } from '../../../reports/charts/theme.js';
import { chartsFor } from '../../../reports/report.js';
import { buildComparison } from '../../../reports/compare/comparePage.js';
import { loadResultFolder } from '../../../reports/resultFolder.js';
import { summarize } from '../../../reports/summary.js';
import { reproduceFolder, runFolder, sweepFolder, tempDir } from '../fixtures.js';
import { posteriorSpec } from '../../../reports/charts/verdict/posterior.js';
import { ranksSpec } from '../../../reports/charts/verdict/ranks.js';
import { IDENTIFIED } from '../../../sim/reproduction/decision.js';
import { compileChart } from './compile.js';
import { drawChart, type Drawn } from './scene.js';
import { BARS, RANKS } from './verdict/verdictBars.js';

let root: string;
const charts: { folder: string; chart: Chart; drawn: Drawn }[] = [];

beforeAll(async () => {
  root = tempDir();
  const folders = {
    run: runFolder(join(root, 'run'), 8),
    'small sweep': sweepFolder(join(root, 'small'), { explore: [0, 0.2], threshold: [0.75, 0.9] }, 3),
    'large sweep': sweepFolder(
      join(root, 'large'),
      { explore: [0, 0.1, 0.2], threshold: [0.75, 0.85], topK: [1, 2] },
      3,
    ),
    reproduce: await reproduceFolder(join(root, 'reproduce'), 8),
  };
  for (const [folder, dir] of Object.entries(folders)) {
    const data = loadResultFolder(dir);
    const summary = summarize(data, { seed: 1, resamples: 100 });
    const axes = data.kind === 'sweep' ? defaultHeatmapAxes(data.swept) : null;
    for (const chart of (await chartsFor(data, summary, axes)).charts)
      charts.push({ folder, chart, drawn: await drawChart(chart.spec) });
  }
  // The verdict's charts (chartsFor draws them for a reproduction with an audit, and a calibration).
  const verdict: Chart[] = [
    { kind: 'posterior', name: 'posterior', heading: '', spec: posteriorSpec(BARS, IDENTIFIED) },
    { kind: 'ranks', name: 'rank-histogram', heading: '', spec: ranksSpec(RANKS) },
  ];
  for (const chart of verdict) charts.push({ folder: 'verdict', chart, drawn: await drawChart(chart.spec) });
  // And a comparison's (hexa report A B): two runs, one exploring.
  const other = loadResultFolder(runFolder(join(root, 'other'), 8, { agent: { explore: 0.2 } }));
  const runs = [
    { source: 'a', data: loadResultFolder(folders.run) },
    { source: 'b', data: other },
  ];
  for (const chart of (await buildComparison(runs, { seed: 1, resamples: 100 })).charts)
    charts.push({ folder: 'comparison', chart, drawn: await drawChart(chart.spec) });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const name = (c: { folder: string; chart: Chart }): string => `${c.folder}: ${c.chart.name}`;

describe('every chart of every report', () => {
  it('covers each kind of chart', () => {
    expect(new Set(charts.map((c) => c.chart.kind))).toEqual(
      new Set([
        'learning',
        'heatmap',
        'decision',
        'distribution',
        'profile',
        'aggregate',
        'cells',
        'improvement',
        'posterior',
        'ranks',
      ]),
    );
  });

  it('compiles without warnings', () => {
    for (const c of charts) expect(compileChart(c.chart.spec).warnings, name(c)).toEqual([]);
  });

  it('titles every axis that has tick labels', () => {
    for (const c of charts) {
      const labelled = c.drawn.axes.filter((a) => a.labels.length > 0);
      expect(labelled.length, name(c)).toBeGreaterThan(0);
      for (const a of labelled) expect(a.title, `${name(c)}: axis ${a.labels.join(' ')}`).not.toBe('');
    }
  });

  it('draws no negative tick, but on an axis of differences ("first − second")', () => {
    let differences = 0;
    for (const c of charts)
      for (const a of c.drawn.axes) {
        if (/ − /.test(a.title)) {
          differences++;
          continue;
        }
        for (const label of a.labels) expect(label, `${name(c)}: ${a.title}`).not.toMatch(/^[-−]\s*\d/);
      }
    expect(differences).toBe(1); // the comparison's, and only it
  });

  it('names in its captions only colours it draws', () => {
    const drawnNames = (c: { drawn: Drawn }): Set<string> =>
      new Set(
        c.drawn.items
          .flatMap((i) => [i.fill, i.stroke])
          .filter((x): x is string => typeof x === 'string')
          .map((x) => Object.entries(COLOUR_NAMES).find(([hex]) => hex.toLowerCase() === x.toLowerCase())?.[1])
          .filter((x): x is string => x !== undefined),
      );
    let named = 0;
    for (const c of charts) {
      const colours = [...drawnNames(c)].join(' | ');
      for (const caption of c.drawn.captions) {
        for (const word of COLOUR_WORDS) {
          if (!new RegExp(`\\b${word}\\b`, 'i').test(caption)) continue;
          named++;
          expect(colours, `${name(c)}: '${word}' in "${caption}"`).toMatch(new RegExp(`\\b${word}\\b`));
        }
      }
    }
    expect(named).toBeGreaterThan(0); // the check ran on captions that do name colours
  });
});

describe('wrapName', () => {
  it('breaks a name after its commas where it can, else between words, and loses nothing', () => {
    expect(wrapName('20 % exploration, separated samples', 22)).toEqual(['20 % exploration,', 'separated samples']);
    expect(wrapName('vs random control (no library)', 22)).toEqual(['vs random control (no', 'library)']);
    expect(wrapName('0.8, 0', 22)).toEqual(['0.8, 0']);
    for (const name of ['threshold 0.75, topK 2, explore 0.2', 'a, b, c', 'consistent opener (in-task feedback)'])
      for (const width of [8, 14, 22, 60]) {
        const lines = wrapName(name, width);
        expect(lines.join(' ')).toBe(name);
        for (const line of lines) if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(width);
      }
  });
});
