/**
 * index.html: one self-contained, offline page that opens with its answer. A reproduction leads with the
 * verdict, a run with its final-round mean and the exact anchors, a sweep with its best cells (leads.ts);
 * then the chart that shows it, the tables, the other charts, and last what was run. A Content-Security-Policy
 * forbids every network request and `eval`. The page fits any width down to a phone's: charts are fitted
 * to their column (embed.ts), wide tables scroll inside their own box, and without JavaScript each chart
 * shows as its SVG.
 */
import type { Chart } from '../charts/theme.js';
import { rankCells } from '../ranking.js';
import { runAnchors } from '../references.js';
import type { ResultFolder } from '../resultFolder.js';
import type { Summary } from '../summary.js';
import { chartSection, embedScript, inlineScripts } from './embed.js';
import { glossaryLink, glossarySection } from './glossary.js';
import { escapeHtml } from './htmlParts.js';
import { runLead, sweepLead } from './leads.js';
import { auditSection, headlineSection, publishedSection } from './reproduceSections.js';
import { summarySection } from './summaryTable.js';

export interface HtmlInput {
  readonly data: ResultFolder;
  readonly summary: Summary;
  readonly charts: readonly Chart[];
  /** Each chart's SVG by chart name, inlined for a browser without JavaScript. */
  readonly svgs: ReadonlyMap<string, string>;
  readonly skippedFigures: readonly string[];
  readonly source: string;
  /** The result folder relative to the page (a URL path). */
  readonly sourceLink: string;
}

export { escapeHtml } from './htmlParts.js';

