/**
 * Sweep heat map: final-round mean attempts over two swept parameters (exploration × threshold by
 * default), one panel per combination of the other swept parameters, the mean and its interval printed in
 * every cell wide enough to hold it (on a phone a cell may not be: its figures are then in its tooltip).
 * Fewer attempts are brighter, so the eye goes to the best cells, and the best cell of each world is
 * outlined (the cells tied with it dashed).
 */
import { compareValues } from '../../sim/core/params/order.js';
import type { GroupSummary } from '../summary.js';
import { ColourName, wrapWords } from './conventions.js';
import { CONFIG, type ChartSpec, describeParameters, parameterTitle, parameterValue, SCHEMA } from './theme.js';

/** A cell's place in its world's ranking (reports/ranking.ts): the best, or tied with it. */
export type CellMark = 'best' | 'tied';

const OUTLINE = '#000000';

/** A cell wide and high enough for its mean ("11.60" at 12 px), and for the interval under it too. */
const MEAN = "bandwidth('x') >= 40 && bandwidth('y') >= 16";
const BOTH = "bandwidth('x') >= 64 && bandwidth('y') >= 32";

export interface HeatmapAxes {
  readonly x: string;
  readonly y: string;
}

/** The default pair: explore × threshold when both are swept, else the first two swept parameters. */
export function defaultHeatmapAxes(swept: readonly string[]): HeatmapAxes | null {
  if (swept.includes('explore') && swept.includes('threshold')) return { x: 'explore', y: 'threshold' };
  return swept.length >= 2 ? { x: swept[0]!, y: swept[1]! } : null;
}

/** Distinct values in ascending order (numbers numerically, text by character codes). */
export function sortedValues(values: readonly (number | string)[]): (number | string)[] {
  return [...new Set(values)].sort(compareValues);
}

