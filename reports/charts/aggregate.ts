/**
 * Interval estimates of the final round, one row per group: for a reproduction's arms (or a run), the
 * interquartile mean and the mean of runs' final-round attempts per task with their 95 % stratified-bootstrap
 * intervals, side by side (rliable's aggregate metrics); for a sweep, its cells ranked by their mean, each
 * with its interval and interquartile mean — a summary of the grid's cells, named as such, not a
 * distribution over runs (its shape depends on the grid chosen). Intervals resample runs within each group.
 */
import type { AggregateLine } from '../aggregate/selection.js';
import type { ReferenceLine } from '../references.js';
import type { Estimate } from '../../sim/core/bootstrap.js';
import { ColourName, REFERENCE_STROKE } from './conventions.js';
import { CONFIG, SCHEMA, type ChartSpec } from './theme.js';

/** A sweep's cells shown per world at most: the heat map and summary.csv have them all. */
export const MAX_RANKED_CELLS = 30;

/** A row axis's title, level above the row names, where it cannot run into them. */
export const TITLE_ABOVE = {
  titleAngle: 0,
  titleAlign: 'right',
  titleBaseline: 'bottom',
  titleX: -8,
  titleY: -10,
} as const;

/**
 * Arm names broken after a comma or before a parenthesis, so a long name takes two short lines, centred on
 * its row (vega sets a label's first line at the tick).
 */
export const TWO_LINE_LABELS = {
  labelExpr: "split(replace(replace(datum.label, ', ', ',|'), ' (', '|('), '|')",
  labelLineHeight: 14,
  labelOffset: {
    condition: { test: "indexof(datum.label, ', ') >= 0 || indexof(datum.label, ' (') >= 0", value: -7 },
    value: 0,
  },
} as const;

const ends = (e: Estimate): { lo: number; hi: number } => ({
  lo: e.ci95?.[0] ?? e.estimate,
  hi: e.ci95?.[1] ?? e.estimate,
});

/** A row's interval bar and point, x the estimate, y the row, coloured as the row's group. */
function intervalLayers(
  y: object,
  colour: object,
  tooltip: object[],
  field: string,
  domain: readonly number[] | null = null,
): object[] {
  const x = {
    field,
    type: 'quantitative',
    title: 'Final-round attempts per task',
    scale: domain === null ? { zero: false } : { domain: [...domain] },
  };
  return [
    {
      mark: { type: 'errorbar', ticks: { size: 12 }, thickness: 2 },
      encoding: { y, x: { ...x, field: `${field}Lo` }, x2: { field: `${field}Hi` }, color: colour },
    },
    // Small, so a narrow interval's caps show beside it.
    { mark: { type: 'point', filled: true, size: 30, opacity: 1 }, encoding: { y, x, color: colour, tooltip } },
  ];
}

/** Exact values as dark-grey dashed vertical rules, named in the caption (the rows leave no room for labels). */
function referenceRules(references: readonly ReferenceLine[], domain: readonly number[]): object[] {
  return references.map((r) => ({
    mark: { type: 'rule', ...REFERENCE_STROKE },
    encoding: { x: { datum: r.value, type: 'quantitative', scale: { domain: [...domain] } } },
  }));
}

export function aggregateSpec(lines: readonly AggregateLine[], references: readonly ReferenceLine[]): ChartSpec {
  const rows = lines.map((l) => {
    const last = l.summary.rounds.at(-1)!.attempts;
    const [iqm, mean] = [ends(last.iqm), ends(last.mean)];
    return {
      arm: l.label,
      iqm: last.iqm.estimate,
      iqmLo: iqm.lo,
      iqmHi: iqm.hi,
      mean: last.mean.estimate,
      meanLo: mean.lo,
      meanHi: mean.hi,
      runs: l.summary.group.replicates.length,
    };
  });
  const labels = rows.map((r) => r.arm);
  const y = {
    field: 'arm',
    type: 'nominal',
    title: 'Arm',
    scale: { domain: labels },
    axis: { ...TWO_LINE_LABELS, ...TITLE_ABOVE, labelLimit: 300 },
  };
  const colour = {
    field: 'arm',
    type: 'nominal',
    legend: null,
    scale: { domain: labels, range: lines.map((l) => l.colour) },
  };
  const tooltip = [
    { field: 'arm', title: 'Arm' },
    { field: 'iqm', title: 'Interquartile mean', format: '.3f' },
    { field: 'iqmLo', title: 'IQM 95 % low', format: '.3f' },
    { field: 'iqmHi', title: 'IQM 95 % high', format: '.3f' },
    { field: 'mean', title: 'Mean', format: '.3f' },
    { field: 'meanLo', title: 'Mean 95 % low', format: '.3f' },
    { field: 'meanHi', title: 'Mean 95 % high', format: '.3f' },
    { field: 'runs', title: 'Runs' },
  ];
  const values = [...rows.flatMap((r) => [r.iqmLo, r.iqmHi, r.meanLo, r.meanHi]), ...references.map((r) => r.value)];
  const domain = [Math.max(0, Math.floor(Math.min(...values))), Math.ceil(Math.max(...values))];
  // Each panel names its rows: on a narrow screen the panels stack, and a row's name must not be a panel away.
  const panel = (field: 'iqm' | 'mean', title: string): object => ({
    title: { text: title, fontSize: 13, fontWeight: 'normal', anchor: 'middle' },
    width: 260,
    height: Math.max(120, 40 * rows.length),
    layer: [...referenceRules(references, domain), ...intervalLayers(y, colour, tooltip, field, domain)],
  });
  return {
    $schema: SCHEMA,
    title: {
      text: 'Final round: interquartile mean and mean',
      subtitle: [
        'Final-round mean attempts per task over runs, fewer is better. The interquartile mean (IQM) averages the',
        'middle half of the runs, so a few runs that never learn move it little. Bars: 95 % intervals of the',
        'stratified bootstrap (runs resampled within each arm).',
        ...(references.length > 0
          ? [
              `${ColourName(REFERENCE_STROKE.color)} dashed lines: exact expected attempts of uniform guessing`,
              `(${references.map((r) => r.label).join('; ')}).`,
            ]
          : []),
      ],
    },
    config: CONFIG,
    data: { values: rows },
    hconcat: [panel('iqm', 'Interquartile mean'), panel('mean', 'Mean')],
    spacing: 24,
  };
}

