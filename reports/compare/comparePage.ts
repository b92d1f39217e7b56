/**
 * The comparison's files: its charts (Vega-Lite, SVG, PNG), comparison.csv and an offline index.html that
 * opens with its answer — which folders, what differs in their configurations, and the final-round
 * differences with their intervals — then the overlaid learning curves, the differences chart and the
 * tables; `writeComparison` builds them all in memory and writes them in one step (a failure writes nothing).
 */
import { join } from 'node:path';
import { at } from '../../sim/core/at.js';
import type { Estimate } from '../../sim/core/bootstrap.js';
import type { Chart } from '../charts/theme.js';
import { toCsv } from '../csv/table.js';
import type { Row } from '../csv/csv.js';
import { publishFolder, writeFileAtomic } from '../folders/atomic.js';
import { chartSection, embedScript, inlineScripts } from '../render/embed.js';
import { STYLE } from '../render/html.js';
import { escapeHtml, table } from '../render/htmlParts.js';
import { renderChart } from '../render/render.js';
import { withCi } from '../render/summaryTable.js';
import { fmt } from '../tables/table.js';
import { comparedCurvesSpec, differencesSpec } from './compareCharts.js';
import { compareFolders, type Comparison, type ConfigDifference, type FolderToCompare } from './comparison.js';

export interface ComparisonOptions {
  /** Bootstrap seed and resamples (`--seed`, `--resamples`). */
  readonly seed: number;
  readonly resamples: number;
  /** PNG pixels per SVG pixel (`--png-scale`). */
  readonly pngScale?: number;
}

/** "−0.507 (paired 95 % CI −0.557 to −0.457)". */
function differenceText(e: Estimate, paired: boolean): string {
  const how = paired ? 'paired' : 'independent';
  return e.ci95 === null
    ? `${fmt(e.estimate, 3)} (no interval)`
    : `${fmt(e.estimate, 3)} (${how} 95 % CI ${fmt(e.ci95[0], 3)} to ${fmt(e.ci95[1], 3)})`;
}

const valuesText = (v: readonly string[]): string =>
  v.length <= 4 ? v.join(', ') : `${v.slice(0, 3).join(', ')} … (${v.length})`;

/** A folder's values of a differing parameter, as HTML. */
const valuesOf = (d: ConfigDifference, letter: string): string => escapeHtml(valuesText(d.values.get(letter) ?? ['–']));

function differsTable(c: Comparison, rows: readonly ConfigDifference[]): string {
  return table(
    ['', ...c.folders.map((f) => f.letter)],
    rows.map((d) => [
      escapeHtml(d.parameter),
      ...c.folders.map((f) => `<span class="wrap">${valuesOf(d, f.letter)}</span>`),
    ]),
  );
}

function headline(c: Comparison): string {
  const only = c.differences.length === 1 ? at(c.differences, 0, 'differences') : null;
  const title =
    only === null
      ? `${c.folders.length} result folders, group by group`
      : `Final round: ${only.a} − ${only.b} = ${fmt(only.difference.estimate, 3)} attempts per task`;
  const folders = c.folders
    .map((f) => {
      const n = [...new Set(f.data.groups.map((g) => g.replicates.length))].join(' / ');
      return `<dt>${f.letter}</dt><dd><code>${escapeHtml(f.source)}</code> · ${escapeHtml(f.data.kind)}, seed ${
        f.data.seed ?? '–'
      }, ${n} replicates a group</dd>`;
    })
    .join('');
  const differs =
    c.config.length === 0
      ? 'nothing in their configurations'
      : c.config
          .slice(0, 4)
          .map(
            (d) =>
              `${escapeHtml(d.parameter)} (${c.folders.map((f) => `${f.letter} ${valuesOf(d, f.letter)}`).join(', ')})`,
          )
          .join('; ') + (c.config.length > 4 ? `; ${c.config.length - 4} more below` : '');
  const shown = c.differences.slice(0, 4);
  const diffs = shown
    .map(
      (d) =>
        `<dt>${escapeHtml(d.label)}: ${d.a} − ${d.b}</dt>` +
        `<dd>${escapeHtml(differenceText(d.difference, d.paired))}</dd>`,
    )
    .join('');
  return `<header class="headline" id="headline">
<p class="kicker">hexa-sim · ${c.folders.length} result folders compared · ${escapeHtml(c.world)}</p>
<h1>${escapeHtml(title)}</h1>
<dl class="lead">${folders}<dt>What differs</dt><dd>${differs}</dd>${diffs}</dl>
<p class="kicker">Final-round mean attempts per task, first folder minus second: below 0, the first needs fewer. \
${c.differences.length > shown.length ? `All ${c.differences.length} differences are in the table below. ` : ''}\
Paired intervals where two folders drew the same random numbers (same seed and replicate numbers).</p>
</header>`;
}

