/**
 * The reproduction's tables — figures, paired differences, audit — as terminal text and as tidy CSV rows.
 * Numbers go to CSV unrounded; the text rounds for reading.
 */
import { HIDDEN_CHOICES, type HiddenChoices } from '../../sim/reproduction/arms.js';
import type { AuditEntry } from '../../sim/reproduction/audit.js';
import { FIGURES } from '../../sim/reproduction/figures.js';
import type { PairedDifference } from '../../sim/reproduction/paired.js';
import type { FigureRow } from '../../sim/reproduction/reproduction.js';
import type { Verdict } from '../../sim/reproduction/verdict.js';
import type { Row } from '../csv/csv.js';
import { fmt, fmtInterval, renderTable } from './table.js';

const published = (r: FigureRow): string => (r.figure.claim === 'atLeast' ? '≥ ' : '') + String(r.figure.published);

/** The figure table: published beside simulated, with the single-run comparison. */
export function renderFigureTable(rows: readonly FigureRow[], single: boolean): string {
  if (single) {
    const header = ['figure', 'published', 'this run', 'exact mean'];
    return renderTable(header, rows.map((r) => [r.figure.id, published(r), fmt(r.mean, r.figure.count ? 0 : r.figure.digits), r.analytic === null ? '' : r.analytic.value.toFixed(3)]));
  }
  const header = ['figure', 'published', 'mean', '95% CI', 'exact', 'single runs 95%', 'pctile', 'inside'];
  return renderTable(
    header,
    rows.map((r) => [
      r.figure.id,
      published(r),
      fmt(r.mean, r.figure.digits),
      fmtInterval(r.ci95, r.figure.digits),
      r.analytic === null ? '' : r.analytic.value.toFixed(3),
      fmtInterval(r.singleRun95, r.figure.digits),
      r.placement === null ? '–' : r.placement.percentile.toFixed(1),
      r.placement === null ? '–' : r.placement.consistent ? 'yes' : 'NO',
    ]),
  );
}

export function figureCsvRows(rows: readonly FigureRow[]): Row[] {
  return rows.map((r) => ({
    id: r.figure.id,
    arm: r.figure.arm,
    what: r.figure.what,
    published: r.figure.published,
    claim: r.figure.claim,
    n: r.n,
    mean: r.mean,
    se: Number.isNaN(r.se) ? '' : r.se,
    ci95Low: r.ci95?.[0] ?? '',
    ci95High: r.ci95?.[1] ?? '',
    analytic: r.analytic?.value ?? '',
    analyticExact: r.analytic?.exact ?? '',
    singleRun95Low: r.singleRun95?.[0] ?? '',
    singleRun95High: r.singleRun95?.[1] ?? '',
    singleRunPercentile: r.placement?.percentile ?? '',
    consistent: r.placement === null ? '' : r.placement.consistent,
  }));
}

export function renderPaired(diffs: readonly PairedDifference[]): string {
  const header = ['difference (attempts)', 'round', 'mean', '95% CI (paired)', 'se paired', 'se unpaired'];
  return renderTable(
    header,
    diffs.map((d) => [`${d.minuend} − ${d.subtrahend}`, d.final ? `${d.round} (final)` : String(d.round), fmt(d.mean, 3), fmtInterval(d.ci95, 3), fmt(d.se, 3), fmt(d.unpairedSe, 3)]),
  );
}

export function pairedCsvRows(diffs: readonly PairedDifference[]): Row[] {
  return diffs.map((d) => ({
    id: d.id,
    minuend: d.minuend,
    subtrahend: d.subtrahend,
    round: d.round,
    final: d.final,
    mean: d.mean,
    se: Number.isNaN(d.se) ? '' : d.se,
    ci95Low: d.ci95?.[0] ?? '',
    ci95High: d.ci95?.[1] ?? '',
    unpairedSe: Number.isNaN(d.unpairedSe) ? '' : d.unpairedSe,
  }));
}

export const describeHidden = (h: Partial<HiddenChoices>): string =>
  HIDDEN_CHOICES.filter((c) => h[c.key] !== undefined).map((c) => `--${c.flag} ${h[c.key]}`).join(' ');

export function renderAudit(entries: readonly AuditEntry[], top: number): string {
  const header = ['rank', ...HIDDEN_CHOICES.map((c) => c.flag), 'inside', 'pattern', 'exploit pattern', 'fit', 'figures outside (percentile)'];
  const shown = entries.slice(0, top);
  const table = renderTable(
    header,
    shown.map((e) => [
      String(e.rank),
      ...HIDDEN_CHOICES.map((c) => e.hidden[c.key]),
      `${e.inside}/${e.total}`,
      fmt(e.patternShare * 100, 1) + ' %',
      fmt(e.exploitPatternShare * 100, 1) + ' %',
      fmt(e.fit, 3),
      FIGURES.filter((f) => e.placements.get(f.id)?.consistent !== true)
        .map((f) => `${f.id} (${fmt(e.placements.get(f.id)?.percentile, 1)})`)
        .join(', '),
    ]),
  );
  return entries.length > top ? `${table}\n… ${entries.length - top} more in audit.csv` : table;
}

export function auditCsvRows(entries: readonly AuditEntry[]): Row[] {
  return entries.map((e) => {
    const row: Row = { rank: e.rank };
    for (const c of HIDDEN_CHOICES) row[c.key] = e.hidden[c.key];
    Object.assign(row, { inside: e.inside, total: e.total, patternShare: e.patternShare, exploitPatternShare: e.exploitPatternShare, fit: e.fit });
    for (const f of FIGURES) row[`${f.id}.percentile`] = e.placements.get(f.id)?.percentile ?? '';
    for (const f of FIGURES) row[`${f.id}.inside`] = e.placements.get(f.id)?.consistent ?? '';
    return row;
  });
}

/** A pattern shown by fewer single runs than this is called atypical. */
const TYPICAL = 0.05;

export function renderVerdict(v: Verdict): string {
  const lines = [
    `Best: ${describeHidden(v.best.hidden)} — ${v.best.inside}/${v.best.total} published figures inside its single-run 95 % range; ` +
      `${fmt(v.best.patternShare * 100, 1)} % of its single runs show the whole published pattern ` +
      `(${fmt(v.best.exploitPatternShare * 100, 1)} % the exploitation part).`,
    `Identified by the figures: ${describeHidden(v.identified) || 'none'}.`,
    v.open.length === 0 ? 'Every hidden choice is identified.' : `Not identified (the leading ${v.leading.length} combinations differ): ${v.open.map((k) => HIDDEN_CHOICES.find((c) => c.key === k)!.flag).join(', ')}.`,
    v.explainsEveryFigure
      ? 'Each published figure, taken alone, is a plausible single run under the best combination.'
      : 'No combination explains every published figure: see the figures outside the range.',
  ];
  const best = Math.max(...v.leading.map((e) => e.patternShare));
  if (best < TYPICAL) {
    lines.push(`No combination makes the published pattern as a whole typical: at best ${fmt(best * 100, 1)} % of single runs show it.`);
  }
  return lines.join('\n');
}
