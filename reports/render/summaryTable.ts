/**
 * The page's summary table: the final round of every group, in the order of the swept parameters' values,
 * the parameters first and the group's id last, numbers to the CLI's precision (reports/tables/table.ts).
 */
import { reportPalette } from '../charts/theme.js';
import type { ResultFolder } from '../resultFolder.js';
import { bySweptValues, type Summary } from '../summary.js';
import { fmt } from '../tables/table.js';
import type { Estimate } from '../../sim/core/bootstrap.js';
import { escapeHtml, table } from './htmlParts.js';

/** An estimate and its interval, `digits` decimals, scaled (100 for percentages). */
export function withCi(e: Estimate, digits = 3, scale = 1): string {
  const interval = e.ci95
    ? ` <span class="ci">[${fmt(e.ci95[0] * scale, digits)}, ${fmt(e.ci95[1] * scale, digits)}]</span>`
    : '';
  return `${fmt(e.estimate * scale, digits)}${interval}`;
}

export function summarySection(data: ResultFolder, summary: Summary): string {
  const palette = reportPalette(data);
  // A reproduction's arms are named by their labels, which say what their settings are.
  const swept = data.kind === 'reproduce' ? [] : data.swept;
  const idColumn = data.groupColumn;
  const named = data.kind !== 'sweep';
  const header = [
    ...(named ? [data.kind === 'reproduce' ? 'arm' : 'run'] : []),
    ...swept,
    'replicates',
    'final attempts: mean [95 %]',
    'IQM [95 %]',
    'skills',
    'refutation rate % [95 %]',
    // Beside a column of names the ids are just 'id'; a sweep's cells have only their id.
    ...(idColumn === null ? [] : [named ? 'id' : idColumn]),
  ];
  const rows = bySweptValues(summary.groups, swept).map((s) => {
    const last = s.rounds.at(-1)!;
    return [
      ...(named ? [`<span class="wrap">${escapeHtml(palette.labelOf(s.group.id))}</span>`] : []),
      ...swept.map((p) => escapeHtml(s.group.params[p] ?? '')),
      String(s.group.replicates.length),
      withCi(last.attempts.mean),
      withCi(last.attempts.iqm),
      withCi(last.skills, 2),
      withCi(s.refutationRate, 2, 100),
      ...(idColumn === null ? [] : [`<span class="id">${escapeHtml(s.group.id)}</span>`]),
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
  paired.map((p) => [
    escapeHtml(palette.labelOf(p.a)),
    escapeHtml(palette.labelOf(p.b)),
    String(p.replicates),
    withCi(p.difference),
  ]),
)}`;
  return `<section><h2>Summary</h2><p>Final round; every figure (all rounds, paired differences per round) is in <a \
href="summary.csv">summary.csv</a>.</p>
${table(header, rows)}${pairedTable}</section>`;
}
