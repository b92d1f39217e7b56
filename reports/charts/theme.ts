/**
 * The look shared by every chart: one font (DejaVu Sans, which the PNG renderer is given as a file),
 * readable sizes at print scale, and the Okabe–Ito palette (distinguishable with the common colour-vision
 * deficiencies), with each arm keeping its colour across charts.
 */
import type { Config } from 'vega-lite';
import { columnOf, placedParams } from '../../sim/core/params/read.js';
import { RUN_PARAMS } from '../../sim/experiment/config.js';
import type { ResultFolder } from '../resultFolder.js';

/**
 * A Vega-Lite specification as plain JSON. The chart builders are checked by compiling every spec with
 * vega-lite in the tests (no warnings allowed) rather than through vega-lite's deep union types.
 */
export type ChartSpec = Readonly<Record<string, unknown>>;

export const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Okabe & Ito (2008), without yellow, which is too faint on white. */
export const OKABE_ITO = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#D55E00',
  '#56B4E9',
  '#000000',
  '#999999',
] as const;

/** How a line is drawn: its dash pattern ([] solid) and width. */
export interface Stroke {
  readonly dash: readonly number[];
  readonly width: number;
}

const SOLID: Stroke = { dash: [], width: 2.5 };

/**
 * The published arms get fixed colours, so they read the same in every chart and every report; and, since
 * two pairs of them are close in hue for some readers (orange and vermilion, blue and sky blue), a line style
 * of their own too, so no arm is told from another by colour alone. Lines that run on top of each other are
 * drawn wide under narrow: the two openers, which both end on the exact 13/4 (the consistent one wide and
 * solid, the optimal one narrow and dotted on top, in wine — Tol's palette, as Okabe–Ito has no eighth colour
 * that reads on white — so that neither looks like a dark-grey dashed reference line), and separated samples
 * under pure exploitation, which end within a tenth of an attempt of each other. No arm's dash is the
 * reference lines' (conventions.ts).
 */
const KNOWN_ARMS: Readonly<Record<string, { colour: string; label: string; stroke?: Stroke }>> = {
  random: { colour: '#000000', label: 'random control (no library)' },
  exploit: { colour: '#0072B2', label: 'pure exploitation' },
  explore: { colour: '#E69F00', label: '20 % exploration, shared samples', stroke: { dash: [10, 4], width: 2.5 } },
  separate: { colour: '#009E73', label: '20 % exploration, separated samples', stroke: { dash: [], width: 6 } },
  threshold90: { colour: '#CC79A7', label: 'threshold 0.90', stroke: { dash: [10, 3, 2, 3], width: 2.5 } },
  threshold75: { colour: '#D55E00', label: 'threshold 0.75' },
  // hexa reproduce's bounds: agents that use in-task feedback, without a library (sim/reproduction/gap.ts).
  consistent: { colour: '#56B4E9', label: 'consistent opener (in-task feedback)', stroke: { dash: [], width: 6 } },
  optimal: { colour: '#882255', label: 'optimal opener (in-task feedback)', stroke: { dash: [2, 3], width: 2.5 } },
};

export const REFERENCE_COLOUR = '#555555';
export const PUBLISHED_COLOUR = '#D55E00';
export const NEUTRAL_COLOUR = '#8c8c8c';

/** Display labels and colours for groups, in group order; the encoding scale for `label`. */
export interface Palette {
  readonly labels: readonly string[];
  readonly colours: readonly string[];
  /** Line styles, parallel to `labels`. */
  readonly strokes: readonly Stroke[];
  labelOf(id: string): string;
}

/** `labels` names groups that are not published arms (e.g. a lone run by its settings). */
export function paletteFor(ids: readonly string[], labels: Readonly<Record<string, string>> = {}): Palette {
  const taken = new Set(ids.map((id) => KNOWN_ARMS[id]?.colour).filter((c) => c !== undefined));
  const spare = OKABE_ITO.filter((c) => !taken.has(c));
  let next = 0;
  const entries = ids.map((id) => KNOWN_ARMS[id] ?? { colour: spare[next++ % spare.length]!, label: labels[id] ?? id });
  const byId = new Map(ids.map((id, i) => [id, entries[i]!.label]));
  return {
    labels: entries.map((e) => e.label),
    colours: entries.map((e) => e.colour),
    strokes: entries.map((e) => e.stroke ?? SOLID),
    labelOf: (id) => byId.get(id) ?? id,
  };
}

