/**
 * The reproduction's tables — figures and paired differences — as terminal text and as tidy CSV rows (the
 * audit's are in auditTables.ts).
 * Numbers go to CSV unrounded; the text rounds for reading.
 */
import { HIDDEN_CHOICES, type HiddenChoices } from '../../sim/reproduction/arms.js';
import { figureWords } from '../../sim/reproduction/figures.js';
import type { PairedDifference } from '../../sim/reproduction/paired.js';
import type { FigureRow } from '../../sim/reproduction/reproduction.js';
import type { Row } from '../csv/csv.js';
import { fmt, fmtInterval, renderTable, withoutColumns } from './table.js';

const published = (r: FigureRow): string => (r.figure.claim === 'atLeast' ? '≥ ' : '') + String(r.figure.published);

/**
 * The rows in words, grouped under their arm (in the order the arms first appear): a heading row per arm,
 * then each of its figures by its measure, indented. The ids are in --json and table.csv.
 */
function inWords(rows: readonly FigureRow[], cells: (r: FigureRow) => string[]): string[][] {
  const arms = [...new Set(rows.map((r) => figureWords(r.figure.what).arm))];
  return arms.flatMap((arm) => [
    [arm],
    ...rows
      .filter((r) => figureWords(r.figure.what).arm === arm)
      .map((r) => [`  ${figureWords(r.figure.what).measure}`, ...cells(r)]),
  ]);
}

/** The columns that compare with the article: left out in another world, which has no published figures. */
const PUBLISHED_COLUMNS = ['published', 'pctile', 'inside'];

/**
 * The figure table: published beside simulated, with the single-run comparison; in another world
 * (`published` false) the simulated figures and the exact values alone.
 */
export function renderFigureTable(rows: readonly FigureRow[], single: boolean, withPublished = true): string {
  const drop = withPublished ? [] : PUBLISHED_COLUMNS;
  if (single) {
    const header = ['figure', 'published', 'this run', 'exact mean'];
    return withoutColumns(
      header,
      inWords(rows, (r) => [
        published(r),
        fmt(r.mean, r.figure.count ? 0 : r.figure.digits),
        r.analytic === null ? '' : r.analytic.value.toFixed(3),
      ]),
      drop,
    );
  }
  const header = ['figure', 'published', 'mean', '95% CI', 'exact', 'single runs 95%', 'pctile', 'inside'];
  return withoutColumns(
    header,
    inWords(rows, (r) => [
      published(r),
      fmt(r.mean, r.figure.digits),
      fmtInterval(r.ci95, r.figure.digits),
      r.analytic === null ? '' : r.analytic.value.toFixed(3),
      fmtInterval(r.singleRun95, r.figure.digits),
      r.placement === null ? '–' : r.placement.percentile.toFixed(1),
      r.placement === null ? '–' : r.placement.consistent ? 'yes' : 'NO',
    ]),
    drop,
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
    diffs.map((d) => [
      `${d.minuend} − ${d.subtrahend}`,
      d.final ? `${d.round} (final)` : String(d.round),
      fmt(d.mean, 3),
      fmtInterval(d.ci95, 3),
      fmt(d.se, 3),
      fmt(d.unpairedSe, 3),
    ]),
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
  HIDDEN_CHOICES.filter((c) => h[c.key] !== undefined)
    .map((c) => `--${c.flag} ${h[c.key]}`)
    .join(' ');
