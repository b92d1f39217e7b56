/**
 * Reproduction: for every published figure, the distribution of single-run results (each published number
 * is one run of 30 tasks a round), with the central 95 % of runs shaded darker and the published value
 * marked. A published value in the light tails, or outside the bars, is one a single run rarely gives.
 */
import type { FigureSample } from '../figures.js';
import { figureWords } from '../../sim/reproduction/figures.js';
import { ColourName, colourName, wrapWords } from './conventions.js';
import { CONFIG, PUBLISHED_COLOUR, SCHEMA, type ChartSpec } from './theme.js';

/** Bars inside the central 95 % of runs, and in the tails. */
const INSIDE_COLOUR = '#6e6e6e';
const TAIL_COLOUR = '#c9c9c9';
/** Characters per line of a panel's header and axis title: what fits a panel at 11 px. */
const LINE_CHARS = 34;

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

/** What a figure measures, as the arm ("pure exploitation") and the measure. */
const parts = (s: FigureSample): { arm: string; measure: string } => figureWords(s.what);

/** A panel's header lines: the figure id, its arm, and whether the article claims only a lower bound. */
function headerOf(s: FigureSample): string[] {
  return [s.id, ...wrapWords(parts(s).arm, LINE_CHARS), ...(s.claim === 'atLeast' ? ['(published: at least)'] : [])];
}

/** Whole-number axis ticks for unit bins: every value when few, else every k-th; never below the data. */
export function countTicks(bins: readonly Bin[]): number[] | null {
  if (bins.length === 0) return null;
  const lo = Math.ceil(bins[0]!.start) + 0; // + 0: no "-0" tick when the first bin starts at -0.5
  const hi = Math.floor(bins.at(-1)!.end);
  const every = Math.max(1, Math.ceil((hi - lo + 1) / 6));
  const ticks: number[] = [];
  for (let v = lo; v <= hi; v += every) ticks.push(v);
  return ticks;
}

export function distributionSpec(samples: readonly FigureSample[]): ChartSpec {
  const rows: object[] = [];
  const panels: object[] = [];
  for (const s of samples) {
    const figure = s.id;
    const bins = histogram(s.values, s.published, s.discrete);
    for (const b of bins) rows.push({ figure, kind: 'bin', ...b, runs: s.values.length });
    if (bins.length === 0) rows.push({ figure, kind: 'empty', note: emptyNote(s) });
    if (s.published !== null) rows.push({ figure, kind: 'published', value: s.published });
    panels.push(panel(s, bins));
  }
  const runs = [...new Set(samples.map((s) => s.values.length + s.undefinedRuns))].join(' / ');
  return {
    $schema: SCHEMA,
    title: {
      text: 'Published figures against single runs',
      subtitle: [
        `Bars: share of ${runs} simulated single runs at each value (${colourName(INSIDE_COLOUR)}: the central 95 % ` +
          `of runs,`,
        `${colourName(TAIL_COLOUR)}: the tails). ${ColourName(PUBLISHED_COLOUR)} line: the published value, itself ` +
          `one run.`,
      ],
    },
    config: CONFIG,
    data: { values: rows },
    concat: panels,
    columns: 4,
    spacing: { row: 18, column: 22 },
  };
}

/** What an empty panel says: why no run gives the figure. */
function emptyNote(s: FigureSample): string[] {
  return s.undefinedRuns > 0
    ? [`None of the ${s.undefinedRuns} runs defines it`, '(e.g. a rate with no skill tests).']
    : ['No runs.'];
}

/** One figure's panel: its own x scale, axis title and, for counts, whole-number ticks. */
function panel(s: FigureSample, bins: readonly Bin[]): object {
  const whole = bins.length > 0 && bins.every((b) => b.end - b.start === 1 && Number.isInteger(b.start + 0.5));
  const ticks = whole ? countTicks(bins) : null;
  const x = {
    field: 'start',
    type: 'quantitative',
    title: wrapWords(parts(s).measure, LINE_CHARS),
    scale: ticks ? { domain: [bins[0]!.start, bins.at(-1)!.end], nice: false, zero: false } : { zero: false },
    axis: ticks
      ? { values: ticks, format: 'd', titleFontSize: 11 }
      : { tickCount: 4, labelOverlap: 'greedy', labelFlush: true, titleFontSize: 11 },
  };
  return {
    title: { text: headerOf(s), fontSize: 11, fontWeight: 'normal', anchor: 'middle', offset: 6 },
    width: 215,
    height: 100,
    transform: [{ filter: { field: 'figure', equal: s.id } }],
    layer: [
      {
        transform: [{ filter: "datum.kind === 'bin'" }],
        mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          x,
          x2: { field: 'end' },
          y: { field: 'share', type: 'quantitative', title: 'Share of runs', axis: { format: '.0%', tickCount: 3 } },
          color: { condition: { test: 'datum.inside', value: INSIDE_COLOUR }, value: TAIL_COLOUR },
          tooltip: [
            { field: 'start', title: 'From', format: '.4~f' },
            { field: 'end', title: 'To', format: '.4~f' },
            { field: 'share', title: 'Share of runs', format: '.1%' },
            { field: 'runs', title: 'Runs' },
          ],
        },
      },
      {
        transform: [{ filter: "datum.kind === 'empty'" }],
        mark: { type: 'text', align: 'left', baseline: 'top', x: 4, y: 4, fontSize: 11, color: '#444444' },
        encoding: { text: { field: 'note' } },
      },
      {
        transform: [{ filter: "datum.kind === 'published'" }],
        mark: { type: 'rule', color: PUBLISHED_COLOUR, strokeWidth: 2.5 },
        encoding: { x: { field: 'value', type: 'quantitative' }, tooltip: [{ field: 'value', title: 'Published' }] },
      },
    ],
  };
}
