/**
 * Calibration: the rank histogram of simulation-based calibration (Talts et al. 2018). Truths drawn from the
 * prior, one simulated publication each; for each hidden choice, where the truth falls in the publication's
 * posterior (the share of values before it, plus a uniform share of its own). A calibrated posterior makes these
 * uniform: ten bars of equal height, within the band binomial noise allows. Too many near 0 or 1 means the
 * posterior is too sure of itself; a hump in the middle, too unsure.
 */
import { colourName, REFERENCE_STROKE } from '../conventions.js';
import { CONFIG, OKABE_ITO, SCHEMA, type ChartSpec } from '../theme.js';

/** Bins of the histogram. */
export const RANK_BINS = 10;

const BAR_COLOUR = OKABE_ITO[0];
const BAND_COLOUR = '#c9c9c9';

export function ranksSpec(
  ranks: readonly { readonly choice: string; readonly values: readonly number[] }[],
): ChartSpec {
  const rows = ranks.flatMap(({ choice, values }) => {
    const counts = new Array<number>(RANK_BINS).fill(0);
    for (const u of values) counts[Math.min(RANK_BINS - 1, Math.floor(u * RANK_BINS))]!++;
    const n = values.length;
    const expected = n / RANK_BINS;
    // The band a flat histogram's bars fall in 95 % of the time, bar by bar (binomial, normal approximation).
    const spread = 1.96 * Math.sqrt(expected * (1 - 1 / RANK_BINS));
    return counts.map((count, k) => ({
      choice,
      from: k / RANK_BINS,
      to: (k + 1) / RANK_BINS,
      count,
      low: Math.max(0, expected - spread),
      high: expected + spread,
      expected,
    }));
  });
  const publications = Math.max(0, ...ranks.map((r) => r.values.length));
  return {
    $schema: SCHEMA,
    title: {
      text: 'Is the posterior calibrated? (rank histogram)',
      subtitle: [
        `For ${publications} publications of truths drawn from the prior, the place of each choice's truth in its ` +
          'posterior (0 to 1);',
        `${colourName(BAR_COLOUR)} bars: publications per tenth; ${colourName(BAND_COLOUR)} band: where a calibrated ` +
          'posterior’s bars fall 95 % of the time; dashed: the flat level.',
      ],
    },
    config: CONFIG,
    data: { values: rows },
    facet: { field: 'choice', type: 'nominal', title: null, sort: null },
    columns: 4,
    spec: {
      width: 170,
      height: 110,
      layer: [
        {
          mark: { type: 'rect', color: BAND_COLOUR, opacity: 0.6 },
          encoding: {
            // Short enough for a panel: the subtitle says in what the truth has its place.
            x: { field: 'from', type: 'quantitative', title: 'Place of the truth' },
            x2: { field: 'to' },
            y: { field: 'low', type: 'quantitative', title: 'Publications' },
            y2: { field: 'high' },
          },
        },
        {
          mark: { type: 'rect', color: BAR_COLOUR, stroke: 'white', strokeWidth: 0.5, opacity: 0.85 },
          encoding: {
            x: { field: 'from', type: 'quantitative' },
            x2: { field: 'to' },
            y: { field: 'count', type: 'quantitative' },
            tooltip: [
              { field: 'from', title: 'From' },
              { field: 'to', title: 'To' },
              { field: 'count', title: 'Publications' },
            ],
          },
        },
        {
          mark: { type: 'rule', ...REFERENCE_STROKE },
          encoding: { y: { field: 'expected', type: 'quantitative' } },
        },
      ],
    },
    // Each panel its own x axis: shared, a column's axis is drawn under its last panel, so seven panels in rows of
    // four left the fourth column's axis under an empty cell, and the panel above it without one.
    resolve: { scale: { y: 'shared' }, axis: { x: 'independent' } },
  };
}
