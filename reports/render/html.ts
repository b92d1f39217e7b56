/**
 * index.html: one self-contained, offline page. vega, vega-lite and vega-embed are inlined from the
 * installed packages (no CDN), the charts are interactive (tooltips), and a Content-Security-Policy forbids
 * every network request and `eval` (vega-embed runs expressions through its interpreter, `ast: true`).
 * A reproduction with a verdict opens with its headline and the learning curves; the run's metadata comes last.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { reportPalette } from '../charts/theme.js';
import type { Chart } from '../charts/theme.js';
import type { ResultData } from '../resultFolder.js';
import type { Estimate } from '../../sim/core/bootstrap.js';
import type { Summary } from '../summary.js';
import { escapeHtml, table } from './htmlParts.js';
import { auditSection, headlineSection, publishedSection } from './reproduceSections.js';

export interface HtmlInput {
  readonly data: ResultData;
  readonly summary: Summary;
  readonly charts: readonly Chart[];
  readonly skippedFigures: readonly string[];
  readonly source: string;
  /** The result folder relative to the page (a URL path). */
  readonly sourceLink: string;
}

/** The browser builds, found next to each package's entry point. */
const BUNDLES = [
  { pkg: 'vega', file: 'vega.min.js' },
  { pkg: 'vega-lite', file: 'vega-lite.min.js' },
  { pkg: 'vega-embed', file: 'vega-embed.min.js' },
] as const;

let scripts: string | undefined;

function inlineScripts(): string {
  if (scripts === undefined) {
    const require = createRequire(import.meta.url);
    scripts = BUNDLES.map(({ pkg, file }) => {
      const code = readFileSync(join(dirname(require.resolve(pkg)), file), 'utf8');
      // "</script" inside the code would end the element early; "<\/" means the same in JavaScript.
      return `<script>/* ${pkg} */\n${code.replace(/<\/script/gi, '<\\/script')}\n</script>`;
    }).join('\n');
  }
  return scripts;
}

export { escapeHtml } from './htmlParts.js';

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const num = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const withCi = (e: Estimate, digits = 3, scale = 1): string =>
  `${num(e.estimate * scale, digits)}${e.ci95 ? ` <span class="ci">[${num(e.ci95[0] * scale, digits)}, ${num(e.ci95[1] * scale, digits)}]</span>` : ''}`;

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
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(String(v ?? '–'))}</td></tr>`)
    .join('\n');
  return `<section><h2>What was run</h2><table class="facts">${rows}</table>
<details><summary>manifest.json</summary><pre>${escapeHtml(JSON.stringify(m, null, 2))}</pre></details></section>`;
}

function summarySection(input: HtmlInput): string {
  const { data, summary } = input;
  const palette = reportPalette(data);
  // A reproduction's arms are named by their labels, which say what the swept settings are.
  const swept = data.kind === 'reproduce' ? [] : data.swept;
  const header = [
    data.groupColumn ?? 'group',
    ...swept,
    'replicates',
    'final attempts: mean [95 %]',
    'IQM [95 %]',
    'skills',
    'refutation rate % [95 %]',
  ];
  const rows = summary.groups.map((s) => {
    const last = s.rounds.at(-1)!;
    const label = palette.labelOf(s.group.id);
    return [
      `<span class="wrap">${escapeHtml(label === s.group.id ? label : `${s.group.id} (${label})`)}</span>`,
      ...swept.map((p) => escapeHtml(s.group.params[p] ?? '')),
      String(s.group.replicates.length),
      withCi(last.attempts.mean),
      withCi(last.attempts.iqm),
      withCi(last.skills, 2),
      withCi(s.refutationRate, 2, 100),
    ];
  });
  const lastRound = Math.max(...summary.paired.map((p) => p.round));
  const paired = summary.paired.filter((p) => p.round === lastRound);
  const pairedTable =
    paired.length === 0
      ? ''
      : `<h3>Paired differences, final round (arms share random numbers)</h3>
