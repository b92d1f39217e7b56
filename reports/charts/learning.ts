/**
 * Learning curves (the article's Figure 1, done properly): mean attempts per task in each round, one line
 * per arm, 95 % bootstrap bands over replicates, dashed lines at the exact expected attempts of uniform
 * guessing with nothing, one position or two positions known, and — for a reproduction — the article's own
 * values as labelled diamonds at their arm and round, the comparison a reader looks for first.
 */
import type { PublishedPoint } from '../figures.js';
import type { ReferenceLine } from '../references.js';
import type { GroupSummary } from '../summary.js';
import { ColourName } from './conventions.js';
import { horizontalReferences, referenceCaption } from './referenceMarks.js';
import { CONFIG, type ChartSpec, SCHEMA, type Palette } from './theme.js';

/** More lines than this would not be readable; sweeps with more cells get heat maps instead. */
export const MAX_LEARNING_LINES = 8;

/** The outline of a published value's diamond, so it reads on a line of its own colour. */
const PUBLISHED_OUTLINE = '#000000';

export function learningCurveSpec(
  groups: readonly GroupSummary[],
  palette: Palette,
  references: readonly ReferenceLine[],
  published: readonly PublishedPoint[] = [],
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
      // Long enough to show a dash pattern (the symbol's area is its length squared).
      symbolSize: 900,
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
  // And the width, so a line drawn wide under another shows wide in the legend too.
  const strokeWidth = {
    field: 'arm',
    type: 'ordinal',
    title: 'Arm',
    scale: { type: 'ordinal', domain: [...palette.labels], range: palette.strokes.map((s) => s.width) },
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
    ...(published.length > 0
      ? [
          `Diamonds outlined in ${ColourName(PUBLISHED_OUTLINE).toLowerCase()}: the article's values, labelled; ` +
            'each is a single run,',
          "so it may lie outside a mean's band (see the single-run chart).",
        ]
      : []),
  ];
  const known = new Set(groups.map((g) => g.group.id));
  const shown = published.filter((p) => known.has(p.group));
  const points = shown.map((p) => ({
    arm: palette.labelOf(p.group),
    round: p.round,
    published: p.value,
    text: p.text,
    figure: p.figure,
    side: sideOf(p, lastRound),
  }));
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
                strokeWidth,
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
      ...(points.length === 0 ? [] : [publishedLayer(points, x, colour)]),
    ],
  };
}

/**
 * Where a published value's label goes: right of its point, clear of the point to its left, except in the
 * last round, where the right margin holds the reference lines' labels.
 */
function sideOf(p: PublishedPoint, lastRound: number): Side {
  return p.round === lastRound ? 'left' : 'right';
}

type Side = 'left' | 'right';

const LABEL_PLACES: Readonly<Record<Side, object>> = {
  left: { align: 'right', baseline: 'middle', dx: -9 },
  right: { align: 'left', baseline: 'middle', dx: 9 },
};

/** The article's values: a diamond in the arm's colour, outlined, with its printed value beside it on a halo. */
function publishedLayer(points: readonly object[], x: object, colour: object): object {
  const y = { field: 'published', type: 'quantitative' };
  const label = (side: Side): object[] => {
    const mark = { type: 'text', ...LABEL_PLACES[side], fontSize: 11, fontWeight: 'bold', color: '#222222' };
    const encoding = { x, y, text: { field: 'text' } };
    const only = [{ filter: { field: 'side', equal: side } }];
    return [
      { transform: only, mark: { ...mark, stroke: 'white', strokeWidth: 3, strokeOpacity: 0.9 }, encoding },
      { transform: only, mark, encoding },
    ];
  };
  return {
    data: { values: points },
    layer: [
      {
        mark: { type: 'point', shape: 'diamond', size: 110, filled: true, opacity: 1, stroke: PUBLISHED_OUTLINE },
        encoding: {
          x,
          y,
          color: colour,
          strokeWidth: { value: 1.2 },
          tooltip: [
            { field: 'arm', title: 'Arm' },
            { field: 'round', title: 'Round' },
            { field: 'text', title: 'Published (one run)' },
            { field: 'figure', title: 'Figure' },
          ],
        },
      },
      ...(['left', 'right'] as const).flatMap(label),
    ],
  };
}
