/**
 * Skill timelines, from a folder's skill database: for one replicate of each cell (the median one by
 * default, replicateView.ts), each skill is a bar along the rounds it was in the library at the round's end,
 * shaded by its confidence then (light to dark as confidence rises, the ordered-parameter palette); circles
 * mark the rounds it was refuted in (area by refutations), a vermilion mark the round it left the library.
 */
import type { ReplicateView } from '../skillDb/replicateView.js';
import { colourName, sequentialScale, wrapWords } from './conventions.js';
import { CONFIG, type ChartSpec, SCHEMA } from './theme.js';

/** More panels than this would not be readable: the first ones are drawn, and the caption says so. */
export const MAX_TIMELINES = 6;

export interface Timeline {
  /** The panel's title: the arm, the sweep cell's settings, or the run. */
  readonly label: string;
  readonly view: ReplicateView;
}

/** Why a skill left, as the legend says it. */
const LEFT: Readonly<Record<string, string>> = {
  replaced: 'not re-emitted (replaced)',
  retired: 'retired by its lifecycle',
  dropped: 'dropped by its lifecycle',
  removed: 'removed by a lifecycle module',
};

const EXIT_COLOUR = '#D55E00';

const SHAPES = ['cross', 'diamond', 'triangle-down', 'square'] as const;

export function timelineSpec(timelines: readonly Timeline[], shownOf = timelines.length): ChartSpec {
  const name = (id: number, claim: string): string => `${id}. ${claim}`;
  const rows = timelines.flatMap((t) =>
    t.view.skills.flatMap((s) => {
      const skill = name(s.skillId, s.claim);
      const shown = s.rounds.filter((r) => r.round >= 0);
      return [
        ...shown
          .filter((r) => r.inLibrary)
          .map((r) => ({
            kind: 'bar',
            panel: t.label,
            skill,
            round: r.round,
            from: r.round - 0.5,
            to: r.round + 0.5,
            confidence: r.confidence,
            tests: r.tests,
            refuted: r.refuted,
            retrieved: r.retrieved,
          })),
        ...shown
          .filter((r) => r.refuted > 0)
          .map((r) => ({
            kind: 'refutation',
            panel: t.label,
            skill,
            round: r.round,
            refutedAt: r.round,
            refutations: r.refuted,
          })),
        ...(s.status !== 'active' && s.endedRound !== null && s.endedRound >= 0
          ? [
              {
                kind: 'exit',
                panel: t.label,
                skill,
                round: s.endedRound,
                leftAt: s.endedRound,
                left: LEFT[s.status] ?? s.status,
              },
            ]
          : []),
      ];
    }),
  );
  const rounds = Math.max(1, ...timelines.map((t) => t.view.cell.rounds));
  const first = Math.min(1, ...rows.map((r) => r.round));
  const median = timelines.every((t) => t.view.median);
  const which = timelines.map((t) =>
    timelines.length === 1 ? `replicate ${t.view.replicate}` : `${t.label}: ${t.view.replicate}`,
  );
  const subtitle = [
    ...wrapWords(
      `${median ? 'The median replicate (by attempts)' : 'One replicate'}` +
        `${timelines.length === 1 ? '' : ' of each'}: ${which.join('; ')}.`,
      110,
    ),
    'Bars: in the library at the round’s end, shaded by confidence; circles: refutations in the round (area by',
    `count); ${colourName(EXIT_COLOUR)} marks: the round it left the library (the shape says why).`,
    ...(shownOf > timelines.length ? [`The first ${timelines.length} of ${shownOf} cells with skills.`] : []),
  ];
  // One data source for every layer (a faceted chart with independent scales needs it): each layer's x field
  // is set only on its own rows, and rows without it are not drawn.
  const y = { field: 'skill', type: 'nominal', title: null, sort: null, axis: { labelLimit: 420 } } as const;
  const x = {
    type: 'quantitative',
    title: 'Round (the library at its end)',
    scale: { domain: [first - 0.5, rounds + 0.5], nice: false, zero: false },
    axis: { values: Array.from({ length: rounds - first + 1 }, (_, i) => first + i), format: 'd', grid: false },
  } as const;
  const tooltip = (...more: { field: string; type: string; title: string; format?: string }[]): unknown[] => [
    { field: 'skill', type: 'nominal', title: 'Skill' },
    { field: 'round', type: 'quantitative', title: 'Round' },
    ...more,
  ];
  const layers: unknown[] = [
    {
      mark: { type: 'rect', height: { band: 0.7 }, stroke: 'white', strokeWidth: 1 },
      encoding: {
        y,
        x: { field: 'from', ...x },
        x2: { field: 'to' },
        color: {
          field: 'confidence',
          type: 'quantitative',
          title: 'Confidence',
          scale: { ...sequentialScale(5), domain: [0.5, 1], clamp: true },
          legend: { orient: 'right', format: '.2f', gradientLength: 120 },
        },
        tooltip: tooltip(
          { field: 'confidence', type: 'quantitative', title: 'Confidence', format: '.3f' },
          { field: 'tests', type: 'quantitative', title: 'Tests' },
          { field: 'refuted', type: 'quantitative', title: 'Refutations' },
          { field: 'retrieved', type: 'quantitative', title: 'Tasks handed to' },
        ),
      },
    },
  ];
  if (rows.some((r) => r.kind === 'refutation'))
    layers.push({
      mark: { type: 'circle', fillOpacity: 1, strokeWidth: 1.5 },
      encoding: {
        fill: { value: '#c9c9c9' },
        stroke: { value: '#000000' },
        y,
        x: { field: 'refutedAt', ...x },
        size: {
          field: 'refutations',
          type: 'quantitative',
          title: 'Refutations in the round',
          scale: { range: [30, 400], zero: true },
          legend: {
            orient: 'right',
            symbolType: 'circle',
            symbolFillColor: '#c9c9c9',
            symbolStrokeColor: '#000000',
            symbolStrokeWidth: 1.5,
          },
        },
        tooltip: tooltip({ field: 'refutations', type: 'quantitative', title: 'Refutations' }),
      },
    });
  const reasons = Object.values(LEFT).filter((r) => rows.some((row) => 'left' in row && row.left === r));
  if (reasons.length > 0)
    layers.push({
      mark: { type: 'point', filled: true, size: 150, color: EXIT_COLOUR },
      encoding: {
        y,
        x: { field: 'leftAt', ...x },
        shape: {
          field: 'left',
          type: 'nominal',
          title: 'Left the library',
          scale: { domain: reasons, range: reasons.map((r) => SHAPES[Object.values(LEFT).indexOf(r)]!) },
          legend: { orient: 'right' },
        },
        tooltip: tooltip({ field: 'left', type: 'nominal', title: 'Why' }),
      },
    });
  const title = { text: 'Skill timelines: each skill’s life, round by round', subtitle };
  const step = { step: 26 };
  const panel = (label: string): Record<string, unknown> => ({
    data: { values: rows.filter((r) => r.panel === label) },
    width: 560,
    height: step,
    layer: layers,
  });
  if (timelines.length === 1) return { $schema: SCHEMA, title, ...panel(timelines[0]!.label), config: CONFIG };
  return {
    $schema: SCHEMA,
    title,
    vconcat: timelines.map((t) => ({
      title: { text: t.label, fontSize: 13, fontWeight: 'bold', subtitle: '' },
      ...panel(t.label),
    })),
    spacing: 18,
    config: CONFIG,
  };
}