export function heatmapSpec(
  groups: readonly GroupSummary[],
  swept: readonly string[],
  axes: HeatmapAxes,
  marks: ReadonlyMap<string, CellMark> = new Map(),
): ChartSpec {
  const facets = swept.filter((p) => p !== axes.x && p !== axes.y);
  const cells = groups.map((g) => {
    const last = g.rounds.at(-1)!;
    const m = last.attempts.mean;
    return {
      x: parameterValue(g.group.params[axes.x]),
      y: parameterValue(g.group.params[axes.y]),
      panel: describeParameters(g.group.params, facets),
      mean: m.estimate,
      lo: m.ci95?.[0] ?? null,
      hi: m.ci95?.[1] ?? null,
      interval: m.ci95 ? `${m.ci95[0].toFixed(2)}–${m.ci95[1].toFixed(2)}` : null,
      iqm: last.attempts.iqm.estimate,
      cell: g.group.id,
      replicates: g.group.replicates.length,
      rank: marks.get(g.group.id) ?? '',
    };
  });
  const xs = sortedValues(cells.map((c) => c.x));
  const ys = sortedValues(cells.map((c) => c.y));
  const means = cells.map((c) => c.mean);
  const middle = (Math.min(...means) + Math.max(...means)) / 2;
  const tooltip = [
    { field: 'x', title: axes.x },
    { field: 'y', title: axes.y },
    ...(facets.length > 0 ? [{ field: 'panel', title: 'Other settings' }] : []),
    { field: 'mean', title: 'Mean attempts', format: '.3f' },
    { field: 'lo', title: '95 % low', format: '.3f' },
    { field: 'hi', title: '95 % high', format: '.3f' },
    { field: 'iqm', title: 'Interquartile mean', format: '.3f' },
    { field: 'replicates', title: 'Replicates (n)' },
    { field: 'rank', title: 'Standing' },
    { field: 'cell', title: 'Cell' },
  ];
  // Reversed viridis is light at the low end: dark text there, white on the dark high end.
  const ink = { condition: { test: `datum.mean > ${middle}`, value: 'white' }, value: 'black' };
  const outline = (rank: CellMark, dash: number[]): object => ({
    transform: [{ filter: { field: 'rank', equal: rank } }],
    mark: { type: 'rect', fill: null, stroke: OUTLINE, strokeWidth: 3, strokeDash: dash },
    encoding: { tooltip },
  });
  const layer = [
    {
      mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
      encoding: {
        color: {
          field: 'mean',
          type: 'quantitative',
          title: ['Final-round', 'mean attempts', 'per task'],
          scale: { scheme: 'viridis', reverse: true },
          legend: { gradientLength: Math.max(160, 40 * new Set(groups.map((g) => g.group.params[axes.y])).size) },
        },
        tooltip,
      },
    },
    outline('tied', [5, 3]),
    outline('best', []),
    // The texts carry the tooltip too: they cover the middle of the cell, where the pointer goes. Each is
    // drawn only where the cell holds it: the mean alone in a cell too low for two lines, nothing in one too
    // narrow for "11.60" (the rect's tooltip still gives every figure).
    {
      mark: { type: 'text', fontSize: 12, dy: { expr: `${BOTH} ? -6 : 0` }, opacity: { expr: `${MEAN} ? 1 : 0` } },
      encoding: { text: { field: 'mean', type: 'quantitative', format: '.2f' }, color: ink, tooltip },
    },
    {
      transform: [{ filter: 'isValid(datum.lo)' }],
      mark: { type: 'text', fontSize: 9, dy: 8, opacity: { expr: `${BOTH} ? 1 : 0` } },
      encoding: { text: { field: 'interval' }, color: ink, tooltip },
    },
  ];
  const encoding = {
    // Ticks thinned (every other value, and so on) where the cells are narrower than their labels.
    x: {
      field: 'x',
      type: 'ordinal',
      sort: xs,
      title: parameterTitle(axes.x),
      axis: { labelAngle: 0, labelOverlap: 'greedy', labelSeparation: 4 },
    },
    // Wrapped, so a panel's y title is no taller than the panel and does not run into the next row's.
    y: { field: 'y', type: 'ordinal', sort: [...ys].reverse(), title: wrapWords(parameterTitle(axes.y), 22) },
  };
  // Wide enough for the x-axis title, so neighbouring panels' titles do not run together.
  const size = {
    width: Math.max(facets.length > 0 ? 320 : 260, 76 * xs.length),
    height: Math.max(160, 40 * ys.length),
  };
  const header = {
    $schema: SCHEMA,
    title: {
      text: 'Final-round attempts per task across the sweep',
      subtitle: [
        `Each cell: mean over its replicates and 95 % bootstrap ` +
          `interval${facets.length > 0 ? `; one panel per ${facets.join(', ')}` : ''}.`,
        `Fewer is better, and brighter. ${ColourName(OUTLINE)} outline: the fewest ` +
          `attempts${marks.size > 0 ? ' in its world' : ''}; dashed: tied with it.`,
        'A cell too small for its figures gives them on hover or tap.',
      ],
    },
    config: CONFIG,
    data: { values: cells },
  };
  if (facets.length === 0) return { ...header, ...size, encoding, layer };
  // Panels in the order of their parameter values (numerically: 'bits 4' before 'bits 10').
  const keyOf = (params: Readonly<Record<string, string>>): (number | string)[] =>
    facets.map((f) => parameterValue(params[f]));
  const ordered = [...groups].sort((a, b) => {
    const ka = keyOf(a.group.params);
    const kb = keyOf(b.group.params);
    for (let i = 0; i < ka.length; i++) if (compareValues(ka[i]!, kb[i]!) !== 0) return compareValues(ka[i]!, kb[i]!);
    return 0;
  });
  const panels = [...new Set(ordered.map((g) => describeParameters(g.group.params, facets)))];
  return {
    ...header,
    facet: { field: 'panel', type: 'ordinal', sort: panels, title: null, header: { labelFontSize: 12 } },
    columns: Math.min(3, panels.length),
    spacing: { column: 24, row: 24 },
    spec: { ...size, encoding, layer },
  };
}