export const CONFIG: Config = {
  font: FONT,
  background: 'white',
  padding: 12,
  view: { stroke: null },
  axis: {
    labelFontSize: 12,
    titleFontSize: 13,
    titleFontWeight: 'normal',
    titlePadding: 10,
    gridColor: '#e8e8e8',
    domainColor: '#666666',
    tickColor: '#666666',
    labelColor: '#222222',
    titleColor: '#111111',
  },
  legend: {
    labelFontSize: 12,
    titleFontSize: 12,
    titleFontWeight: 'normal',
    labelLimit: 520,
    titleLimit: 400,
    symbolStrokeWidth: 2.5,
  },
  header: { labelFontSize: 12, titleFontSize: 13, titleFontWeight: 'normal', labelLimit: 320 },
  title: {
    fontSize: 16,
    fontWeight: 'bold',
    anchor: 'start',
    subtitleFontSize: 12,
    subtitleColor: '#444444',
    subtitlePadding: 6,
    offset: 14,
  },
  line: { strokeWidth: 2.5 },
  point: { size: 45, filled: true },
};

/**
 * Axis titles in words, with units, by CSV column (or, for a world's parameter, by its name): the declarations' labels.
 */
const PARAMETER_TITLES: ReadonlyMap<string, string> = new Map(
  placedParams(RUN_PARAMS).flatMap(({ param }) =>
    param.label === undefined ? [] : [[columnOf(param) ?? param.flag, param.label] as const],
  ),
);

export function parameterTitle(name: string): string {
  return PARAMETER_TITLES.get(name) ?? name;
}

/** A parameter value for charts: a number when the text is one (so scales sort numerically), else the text. */
export function parameterValue(text: string | undefined): number | string {
  if (text === undefined) return '';
  const x = Number(text);
  return text.trim() !== '' && Number.isFinite(x) ? x : text;
}

/**
 * Arm colours and labels shared by every chart of a report: a lone run is named by its settings, a sweep's
 * cells by the parameters that vary across them.
 */
export function reportPalette(
  data: Pick<ResultFolder, 'kind' | 'groups'> & Partial<Pick<ResultFolder, 'swept'>>,
): Palette {
  const run = data.kind === 'run' ? data.groups[0] : undefined;
  if (run !== undefined) return paletteFor([run.id], { [run.id]: describeRun(run.params) });
  const swept = data.kind === 'sweep' ? (data.swept ?? []) : [];
  const labels =
    swept.length === 0 ? {} : Object.fromEntries(data.groups.map((g) => [g.id, describeParameters(g.params, swept)]));
  return paletteFor(
    data.groups.map((g) => g.id),
    labels,
  );
}

/** A lone run named by the agent settings that matter most. */
export function describeRun(params: Readonly<Record<string, string>>): string {
  if (params.library === 'false') return 'no library (random control)';
  const explore =
    params.explore !== undefined && Number(params.explore) > 0
      ? `explore ${params.explore} (${params.routing ?? 'shared'})`
      : 'no exploration';
  return [
    params.threshold !== undefined ? `threshold ${params.threshold}` : '',
    explore,
    params.topK !== undefined ? `top-k ${params.topK}` : '',
  ]
    .filter((p) => p !== '')
    .join(', ');
}

/** A cell named by its values alone ("0.8, 0"), where a title names the parameters (`names.join(', ')`). */
export function describeValues(params: Readonly<Record<string, string>>, names: readonly string[]): string {
  return names.map((n) => params[n] ?? '').join(', ');
}

/** "name value" pairs, for facet labels and tooltips. */
export function describeParameters(params: Readonly<Record<string, string>>, names: readonly string[]): string {
  return names.map((n) => `${n} ${params[n] ?? ''}`).join(', ');
}

/** A chart of a report: its kind, file stem, heading and Vega-Lite spec. */
export type ChartKind =
  | 'learning'
  | 'heatmap'
  | 'decision'
  | 'distribution'
  | 'profile'
  | 'aggregate'
  | 'cells'
  | 'improvement'
  | 'timeline'
  | 'posterior'
  | 'ranks';

export interface Chart {
  readonly kind: ChartKind;
  /** File stem: <name>.vl.json, <name>.svg, <name>.png. */
  readonly name: string;
  readonly heading: string;
  readonly spec: ChartSpec;
}
