/**
 * Reproduction: the posterior of each hidden choice — a bar for each value's posterior share under a uniform
 * prior, with its interval over Monte Carlo error, bandwidths and the bounds of the readings it cannot estimate
 * (decision.ts) — and the line a choice's leading value must clear, at every end of its interval, to count as
 * identified. A choice whose leading bar clears it but that readings not estimable hold open is marked so.
 */
import { ColourName, colourName, REFERENCE_STROKE } from '../conventions.js';
import { TITLE_ABOVE } from '../aggregate.js';
import { CONFIG, OKABE_ITO, SCHEMA, type ChartSpec } from '../theme.js';

import type { PosteriorBar } from '../../resultFolder.js';

const IDENTIFIED_COLOUR = OKABE_ITO[0];
const OPEN_COLOUR = '#999999';
const HELD_COLOUR = OKABE_ITO[1];

export function posteriorSpec(bars: readonly PosteriorBar[], line: number): ChartSpec {
  const rows = bars.map((b) => ({ ...b, label: `${b.choice} ${b.value}` }));
  return {
    $schema: SCHEMA,
    title: {
      text: 'What the figures say about each hidden choice',
      subtitle: [
        'Bars: each value’s posterior share (uniform prior over the readings); whiskers: its interval over ' +
          'Monte Carlo error, bandwidths',
        `and the bounds of the readings too rarely reproduced to estimate. ${ColourName(IDENTIFIED_COLOUR)}: ` +
          `identified; ${colourName(HELD_COLOUR)}: the estimable readings would identify it, but readings not ` +
          'estimable',
        `hold it open; ${colourName(OPEN_COLOUR)}: open. Dashed: the line ${line} an identified value's interval ` +
          'clears at every bandwidth.',
      ],
    },
    config: CONFIG,
    data: { values: rows },
    width: 360,
    height: 18 * bars.length,
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: {
          y: { field: 'label', type: 'nominal', sort: null, title: 'Choice, value', axis: { ...TITLE_ABOVE } },
          x: {
            field: 'posterior',
            type: 'quantitative',
            title: 'Posterior share',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
          },
          color: {
            field: 'state',
            type: 'nominal',
            scale: {
              domain: ['identified', 'held open', 'open'],
              range: [IDENTIFIED_COLOUR, HELD_COLOUR, OPEN_COLOUR],
            },
            legend: { title: null, orient: 'bottom', direction: 'horizontal' },
          },
          tooltip: [
            { field: 'label', title: 'Value' },
            { field: 'posterior', title: 'Posterior', format: '.3f' },
            { field: 'low', title: 'Low', format: '.3f' },
            { field: 'high', title: 'High', format: '.3f' },
            { field: 'state', title: 'State' },
          ],
        },
      },
      {
        mark: { type: 'rule', color: '#000000', strokeWidth: 1.5 },
        encoding: {
          y: { field: 'label', type: 'nominal', sort: null },
          x: { field: 'low', type: 'quantitative' },
          x2: { field: 'high' },
        },
      },
      {
        data: { values: [{ line }] },
        mark: { type: 'rule', ...REFERENCE_STROKE },
        encoding: { x: { field: 'line', type: 'quantitative' } },
      },
    ],
  };
}
