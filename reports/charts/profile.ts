/**
 * Performance profile over runs (rliable's, for a score where fewer is better): for each attempt count,
 * the share of runs whose final-round mean attempts per task is at or below it, one curve per arm (a
 * sweep: its best, runner-up, median and worst cells), with a pointwise 95 % band from the stratified
 * bootstrap (runs resampled within the arm). Only runs of one world are pooled: several worlds get a
 * panel each. Further left and higher is better.
 */
import { profileSteps } from '../aggregate/runStatistics.js';
import type { AggregateLine } from '../aggregate/selection.js';
import type { ReferenceLine } from '../references.js';
import { referenceCaption, verticalReferenceLabels, verticalReferenceRules } from './referenceMarks.js';
import { CONFIG, SCHEMA, type ChartSpec } from './theme.js';

export function profileSpec(
  lines: readonly AggregateLine[],
  over: 'arms' | 'cells',
  references: readonly ReferenceLine[],
  /** The parameters a cell's label gives the values of ("threshold, explore"). */
  names = '',
): ChartSpec {
  const rows = lines.flatMap((l) =>
    profileSteps(l.distribution).map((s) => ({
      arm: l.label,
      panel: l.panel,
      settings: l.settings,
      runs: l.distribution.runs,
      width: l.stroke.width,
      ...s,
    })),
  );
  const labels = [...new Set(lines.map((l) => l.label))];
  const panels = [...new Set(lines.map((l) => l.panel))];
  const faceted = panels.length > 1;
  const first = (label: string): AggregateLine => lines.find((l) => l.label === label)!;
  const legend = {
    orient: 'bottom',
    direction: 'horizontal',
    columns: 2,
    symbolType: 'stroke',
    symbolOpacity: 1,
    symbolSize: 900,
  } as const;
  // Colour, dash and width on one field with one title, so the legend shows each line as drawn.
  const byLabel = (range: readonly unknown[], type: 'nominal' | 'ordinal' = 'nominal'): object => ({
    field: 'arm',
    type,
    title: over === 'arms' ? 'Arm' : names === '' || faceted ? 'Cell' : `Cell (${names})`,
    scale: { ...(type === 'ordinal' ? { type: 'ordinal' } : {}), domain: labels, range },
    legend,
  });
  const colour = byLabel(labels.map((l) => first(l).colour));
  const dash = byLabel(labels.map((l) => (first(l).stroke.dash.length === 0 ? [1, 0] : [...first(l).stroke.dash])));
  const strokeWidth = byLabel(
    labels.map((l) => first(l).stroke.width),
    'ordinal',
  );
  const x = {
    field: 'attempts',
    type: 'quantitative',
    title: 'Final-round mean attempts per task (one run)',
    scale: { zero: false },
  };
  const y = {
    field: 'share',
    type: 'quantitative',
    title: 'Share of runs at or below',
    axis: { format: '.0%' },
    scale: { domain: [0, 1] },
  };
  const runs = [...new Set(lines.map((l) => l.distribution.runs))].join(' / ');
  const tooltip = [
    { field: over === 'arms' ? 'arm' : 'settings', title: over === 'arms' ? 'Arm' : 'Cell' },
    { field: 'attempts', title: 'Attempts at most', format: '.3f' },
    { field: 'share', title: 'Share of runs', format: '.1%' },
    { field: 'lo', title: '95 % low', format: '.1%' },
    { field: 'hi', title: '95 % high', format: '.1%' },
    { field: 'runs', title: 'Runs' },
  ];
  const widths = [...new Set(rows.map((r) => r.width))].sort((a, b) => b - a);
  const data = {
    data: { values: rows },
    layer: [
      {
        mark: { type: 'area', interpolate: 'step-after', opacity: 0.15 },
        encoding: { x, y: { ...y, field: 'lo' }, y2: { field: 'hi' }, color: colour },
      },
      // One line layer per width, widest first, so a narrow line stays visible on a wide one.
      ...widths.map((w) => ({
        transform: [{ filter: { field: 'width', equal: w } }],
        mark: { type: 'line', interpolate: 'step-after', strokeWidth: w },
        encoding: { x, y, color: colour, strokeDash: dash, strokeWidth, tooltip },
      })),
    ],
  };
  const cellsLine =
    over === 'cells'
      ? [
          "Cells: each world's best, runner-up, median and worst by final-round mean" +
            `${faceted ? ' (a panel a world)' : ''}.`,
        ]
      : [];
  const layer = [
    ...(references.length === 0 ? [] : [verticalReferenceRules(references)]),
    data,
    // Labels over the curves, on a white outline, so no curve runs through them.
    ...(references.length === 0 ? [] : [verticalReferenceLabels(references)]),
  ];
  const header = {
    $schema: SCHEMA,
    title: {
      text: 'Performance profile over runs',
      subtitle: [
        `Share of runs (${runs} per ${over === 'arms' ? 'arm' : 'cell'}) whose final-round mean attempts per ` +
          'task are at or below each value;',
        'further left and higher is better. Bands: pointwise 95 % intervals of the stratified bootstrap',
        `(runs resampled within each ${over === 'arms' ? 'arm' : 'cell'}).`,
        ...cellsLine,
        ...(references.length > 0 ? [referenceCaption('exact expected attempts of uniform guessing')] : []),
      ],
    },
    config: CONFIG,
  };
  if (!faceted) return { ...header, width: 620, height: 340, layer };
  return {
    ...header,
    data: { values: rows },
    facet: { field: 'panel', type: 'nominal', sort: panels, title: null },
    columns: 2,
    resolve: { scale: { x: 'independent' } },
    spec: { width: 330, height: 240, layer: data.layer },
  };
}
