/**
 * Skills learned and refutation rate, with the article's decision lines: a refutation rate below 2 % means
 * exploration is a net loss, above 10 % that it is needed. Three layouts:
 *  - 'rounds' (one run): both against the round;
 *  - 'arms' (reproduce): one row per arm, over the whole run;
 *  - 'grid' (sweep): against the evidence threshold (else exploration, else the first swept parameter),
 *    one line per exploration rate, one panel per combination of the other swept parameters.
 * In the grid the swept values are categories (one band each, labelled with the value), and the exploration
 * rates sit side by side within a value's band: a point is never moved along a numeric axis, where a shift
 * would read as another value. A panel with nothing to draw says why.
 */
import { compareValues } from '../../sim/core/params/order.js';
import type { GroupSummary } from '../summary.js';
import { TITLE_ABOVE, TWO_LINE_LABELS } from './aggregate.js';
import { ColourName, REFERENCE_STROKE, sequentialScale, wrapWords } from './conventions.js';
import {
  CONFIG,
  type ChartSpec,
  describeParameters,
  OKABE_ITO,
  parameterTitle,
  parameterValue,
  SCHEMA,
  type Palette,
} from './theme.js';

export type DecisionLayout = 'rounds' | 'arms' | 'grid';

export const DECISION_LINES = [
  { rate: 0.02, label: '2 %: exploration is a net loss below' },
  { rate: 0.1, label: '10 %: exploration is needed above' },
] as const;

const RATE_TITLE = 'Refutation rate (share of skill tests refuted)';
const SKILLS_TITLE = 'Skills in the library';

