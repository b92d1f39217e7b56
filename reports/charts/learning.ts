/**
 * Learning curves (the article's Figure 1, done properly): mean attempts per task in each round, one line
 * per arm, 95 % bootstrap bands over replicates, and dashed lines at the exact expected attempts of uniform
 * guessing with nothing, one position or two positions known.
 */
import type { ReferenceLine } from '../references.js';
import type { GroupSummary } from '../summary.js';
import { horizontalReferences, referenceCaption } from './referenceMarks.js';
import { CONFIG, type ChartSpec, SCHEMA, type Palette } from './theme.js';

/** More lines than this would not be readable; sweeps with more cells get heat maps instead. */
export const MAX_LEARNING_LINES = 8;

export function learningCurveSpec(
  groups: readonly GroupSummary[],
  palette: Palette,
  references: readonly ReferenceLine[],
): ChartSpec {
  const widthOf = new Map(palette.labels.map((l, i) => [l, palette.strokes[i]!.width]));
  const rounds = groups.flatMap((g) =>
    g.rounds.map((r) => ({
      arm: palette.labelOf(g.group.id),
      // The two openers overlap, so one is drawn wide under the other.
      width: widthOf.get(palette.labelOf(g.group.id))!,
      round: r.round,
      mean: r.attempts.mean.estimate,
      lo: r.attempts.mean.ci95?.[0] ?? r.attempts.mean.estimate,
      hi: r.attempts.mean.ci95?.[1] ?? r.attempts.mean.estimate,
      iqm: r.attempts.iqm.estimate,
      replicates: g.group.replicates.length,
    })),
  );
  const lastRound = Math.max(...rounds.map((r) => r.round));
  const replicates = [...new Set(groups.map((g) => g.group.replicates.length))].join(' / ');
  const colour = {
    field: 'arm',
    type: 'nominal',
    title: 'Arm',
    scale: { domain: [...palette.labels], range: [...palette.colours] },
    legend: {
      orient: 'bottom',
      direction: 'horizontal',
      columns: 2,
      symbolType: 'stroke',
      symbolOpacity: 1,
      symbolStrokeWidth: 3,
    },
  } as const;
  // Same field, domain and title as the colour, so the legend merges them and shows each arm's dash.
  const dash = {
    field: 'arm',
    type: 'nominal',
    title: 'Arm',
    scale: {
      domain: [...palette.labels],
      range: palette.strokes.map((s) => (s.dash.length === 0 ? [1, 0] : [...s.dash])),
    },
    legend: colour.legend,
  } as const;

  const tasks = [...new Set(groups.map((g) => g.group.params.tasks))];
  const roundTitle = tasks.length === 1 && tasks[0] !== undefined ? `Round (${tasks[0]} tasks each)` : 'Round';
  const x = {
    field: 'round',
    type: 'quantitative',
    title: roundTitle,
    axis: { tickMinStep: 1, format: 'd' },
    scale: { domain: [1, lastRound], nice: false },
  } as const;
  const subtitle = [
    `Lines: mean over ${replicates} replicates; bands: 95 % bootstrap intervals.`,
    ...(references.length > 0
      ? [referenceCaption('exact expected attempts of uniform guessing (no exploration)')]
      : []),
  ];
  return {
    $schema: SCHEMA,
    title: { text: 'Attempts per task, round by round', subtitle },
    width: 620,
    height: 380,
    config: CONFIG,
    layer: [
      {
        data: { values: rounds },
        layer: [
          {
            mark: { type: 'area', opacity: 0.16 },
            encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: colour },
          },
          // One line layer per width, widest first, so a narrow line stays visible on top of a wide one.
          ...[...new Set(rounds.map((r) => r.width))]
            .sort((a, b) => b - a)
            .map((w) => ({
              transform: [{ filter: { field: 'width', equal: w } }],
              mark: { type: 'line', strokeWidth: w },
              encoding: {
                x,
                y: { field: 'mean', type: 'quantitative', title: 'Mean attempts per task', scale: { zero: true } },
                color: colour,
                strokeDash: dash,
              },
            })),
          {
            mark: { type: 'point', filled: true, opacity: 1 },
            encoding: {
              x,
              y: { field: 'mean', type: 'quantitative' },
              color: colour,
              tooltip: [
                { field: 'arm', title: 'Arm' },
                { field: 'round', title: 'Round' },
                { field: 'mean', title: 'Mean attempts', format: '.3f' },
                { field: 'lo', title: '95 % low', format: '.3f' },
                { field: 'hi', title: '95 % high', format: '.3f' },
                { field: 'iqm', title: 'Interquartile mean', format: '.3f' },
                { field: 'replicates', title: 'Replicates' },
              ],
            },
          },
        ],
      },
      ...(references.length === 0 ? [] : [horizontalReferences(references, lastRound, 'round')]),
    ],
  };
}