function summaryRows(c: Comparison): Row[] {
  const out: Row[] = [];
  const push = (group: string, folder: string, versus: string, statistic: string, n: string, e: Estimate): void => {
    out.push({
      group,
      folder,
      versus,
      metric: 'meanAttempts',
      statistic,
      replicates: n,
      estimate: e.estimate,
      ci95Lo: e.ci95 ? e.ci95[0] : '',
      ci95Hi: e.ci95 ? e.ci95[1] : '',
    });
  };
  for (const m of c.matched)
    for (const f of c.folders) {
      const s = m.members.get(f.letter);
      if (s === undefined) continue;
      const last = at(s.rounds, s.rounds.length - 1, 'rounds').attempts;
      const n = String(s.group.replicates.length);
      push(m.label, `${f.letter}: ${f.source}`, '', 'final-round mean', n, last.mean);
      push(m.label, `${f.letter}: ${f.source}`, '', 'final-round interquartile mean', n, last.iqm);
    }
  for (const d of c.differences)
    push(
      d.label,
      d.a,
      d.b,
      d.paired ? 'paired final-round mean difference' : 'independent final-round mean difference',
      d.replicates.join(' / '),
      d.difference,
    );
  return out;
}

function comparisonHtml(c: Comparison, charts: readonly Chart[], svgs: ReadonlyMap<string, string>): string {
  const sections = charts.map((chart, i) => chartSection(chart, i, svgs.get(chart.name))).join('\n');
  const finals = table(
    ['group', 'folder', 'replicates', 'final attempts: mean [95 %]', 'IQM [95 %]'],
    c.matched.flatMap((m) =>
      c.folders.flatMap((f) => {
        const s = m.members.get(f.letter);
        if (s === undefined) return [];
        const last = at(s.rounds, s.rounds.length - 1, 'rounds').attempts;
        return [
          [
            `<span class="wrap">${escapeHtml(m.label)}</span>`,
            f.letter,
            String(s.group.replicates.length),
            withCi(last.mean),
            withCi(last.iqm),
          ],
        ];
      }),
    ),
  );
  const differences = table(
    ['group', 'first − second', 'replicates', 'difference [95 %]', 'interval'],
    c.differences.map((d) => [
      `<span class="wrap">${escapeHtml(d.label)}</span>`,
      `${d.a} − ${d.b}`,
      d.replicates.join(' / '),
      withCi(d.difference),
      d.paired ? 'paired' : 'independent',
    ]),
  );
  const manifests = c.folders
    .map(
      (f) =>
        `<details><summary>${f.letter}: ${escapeHtml(f.source)} — manifest.json</summary><pre>${escapeHtml(
          JSON.stringify(f.data.manifest, null, 2),
        )}</pre></details>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src \
'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hexa-sim comparison of ${c.folders.length} result folders</title>
<style>${STYLE}</style>
</head>
<body>
${headline(c)}
${sections}
<section><h2>What differs between the folders</h2><p>Configuration values that are not the same in every folder \
(a sweep lists its swept values), then what their manifests say.</p>
${differsTable(c, [...c.config, ...c.facts])}</section>
<section><h2>Final round, group by group</h2><p>Every figure is in <a href="comparison.csv">comparison.csv</a>.</p>
${finals}
<h3>Differences between folders</h3>
${differences}</section>
<section><h2>What was compared</h2>${manifests}</section>
${inlineScripts()}
${embedScript(charts)}
</body>
</html>
`;
}

/** The comparison's files, by name, built in memory. */
export async function buildComparison(
  folders: readonly FolderToCompare[],
  options: ComparisonOptions,
): Promise<{ comparison: Comparison; charts: Chart[]; files: Map<string, string | Buffer> }> {
  const comparison = compareFolders(folders, options);
  const charts: Chart[] = [
    {
      kind: 'learning',
      name: 'learning-curves',
      heading: 'Learning curves, overlaid',
      spec: comparedCurvesSpec(comparison),
    },
  ];
  if (comparison.differences.length > 0)
    charts.push({
      kind: 'improvement',
      name: 'differences',
      heading: 'Final-round differences',
      spec: differencesSpec(comparison),
    });
  const files = new Map<string, string | Buffer>();
  const svgs = new Map<string, string>();
  for (const chart of charts) {
    const rendered = await renderChart(chart.spec, options.pngScale);
    files.set(`${chart.name}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`);
    files.set(`${chart.name}.svg`, rendered.svg);
    files.set(`${chart.name}.png`, rendered.png);
    svgs.set(chart.name, rendered.svg);
  }
  files.set('comparison.csv', toCsv(summaryRows(comparison)));
  files.set('index.html', comparisonHtml(comparison, charts, svgs));
  return { comparison, charts, files };
}

/**
 * `hexa report A B …`: one page comparing result folders of one world, written into `outDir` (already checked
 * by the caller) in one step. Throws a UsageError, before writing anything, when the folders play different
 * worlds. Returns the chart file stems.
 */
export async function writeComparison(
  folders: readonly FolderToCompare[],
  outDir: string,
  options: ComparisonOptions,
): Promise<string[]> {
  const { charts, files } = await buildComparison(folders, options);
  publishFolder(outDir, (staging) => {
    for (const [name, content] of files) writeFileAtomic(join(staging, name), content);
  });
  return charts.map((c) => c.name);
}