interface Point {
  readonly key: string | number;
  readonly series: string | number;
  readonly panel: string;
  readonly rate: number | null;
  readonly rateLo: number | null;
  readonly rateHi: number | null;
  readonly skills: number;
  readonly skillsLo: number | null;
  readonly skillsHi: number | null;
  readonly replicates: number;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** What the rate panel says where it has nothing to draw. */
const NO_TESTS = ['No skill was tested in these runs,', 'so there is no refutation rate.'];

function rateMax(points: readonly Point[]): number {
  return Math.max(0.12, ...points.map((p) => p.rateHi ?? p.rate ?? 0)) * 1.05;
}

export function decisionSpec(
  groups: readonly GroupSummary[],
  layout: DecisionLayout,
  palette: Palette,
  swept: readonly string[] = [],
): ChartSpec {
  const xParam = swept.includes('threshold')
    ? 'threshold'
    : swept.includes('explore')
      ? 'explore'
      : (swept[0] ?? 'threshold');
  const seriesParam = xParam !== 'explore' && swept.includes('explore') ? 'explore' : null;
  const facets = swept.filter((p) => p !== xParam && p !== seriesParam);
  const drawn: Point[] =
    layout === 'rounds'
      ? groups[0]!.rounds.map((r) => ({
          key: r.round,
          series: '',
          panel: '',
          rate: finite(r.refutationRate.estimate),
          rateLo: r.refutationRate.ci95?.[0] ?? null,
          rateHi: r.refutationRate.ci95?.[1] ?? null,
          skills: r.skills.estimate,
          skillsLo: r.skills.ci95?.[0] ?? null,
          skillsHi: r.skills.ci95?.[1] ?? null,
          replicates: groups[0]!.group.replicates.length,
        }))
      : groups.map((g) => {
          const last = g.rounds.at(-1)!;
          const key = layout === 'arms' ? palette.labelOf(g.group.id) : parameterValue(g.group.params[xParam]);
          return {
            key,
            series: seriesParam ? parameterValue(g.group.params[seriesParam]) : '',
            panel: describeParameters(g.group.params, facets),
            rate: finite(g.refutationRate.estimate),
            rateLo: g.refutationRate.ci95?.[0] ?? null,
            rateHi: g.refutationRate.ci95?.[1] ?? null,
            skills: last.skills.estimate,
            skillsLo: last.skills.ci95?.[0] ?? null,
            skillsHi: last.skills.ci95?.[1] ?? null,
            replicates: g.group.replicates.length,
          };
        });
  const points = drawn;
  const seriesValues = [...new Set(points.map((p) => p.series))].sort(compareValues);

  const keyTitle = layout === 'rounds' ? 'Round' : layout === 'arms' ? 'Arm' : parameterTitle(xParam);
  const keyField =
    layout === 'arms'
      ? {
          field: 'key',
          type: 'nominal',
          title: keyTitle,
          scale: { domain: points.map((p) => p.key) },
          // The title above the arms' names, level, where it cannot run into them; long names on two lines.
          axis: { ...TWO_LINE_LABELS, ...TITLE_ABOVE, labelLimit: 300 },
        }
      : layout === 'rounds'
        ? {
            field: 'key',
            type: 'ordinal',
            title: keyTitle,
            scale: { domain: points.map((p) => p.key) },
            axis: { labelAngle: 0 },
          }
        : // the swept values as categories in value order, labelled exactly; series side by side within each
          {
            field: 'key',
            type: 'ordinal',
            title: keyTitle,
            scale: { domain: [...new Set(points.map((p) => p.key))].sort(compareValues), paddingInner: 0.25 },
            axis: { labelAngle: 0, labelOverlap: 'greedy' },
          };
  // Within a swept value's band, one slot per exploration rate, in value order.
  const offset =
    layout === 'grid' && seriesParam !== null
      ? { xOffset: { field: 'series', type: 'ordinal', scale: { domain: seriesValues, paddingInner: 0.1 } } }
      : {};
  const colour =
    layout === 'arms'
      ? {
          field: 'key',
          type: 'nominal',
          legend: null,
          scale: { domain: [...palette.labels], range: [...palette.colours] },
        }
      : seriesParam
        ? {
            // An ordered parameter: light to dark in value order.
            field: 'series',
            type: 'ordinal',
            title: parameterTitle(seriesParam),
            scale: { ...sequentialScale(seriesValues.length), domain: seriesValues },
            legend: { orient: 'bottom', direction: 'horizontal', symbolType: 'circle', symbolSize: 90 },
          }
        : { value: OKABE_ITO[0] };
  const tooltip = [
    { field: 'key', title: keyTitle },
    ...(seriesParam ? [{ field: 'series', title: seriesParam }] : []),
    ...(facets.length > 0 ? [{ field: 'panel', title: 'Other settings' }] : []),
    { field: 'rate', title: 'Refutation rate', format: '.2%' },
    { field: 'rateLo', title: '95 % low', format: '.2%' },
    { field: 'rateHi', title: '95 % high', format: '.2%' },
    { field: 'skills', title: 'Skills', format: '.2f' },
    { field: 'replicates', title: 'Replicates' },
  ];
  // In 'arms' the measure runs along x (one row per arm); otherwise along y.
  const along = layout === 'arms' ? { m: 'x', m2: 'x2', k: 'y' } : { m: 'y', m2: 'y2', k: 'x' };
  const faceted = layout === 'grid' && facets.length > 0;
  const panel = (field: 'rate' | 'skills', title: string, format: string, domain: number[] | null): object => {
    // Each panel names its rows: on a narrow screen the panels stack, and a row's name must not be a panel away.
    const key = keyField;
    const measure = {
      field,
      type: 'quantitative',
      // Up the side of a panel the title is wrapped to the panel's height; along the bottom it has room.
      title: layout === 'arms' ? title : wrapWords(title, 30),
      axis: { format, tickCount: 6 },
      scale: domain ? { domain } : { zero: true },
    };
    const layers: object[] = [
      {
        // Capped bars, drawn before the points and wider than the connecting lines, so they stay visible.
        mark: { type: 'errorbar', ticks: { size: 8 }, thickness: 2 },
        encoding: {
          [along.k]: key,
          ...offset,
          [along.m]: { ...measure, field: `${field}Lo` },
          [along.m2]: { field: `${field}Hi` },
          color: colour,
        },
      },
      // Lines join a series' values where they share one slot per value; side by side in a band they would
      // zigzag between slots, so the series then reads by its colour alone.
      ...(layout === 'arms' || 'xOffset' in offset
        ? []
        : [{ mark: { type: 'line', strokeWidth: 1.5 }, encoding: { x: key, y: measure, color: colour } }]),
      {
        mark: { type: 'point', size: 50, filled: true, opacity: 1 },
        encoding: { [along.k]: key, ...offset, [along.m]: measure, color: colour, tooltip },
      },
    ];
    if (field === 'rate') {
      layers.unshift(...decisionLayers(layout === 'arms'));
      layers.push(...(layout === 'arms' ? untestedRows(key) : [emptyPanelNote(), untestedValues(key)]));
    }
    const size =
      layout === 'arms'
        ? { width: field === 'rate' ? 320 : 240, height: Math.max(180, 34 * points.length) }
        : { width: 330, height: 240 };
    const values = points; // null rates are not drawn (vega-lite filters invalid values), but keep their row
    if (!faceted) return { data: { values }, ...size, layer: layers };
    return {
      data: { values },
      facet: { field: 'panel', type: 'ordinal', title: null },
      columns: 3,
      spec: { ...size, layer: layers },
    };
  };
  const rates = points.filter((p) => p.rate !== null);
  const colourCaption = `${ColourName(REFERENCE_STROKE.color)} dashed lines`;
  return {
    $schema: SCHEMA,
    title: {
      text: 'Refutation rate and skills learned',
      subtitle: [
        layout === 'rounds'
          ? "Per round: Σ refutations / Σ tests, and skills at the round's end."
          : 'Whole run: Σ refutations / Σ tests; skills after the last round.',
        `Bars: 95 % bootstrap intervals over replicates. ${colourCaption}: the article's decision lines`,
        '(below 2 % exploration is a net loss; above 10 % it is needed).',
      ],
    },
    config: CONFIG,
    [faceted ? 'vconcat' : 'hconcat']: [
      panel('rate', RATE_TITLE, '.0%', [0, rateMax(rates)]),
      panel(
        'skills',
        layout === 'rounds' ? `${SKILLS_TITLE} at the round's end` : `${SKILLS_TITLE} after the last round`,
        '.1~f',
        null,
      ),
    ],
    spacing: 40,
    resolve: { scale: { color: 'shared' } },
  };
}

/** In the rate panel, at the top, when none of its points has a rate (aggregated per panel, so facets too). */
function emptyPanelNote(): object {
  return {
    transform: [{ aggregate: [{ op: 'valid', field: 'rate', as: 'rated' }] }, { filter: 'datum.rated === 0' }],
    mark: { type: 'text', align: 'left', baseline: 'top', x: 8, y: 8, fontSize: 11, color: '#444444', text: NO_TESTS },
  };
}

/**
 * A round or swept value where no skill was tested in any series, in a panel that has rates elsewhere: the
 * words down its band from the top, so they fit a narrow band.
 */
function untestedValues(key: object): object {
  const mark = { type: 'text', angle: 270, align: 'right', baseline: 'middle', fontSize: 11, color: '#444444' };
  const encoding = { x: key, y: { value: 6 }, text: { value: 'no skill tests' } };
  return {
    transform: [
      { joinaggregate: [{ op: 'valid', field: 'rate', as: 'panelRated' }], groupby: ['panel'] },
      {
        aggregate: [
          { op: 'valid', field: 'rate', as: 'rated' },
          { op: 'max', field: 'panelRated', as: 'panelRated' },
        ],
        groupby: ['key', 'panel'],
      },
      { filter: 'datum.rated === 0 && datum.panelRated > 0' },
    ],
    layer: haloed(mark, encoding),
  };
}

/** An arm that tested no skill (no library, an opener) says so in its row instead of leaving it blank. */
function untestedRows(key: object): object[] {
  const mark = { type: 'text', align: 'left', baseline: 'middle', dx: 6, fontSize: 11, color: '#444444' };
  const encoding = { y: key, x: { value: 0 }, text: { value: 'no skill tests' } };
  return [{ transform: [{ filter: '!isValid(datum.rate)' }], layer: haloed(mark, encoding) }];
}

/** A note over a white outline of itself, so a decision line running through it does not hide it. */
function haloed(mark: object, encoding: object): object[] {
  return [
    { mark: { ...mark, stroke: 'white', strokeWidth: 3 }, encoding },
    { mark, encoding },
  ];
}

/**
 * The 2 % and 10 % lines. Each layer aggregates its data to one row, so it draws one mark per panel
 * (datum encodings alone would draw one per data row), and works inside facets.
 */
function decisionLayers(vertical: boolean): object[] {
  const position = vertical ? 'x' : 'y';
  const once = [{ aggregate: [{ op: 'count', as: 'rows' }] }];
  return DECISION_LINES.flatMap((d) => [
    {
      transform: once,
      mark: { type: 'rule', ...REFERENCE_STROKE },
      encoding: { [position]: { datum: d.rate, type: 'quantitative' } },
    },
    {
      transform: once,
      // Short labels ("2 %", "10 %"); the subtitle says what they mean. On the left, where refutation rates
      // are usually high (low thresholds), they seldom sit on a curve.
      mark: vertical
        ? {
            type: 'text',
            align: 'center',
            baseline: 'bottom',
            dy: -4,
            fontSize: 11,
            color: REFERENCE_STROKE.color,
            text: `${d.rate * 100} %`,
          }
        : {
            type: 'text',
            align: 'left',
            baseline: 'bottom',
            dx: 3,
            dy: -2,
            fontSize: 11,
            color: REFERENCE_STROKE.color,
            text: `${d.rate * 100} %`,
          },
      encoding: {
        [position]: { datum: d.rate, type: 'quantitative' },
        ...(vertical ? { y: { value: 0 } } : { x: { value: 0 } }),
      },
    },
  ]);
}
