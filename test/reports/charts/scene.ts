/**
 * A chart as drawn: compiled with vega-lite, run headless by vega, and read back from the scenegraph —
 * the axes with their tick labels and titles, the legends with their symbols' colours, and every item's
 * colours — so tests check what a reader sees rather than how the spec spells it.
 */
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ChartSpec } from '../../../reports/charts/theme.js';

export interface DrawnAxis {
  readonly title: string;
  readonly labels: readonly string[];
}

export interface DrawnLegend {
  readonly title: string;
  readonly labels: readonly string[];
  /** Each symbol's fill (or stroke when unfilled), in legend order. */
  readonly colours: readonly string[];
}

export interface DrawnItem {
  readonly role: string;
  readonly marktype: string;
  readonly fill?: string;
  readonly stroke?: string;
  readonly strokeDash?: unknown;
  readonly text?: unknown;
  readonly datum?: Record<string, unknown>;
}

export interface Drawn {
  readonly axes: readonly DrawnAxis[];
  readonly legends: readonly DrawnLegend[];
  readonly items: readonly DrawnItem[];
  /** Title and subtitle lines. */
  readonly captions: readonly string[];
}

interface SceneMark {
  readonly marktype?: string;
  readonly role?: string;
  readonly items?: readonly SceneItem[];
}

interface SceneItem extends Omit<DrawnItem, 'role' | 'marktype'> {
  readonly items?: readonly SceneMark[];
}

const textOf = (t: unknown): string => (Array.isArray(t) ? t.join(' ') : String(t ?? ''));

/** Every mark under `mark` (itself included), depth first. */
function marks(mark: SceneMark): SceneMark[] {
  return [mark, ...(mark.items ?? []).flatMap((item) => (item.items ?? []).flatMap(marks))];
}

const texts = (group: SceneMark, role: string): string[] =>
  marks(group)
    .filter((m) => m.role === role)
    .flatMap((m) => (m.items ?? []).map((i) => textOf(i.text)));

export async function drawChart(spec: ChartSpec): Promise<Drawn> {
  const vega = await import('vega');
  const view = new vega.View(vega.parse(compile(spec as unknown as TopLevelSpec).spec), { renderer: 'none' });
  await view.runAsync();
  const root = (view.scenegraph() as unknown as { root: SceneMark }).root;
  const all = marks(root);
  const groupsOf = (role: string): SceneMark[] =>
    all.filter((m) => m.role === role).flatMap((m) => (m.items ?? []).map((item) => ({ items: [item] })));
  const axes = groupsOf('axis').map((g) => ({
    title: texts(g, 'axis-title').join(' '),
    labels: texts(g, 'axis-label'),
  }));
  const legends = groupsOf('legend').map((g) => ({
    title: texts(g, 'legend-title').join(' '),
    labels: texts(g, 'legend-label'),
    colours: marks(g)
      .filter((m) => m.role === 'legend-symbol')
      .flatMap((m) => (m.items ?? []).map((i) => (i.fill && i.fill !== 'transparent' ? i.fill : i.stroke) ?? '')),
  }));
  const items = all.flatMap((m) =>
    (m.items ?? []).map((i) => ({ ...i, role: m.role ?? '', marktype: m.marktype ?? '' }) as DrawnItem),
  );
  const captions = items
    .filter((i) => i.role === 'title-text' || i.role === 'title-subtitle')
    .flatMap((i) => (Array.isArray(i.text) ? i.text.map(String) : [textOf(i.text)]));
  view.finalize();
  return { axes, legends, items, captions };
}

/** Relative luminance (0 black … 1 white) of '#rrggbb' or 'rgb(r, g, b)'. */
export function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(colour);
  const channels = hex
    ? [0, 2, 4].map((k) => Number.parseInt(hex[1]!.slice(k, k + 2), 16))
    : rgb
      ? rgb.slice(1, 4).map(Number)
      : null;
  if (channels === null) throw new Error(`luminance: cannot read colour ${colour}`);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
