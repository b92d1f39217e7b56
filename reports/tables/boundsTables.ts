/** The reproduction's bounds table (sim/reproduction/gap.ts) as terminal text and as tidy CSV rows (bounds.csv). */
import type { GapRow } from '../../sim/reproduction/gap.js';
import type { Row } from '../csv/csv.js';
import { fmt, fmtInterval, withoutColumns } from './table.js';

/** The bounds table; in another world (`withPublished` false) without the article's 4.2 and its gap. */
export function renderBounds(rows: readonly GapRow[], withPublished = true): string {
  const header = [
    'final round',
    'published',
    'exact',
    'mean',
    '95% CI',
    'gap to library',
    'gap 95% CI (paired)',
    'published gap',
  ];
  return withoutColumns(
    header,
    rows.map((r) => [
      r.what,
      r.published === null ? '' : String(r.published),
      r.exact === null ? '' : `${r.exact.exact} = ${r.exact.value.toFixed(3)}`,
      fmt(r.mean, 3),
      fmtInterval(r.ci95, 3),
      r.gap === null ? '' : fmt(r.gap, 3),
      r.gapCi95 === null ? '' : fmtInterval(r.gapCi95, 3),
      r.publishedGap === null ? '' : fmt(r.publishedGap, 3),
    ]),
    withPublished ? [] : ['published', 'published gap'],
  );
}

export function boundsCsvRows(rows: readonly GapRow[]): Row[] {
  return rows.map((r) => ({
    id: r.id,
    what: r.what,
    published: r.published ?? '',
    exact: r.exact?.value ?? '',
    exactFraction: r.exact?.exact ?? '',
    mean: r.mean,
    ci95Low: r.ci95?.[0] ?? '',
    ci95High: r.ci95?.[1] ?? '',
    gap: r.gap ?? '',
    gapCi95Low: r.gapCi95?.[0] ?? '',
    gapCi95High: r.gapCi95?.[1] ?? '',
    publishedGap: r.publishedGap ?? '',
  }));
}