${table(
  ['a', 'b', 'replicates', 'mean attempts a − b [95 %]'],
  paired.map((p) => [escapeHtml(p.a), escapeHtml(p.b), String(p.replicates), withCi(p.difference)]),
)}`;
  return `<section><h2>Summary</h2><p>Final round; every figure (all rounds, paired differences per round) is in <a href="summary.csv">summary.csv</a>.</p>
${table(header, rows)}${pairedTable}</section>`;
}

const STYLE = `
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0 auto; max-width: 1240px; padding: 24px; color: #1a1a1a; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
.headline { border-left: 5px solid #0072B2; background: #f3f8fc; padding: 10px 22px 6px; margin: 0 0 8px; }
.headline h1 { margin-top: 0.2em; } .headline p { font-size: 1.08em; max-width: 70em; margin: 0.5em 0 0.8em; } .headline .kicker { font-size: 0.85em; color: #555; margin: 0.6em 0 0; }
.id { font-family: "DejaVu Sans Mono", monospace; font-size: 0.95em; } .what, .wrap { white-space: normal; color: #444; font-size: 0.9em; } .wrap { display: inline-block; max-width: 24em; color: inherit; font-size: inherit; }
.chart { overflow-x: auto; margin: 8px 0; } .files { font-size: 0.85em; color: #555; }
.table { overflow-x: auto; } table { border-collapse: collapse; font-size: 0.9em; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 4px 10px; text-align: left; vertical-align: top; }
td { font-variant-numeric: tabular-nums; white-space: nowrap; } tr.off td { background: #fdecea; } .ci { color: #666; font-size: 0.9em; }
table.facts th { font-weight: normal; color: #555; } pre { background: #f6f6f6; padding: 10px; overflow-x: auto; font-size: 0.85em; }
.note { color: #8a4b00; }`;

export function reportHtml(input: HtmlInput): string {
  const ids = input.charts.map((_, i) => `chart-${i + 1}`);
  const specs = Object.fromEntries(input.charts.map((c, i) => [ids[i], c.spec]));
  const chartSections = input.charts.map(
    (c, i) => `<section><h2>${escapeHtml(c.heading)}</h2><div class="chart" id="${ids[i]}"></div>
<p class="files">Files: <a href="${c.name}.png">${c.name}.png</a> · <a href="${c.name}.svg">${c.name}.svg</a> · <a href="${c.name}.vl.json">${c.name}.vl.json</a> (editable Vega-Lite)</p></section>`,
  );
  const kind = input.data.kind;
  const verdict = input.data.verdict;
  // A reproduction with a verdict opens with it and the learning curves; what was run comes last.
  const opening =
    verdict === null
      ? `<h1>hexa-sim report: ${escapeHtml(kind)}</h1>\n<p>${escapeHtml(input.source)}</p>`
      : headlineSection(verdict);
  const learning = input.charts.findIndex((c) => c.kind === 'learning');
  const first = learning < 0 ? '' : chartSections[learning]!;
  const rest = chartSections.filter((_, i) => i !== learning).join('\n');
  const published =
    input.data.table === null ? '' : publishedSection(input.data.table, input.sourceLink, input.skippedFigures);
  const audit = input.data.audit === null ? '' : auditSection(input.data.audit, input.sourceLink);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hexa-sim report: ${escapeHtml(kind)}</title>
<style>${STYLE}</style>
</head>
<body>
${opening}
${first}
${published}
${rest}
${summarySection(input)}
${audit}
${manifestSection(input)}
${inlineScripts()}
<script>
const specs = ${scriptJson(specs)};
for (const [id, spec] of Object.entries(specs)) {
  const el = document.getElementById(id);
  vegaEmbed(el, spec, { renderer: 'svg', actions: false, ast: true })
    .then(() => { el.dataset.rendered = 'true'; })
    .catch((error) => { el.dataset.rendered = 'error'; console.error(error); });
}
</script>
</body>
</html>
`;
}