function manifestSection(input: HtmlInput): string {
  const m = input.data.manifest;
  const facts: [string, unknown][] = [
    ['kind', m.kind],
    ['seed', m.seed],
    ['hexa-sim version', m.version],
    ['git commit', m.gitCommit ?? '–'],
    ['started', m.startedAt],
    ['finished', m.finishedAt],
    ['result folder', input.source],
    ['groups', `${input.data.groups.length} (${input.data.groupColumn ?? 'run'})`],
    ['replicates per group', [...new Set(input.data.groups.map((g) => g.replicates.length))].join(' / ')],
    ['swept parameters', input.data.swept.join(', ') || '–'],
    [
      'bootstrap',
      `${input.summary.resamples} resamples of replicates, seed ${input.summary.seed}; percentile 95 % intervals`,
    ],
  ];
  const rows = facts
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td class="wrap">${escapeHtml(String(v ?? '–'))}</td></tr>`)
    .join('\n');
  return `<section><h2>What was run</h2><div class="table"><table class="facts">${rows}</table></div>
<details><summary>manifest.json</summary><pre>${escapeHtml(JSON.stringify(m, null, 2))}</pre></details></section>`;
}

/**
 * The page's opening, with what is missing from the results and what cannot be verified of them said first,
 * inside the headline, and a pointer to the glossary under its title, on the first screen however long the
 * headline runs.
 */
function opening(input: HtmlInput): string {
  const head = answer(input).replace(/<\/h1>/, `</h1>\n${glossaryLink(input.data.kind)}`);
  const { warnings, unverified } = input.data;
  const note = (id: string, title: string, sentences: readonly string[]): string[] =>
    sentences.length === 0
      ? []
      : [
          `<p class="partial" id="${id}" style="color: #8a1c00"><strong>${title}:</strong> ` +
            `${escapeHtml(sentences.join('; '))}.</p>`,
        ];
  const notes = [
    ...note(
      'unverified',
      'Unverified results',
      unverified.map((s) => s.replace(/^unverified: /, '')),
    ),
    ...note('partial', 'Partial results', warnings),
  ];
  if (notes.length === 0) return head;
  return head.replace(/^(<header class="headline" id="headline">)/, `$1\n${notes.join('\n')}`);
}

/** The answer for this kind of folder. */
function answer(input: HtmlInput): string {
  const { data, summary } = input;
  if (data.verdict !== null) return headlineSection(data.verdict);
  if (data.kind === 'run' && summary.groups.length === 1) return runLead(summary.groups[0]!, runAnchors(data));
  if (data.kind === 'sweep' && summary.groups.length > 0)
    return sweepLead(data, rankCells(data, summary), summary.groups.length);
  return `<header class="headline" id="headline"><h1>hexa-sim report: ${escapeHtml(data.kind)}</h1>
<p>${escapeHtml(input.source)}</p></header>`;
}

// A backslash ending a line inside a template continues the line: the text is unchanged, the source stays narrow.
/** The pages' style sheet (a report's and a comparison's). */
export const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0 auto; max-width: 1240px; padding: 24px; \
color: #1a1a1a; line-height: 1.45; overflow-wrap: break-word; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: \
4px; }
.headline { border-left: 5px solid #0072B2; background: #f3f8fc; padding: 10px 22px 6px; margin: 0 0 8px; }
.headline h1 { margin-top: 0.2em; } .headline p { font-size: 1.08em; max-width: 70em; margin: 0.5em 0 0.8em; } \
.headline .kicker { font-size: 0.85em; color: #555; margin: 0.6em 0 0; }
.id { font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; color: #555; } .what, .wrap { white-space: normal; \
color: #444; font-size: 0.9em; } .wrap { display: inline-block; max-width: 24em; color: inherit; font-size: inherit; }
.chart, .chart.vega-embed { display: block; width: 100%; max-width: 100%; overflow-x: auto; margin: 8px 0; } .files { \
font-size: 0.85em; color: #555; }
.chart.single { max-width: 880px; } .static svg { display: block; max-width: 100%; height: auto; }
.table { overflow-x: auto; max-width: 100%; } table { border-collapse: collapse; font-size: 0.9em; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 4px 10px; text-align: left; vertical-align: top; }
td { font-variant-numeric: tabular-nums; white-space: nowrap; } tr.off td { background: #fdecea; } .ci { color: #666; \
font-size: 0.9em; }
table.facts th { font-weight: normal; color: #555; } pre { background: #f6f6f6; padding: 10px; overflow-x: auto; \
font-size: 0.85em; }
.note { color: #8a4b00; } td .ci { display: block; }
dl.lead { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0.5em 0 0.8em; font-size: \
1.05em; }
dl.lead dt { color: #555; } dl.lead dd { margin: 0; } .headline .world { margin: 0.9em 0 0.2em; }
dl.glossary dt { font-weight: bold; margin-top: 0.7em; } dl.glossary dd { margin: 0.1em 0 0 1.5em; max-width: 60em; }
@media (max-width: 640px) { body { padding: 14px; } .headline { padding: 8px 12px 4px; } h1 { font-size: 1.35em; } th, \
td { padding: 4px 6px; } dl.lead { grid-template-columns: 1fr; gap: 0; } dl.lead dd { margin-bottom: 0.4em; } }`;

export function reportHtml(input: HtmlInput): string {
  const sections = input.charts.map((c, i) => chartSection(c, i, input.svgs.get(c.name)));
  const kind = input.data.kind;
  // The chart that shows the answer comes right after it: the heat map of a sweep, else the learning curves.
  const leadKind = kind === 'sweep' && input.charts.some((c) => c.kind === 'heatmap') ? 'heatmap' : 'learning';
  const lead = input.charts.findIndex((c) => c.kind === leadKind);
  const first = lead < 0 ? '' : sections[lead]!;
  const rest = sections.filter((_, i) => i !== lead).join('\n');
  const published =
    input.data.table === null ? '' : publishedSection(input.data.table, input.sourceLink, input.skippedFigures);
  const audit = input.data.audit === null ? '' : auditSection(input.data.audit, input.sourceLink);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src \
'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hexa-sim report: ${escapeHtml(kind)}</title>
<style>${STYLE}</style>
</head>
<body>
${opening(input)}
${first}
${published}
${rest}
${summarySection(input.data, input.summary)}
${audit}
${glossarySection(kind)}
${manifestSection(input)}
${inlineScripts()}
${embedScript(input.charts)}
</body>
</html>
`;
}
