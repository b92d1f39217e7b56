/**
 * Reproduction: for every published figure, the distribution of single-run results (each published number
 * is one run of 30 tasks a round), with the central 95 % of runs shaded darker and the published value
 * marked. A published value in the light tails, or outside the bars, is one a single run rarely gives.
 */
import type { FigureSample } from '../figures.js';
import { CONFIG, PUBLISHED_COLOUR, SCHEMA, type ChartSpec } from './theme.js';

export interface Bin {
  readonly start: number;
  readonly end: number;
  readonly share: number;
  /** The bin's centre lies within the central 95 % of runs. */
  readonly inside: boolean;
}

function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const i = Math.floor(h);
  return sorted[i]! + (h - i) * (sorted[Math.min(i + 1, sorted.length - 1)]! - sorted[i]!);
}

/** A round step (1, 2 or 5 × 10^k) near `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/** Histogram of single-run values: unit bins for counts with a small range, else ~24 round-width bins. */
export function histogram(values: Float64Array, published: number | null, discrete: boolean): Bin[] {
  if (values.length === 0) return [];
  const sorted = Float64Array.from(values).sort();
  const [q025, q975] = [quantile(sorted, 0.025), quantile(sorted, 0.975)];
  const lo = Math.min(sorted[0]!, published ?? Infinity);
  const hi = Math.max(sorted.at(-1)!, published ?? -Infinity);
  const whole = discrete && sorted.every(Number.isInteger) && hi - lo <= 40;
  // A span too small to split (all runs alike, or a denormal spread) gets one bin scaled to the values.
  const span = hi - lo;
  const step = whole
    ? 1
    : span > 1e-9 * Math.max(1, Math.abs(hi))
      ? niceStep(span / 24)
      : niceStep(Math.max(Math.abs(hi), 1e-6) / 10);
  const origin = whole ? sorted[0]! - 0.5 : Math.floor(lo / step) * step;
  const counts = new Map<number, number>();
  for (const v of sorted) {
    const k = Math.floor((v - origin) / step + 1e-9);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([k, c]) => {
      const start = origin + k * step;
      const centre = start + step / 2;
      return {
        start,
        end: start + step,
        share: c / sorted.length,
        inside: centre >= q025 - step / 2 && centre <= q975 + step / 2,
      };
    });
}

/** Short header lines: the figure id, then what is measured, split after its first comma. */
function headerOf(s: FigureSample): string {
  const comma = s.what.indexOf(', ');
  const words = comma > 0 ? `${s.what.slice(0, comma)}|${s.what.slice(comma + 2)}` : s.what;
  return `${s.id}${s.claim === 'atLeast' ? ' (published: at least)' : ''}|${words}`;
}

export function distributionSpec(samples: readonly FigureSample[]): ChartSpec {
  const rows: object[] = [];
  for (const s of samples) {
    const figure = headerOf(s);
    for (const b of histogram(s.values, s.published, s.discrete))
      rows.push({ figure, kind: 'bin', ...b, runs: s.values.length });
    if (s.published !== null) rows.push({ figure, kind: 'published', value: s.published });
  }
  const figures = samples.map(headerOf);
  const runs = [...new Set(samples.map((s) => s.values.length + s.undefinedRuns))].join(' / ');
  return {
    $schema: SCHEMA,
    title: {
      text: 'Published figures against single runs',
      subtitle: [
        `Bars: share of ${runs} simulated single runs at each value (dark: the central 95 % of runs).`,
        'Red line: the published value, itself the result of one run.',
      ],
    },
    config: CONFIG,
    data: { values: rows },
    facet: {
      field: 'figure',
      type: 'nominal',
      sort: figures,
      title: null,
      header: { labelExpr: "split(datum.label, '|')", labelFontSize: 11, labelLimit: 250, labelPadding: 6 },
    },
    columns: 4,
    spacing: { row: 18, column: 22 },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    spec: {
      width: 215,
      height: 100,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'bin'" }],
          mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
          encoding: {
            x: {
              field: 'start',
              type: 'quantitative',
              title: null,
              scale: { zero: false },
              axis: { tickCount: 4, labelOverlap: 'greedy', labelFlush: true },
            },
            x2: { field: 'end' },
            y: { field: 'share', type: 'quantitative', title: 'Share of runs', axis: { format: '.0%', tickCount: 3 } },
            color: { condition: { test: 'datum.inside', value: '#6e6e6e' }, value: '#c9c9c9' },
            tooltip: [
              { field: 'start', title: 'From', format: '.4~f' },
              { field: 'end', title: 'To', format: '.4~f' },
              { field: 'share', title: 'Share of runs', format: '.1%' },
              { field: 'runs', title: 'Runs' },
            ],
          },
        },
        {
          transform: [{ filter: "datum.kind === 'published'" }],
          mark: { type: 'rule', color: PUBLISHED_COLOUR, strokeWidth: 2.5 },
          encoding: { x: { field: 'value', type: 'quantitative' }, tooltip: [{ field: 'value', title: 'Published' }] },
        },
      ],
    },
  };
}
