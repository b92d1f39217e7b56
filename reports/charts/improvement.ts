/**
 * Probability of improvement (rliable's, for a score where fewer is better): for two groups a and b of one
 * world, the chance that a run of a ends its final round on fewer attempts per task than a run of b, ties
 * counting half, with its 95 % bootstrap interval. 0.5 is "neither is better"; unlike a difference of
 * means, it says how often one beats the other, whatever the size of the gap.
 */
import type { Estimate } from '../../sim/core/bootstrap.js';
import { ColourName, REFERENCE_STROKE } from './conventions.js';
import { TITLE_ABOVE } from './aggregate.js';
import { CONFIG, SCHEMA, type ChartSpec } from './theme.js';

export interface ImprovementRow {
  /** The row's label, as lines: what is compared with what. */
  readonly label: readonly string[];
  readonly estimate: Estimate;
  readonly runsA: number;
  readonly runsB: number;
  /** The colour of a (its arm's), so the row reads as that arm's claim. */
  readonly colour: string;
}

export function improvementSpec(
  rows: readonly ImprovementRow[],
  over: 'arms' | 'cells',
  /** The parameters a cell's values are given for ("threshold, explore"). */
  names = '',
): ChartSpec {
  const values = rows.map((r, i) => ({
    // A unique key per row; the axis shows its lines.
    row: `${i}`,
    lines: [...r.label],
    text: r.label.join(' '),
    p: r.estimate.estimate,
    lo: r.estimate.ci95?.[0] ?? r.estimate.estimate,
    hi: r.estimate.ci95?.[1] ?? r.estimate.estimate,
    runsA: r.runsA,
    runsB: r.runsB,
  }));
  const keys = values.map((v) => v.row);
  const lines = Math.max(...rows.map((r) => r.label.length), 1);
  const y = {
    field: 'row',
    type: 'nominal',
    title: 'Compared',
    sort: keys,
    // Each row's label lines, looked up by its key.
    axis: {
      labelExpr: `${JSON.stringify(values.map((v) => v.lines))}[toNumber(datum.value)]`,
      labelLimit: 320,
      labelLineHeight: 14,
      // vega sets a label's first line at the tick: centre each row's block of lines on it instead.
      labelOffset: {
        condition: values.map((v) => ({ test: `datum.value === '${v.row}'`, value: -7 * (v.lines.length - 1) })),
        value: 0,
      },
      ...TITLE_ABOVE,
    },
  };
  const colour = {
    field: 'row',
    type: 'nominal',
    legend: null,
    scale: { domain: keys, range: rows.map((r) => r.colour) },
  };
  const x = {
    field: 'p',
    type: 'quantitative',
    title: 'Probability of improvement',
    scale: { domain: [0, 1] },
    axis: {
      format: '.0%',
      values: [0, 0.25, 0.5, 0.75, 1],
      labelFlush: true,
      labelOverlap: 'greedy',
      labelSeparation: 6,
    },
  };
  const tooltip = [
    { field: 'text', title: 'Compared' },
    { field: 'p', title: 'P(first ends on fewer attempts)', format: '.3f' },
    { field: 'lo', title: '95 % low', format: '.3f' },
    { field: 'hi', title: '95 % high', format: '.3f' },
    { field: 'runsA', title: 'Runs (first)' },
    { field: 'runsB', title: 'Runs (second)' },
  ];
  return {
    $schema: SCHEMA,
    title: {
      text: 'Probability of improvement',
      subtitle: [
        `The chance that a run of the first ${over === 'arms' ? 'arm' : 'cell'} ends its final round on fewer ` +
          'attempts per task',
        `than a run of the second (ties count half). ${ColourName(REFERENCE_STROKE.color)} dashed line: 50 %, ` +
          'neither better.',
        `Bars: 95 % bootstrap intervals, each ${over === 'arms' ? "arm's" : "cell's"} runs resampled on their own ` +
          '(wider than paired',
        'intervals where the two share random numbers).',
        ...(over === 'cells' && names !== '' ? [`Cells are named by their ${names}.`] : []),
      ],
    },
    config: CONFIG,
    data: { values },
    width: 360,
    height: Math.max(80, (16 * lines + 18) * rows.length),
    layer: [
      { mark: { type: 'rule', ...REFERENCE_STROKE }, encoding: { x: { datum: 0.5, type: 'quantitative' } } },
      {
        mark: { type: 'errorbar', ticks: { size: 8 }, thickness: 2 },
        encoding: { y, x: { ...x, field: 'lo' }, x2: { field: 'hi' }, color: colour },
      },
      { mark: { type: 'point', filled: true, size: 60, opacity: 1 }, encoding: { y, x, color: colour, tooltip } },
    ],
  };
}