/** One cell of a sweep in the ranking. */
export interface RankedCell {
  /** The world's panel ('' with one world). */
  readonly panel: string;
  /** The cell's settings in words. */
  readonly settings: string;
  /** Its values alone, in the order of the chart's `names`. */
  readonly values: string;
  readonly mean: Estimate;
  readonly iqm: Estimate;
  readonly replicates: number;
  /** Its place in the world's ranking (reports/ranking.ts). */
  readonly mark: 'best' | 'tied' | '';
}

const MARK_COLOURS = { best: '#000000', tied: '#0072B2', '': '#999999' } as const;

export function rankedCellsSpec(
  worlds: readonly { readonly world: string; readonly cells: readonly RankedCell[] }[],
  /** The parameters a cell's values give ("threshold, explore"). */
  names = '',
): ChartSpec {
  const shown = worlds.map((w) => ({ ...w, cells: w.cells.slice(0, MAX_RANKED_CELLS) }));
  const rows = shown.flatMap((w) =>
    w.cells.map((c, i) => {
      const [mean, iqm] = [ends(c.mean), ends(c.iqm)];
      return {
        panel: w.world,
        // Short enough for a phone: the rank, then the values the axis title names.
        row: `${i + 1}. ${c.values}`,
        settings: c.settings,
        mean: c.mean.estimate,
        meanLo: mean.lo,
        meanHi: mean.hi,
        iqm: c.iqm.estimate,
        iqmLo: iqm.lo,
        iqmHi: iqm.hi,
        replicates: c.replicates,
        standing: c.mark === 'best' ? 'the best' : c.mark === 'tied' ? 'tied with the best' : 'below the best',
      };
    }),
  );
  const standings = ['the best', 'tied with the best', 'below the best'];
  const colour = {
    field: 'standing',
    type: 'nominal',
    title: 'Standing',
    scale: { domain: standings, range: [MARK_COLOURS.best, MARK_COLOURS.tied, MARK_COLOURS['']] },
    legend: { orient: 'bottom', direction: 'horizontal', symbolType: 'circle', symbolSize: 90 },
  };
  const tooltip = [
    { field: 'settings', title: 'Cell' },
    { field: 'mean', title: 'Mean attempts', format: '.3f' },
    { field: 'meanLo', title: '95 % low', format: '.3f' },
    { field: 'meanHi', title: '95 % high', format: '.3f' },
    { field: 'iqm', title: 'Interquartile mean', format: '.3f' },
    { field: 'replicates', title: 'Replicates (n)' },
    { field: 'standing', title: 'Standing' },
  ];
  const y = {
    field: 'row',
    type: 'nominal',
    title: 'Cell, by rank',
    sort: null,
    axis: { ...TITLE_ABOVE, labelLimit: 320 },
  };
  const iqm = {
    mark: { type: 'point', shape: 'diamond', filled: false, size: 50, strokeWidth: 1.5, color: '#555555' },
    encoding: { y, x: { field: 'iqm', type: 'quantitative' }, tooltip },
  };
  const longest = Math.max(...shown.map((w) => w.cells.length));
  const panelSpec = {
    width: 360,
    height: 18 * longest,
    layer: [...intervalLayers(y, colour, tooltip, 'mean'), iqm],
  };
  const total = worlds.reduce((s, w) => s + w.cells.length, 0);
  const cut = worlds.some((w) => w.cells.length > MAX_RANKED_CELLS);
  const header = {
    $schema: SCHEMA,
    title: {
      text: "The sweep's cells, ranked by final-round attempts",
      subtitle: [
        `${cut ? `The ${MAX_RANKED_CELLS} best of ${total}` : `All ${total}`} cells of the grid` +
          `${worlds.length > 1 ? ', world by world' : ''}: a summary of the settings swept, not of runs.`,
        "Points: the mean over the cell's runs, with its 95 % bootstrap interval; hollow diamonds: its",
        'interquartile mean. Standing as in the heat map (tied: the interval of its difference from the best',
        'includes 0).',
        ...(names === '' ? [] : [`Cells are named by their ${names}.`]),
      ],
    },
    config: CONFIG,
    data: { values: rows },
  };
  if (shown.length <= 1) return { ...header, ...panelSpec };
  // A panel a world, one above the other (a grid of one column, which the page narrows to fit).
  return {
    ...header,
    facet: { field: 'panel', type: 'nominal', sort: shown.map((w) => w.world), title: null },
    columns: 1,
    resolve: { scale: { y: 'independent', x: 'independent' } },
    spec: panelSpec,
  };
}
