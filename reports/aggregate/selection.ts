/**
 * Which groups the aggregate charts compare, and how they are named and drawn. A reproduction: every arm,
 * and the comparisons the article makes (the library against random guessing, exploration against pure
 * exploitation, separated against shared samples, the 0.75 threshold against 0.85). A run: its one
 * configuration. A sweep: within each world (attempts in two worlds do not compare), its best, runner-up,
 * median and worst cells by final-round mean, and the best against each of the others.
 */
import { wrapName } from '../charts/conventions.js';
import { describeParameters, describeValues, type Palette, type Stroke } from '../charts/theme.js';
import { rankCells } from '../ranking.js';
import type { ResultFolder } from '../resultFolder.js';
import type { GroupSummary, Summary } from '../summary.js';
import type { RunDistribution } from './runDistribution.js';

/** One group drawn in the aggregate charts. */
export interface AggregateLine {
  readonly id: string;
  /** In the legend. */
  readonly label: string;
  /** The world's panel ('' with one world). */
  readonly panel: string;
  readonly colour: string;
  readonly stroke: Stroke;
  /** The group's settings in words, for tooltips. */
  readonly settings: string;
  /** A sweep's cell by its values alone (Selection.names says which parameters), else its label. */
  readonly values: string;
  readonly summary: GroupSummary;
  readonly distribution: RunDistribution;
}

/** Two groups compared: the chance a run of `a` ends below a run of `b`. */
export interface ComparedPair {
  readonly a: AggregateLine;
  readonly b: AggregateLine;
  /** The row's label, as lines ("best vs worst", then each cell's settings). */
  readonly label: readonly string[];
}

export interface Selection {
  readonly lines: readonly AggregateLine[];
  readonly pairs: readonly ComparedPair[];
  /** 'arms' (a reproduction or a run: every group) or 'cells' (a sweep: chosen cells of each world). */
  readonly over: 'arms' | 'cells';
  /** The parameters a cell's `values` give, in order ('' for arms). */
  readonly names: string;
}

/** Characters per line of a row's label: what reads beside a plot on a phone. */
const LINE = 22;

/** The comparisons a reproduction shows, better-hoped arm first, where the folder has both arms. */
const ARM_PAIRS: readonly (readonly [string, string])[] = [
  ['exploit', 'random'],
  ['explore', 'exploit'],
  ['separate', 'exploit'],
  ['separate', 'explore'],
  ['threshold75', 'exploit'],
];

/** A sweep's cells by their place in the world, one colour and line style each (Okabe–Ito, no two alike). */
const ROLES: readonly { readonly role: string; readonly colour: string; readonly stroke: Stroke }[] = [
  { role: 'best', colour: '#0072B2', stroke: { dash: [], width: 2.5 } },
  { role: 'runner-up', colour: '#E69F00', stroke: { dash: [10, 4], width: 2.5 } },
  { role: 'median', colour: '#009E73', stroke: { dash: [10, 3, 2, 3], width: 2.5 } },
  { role: 'worst', colour: '#CC79A7', stroke: { dash: [2, 3], width: 2.5 } },
];

export function aggregateSelection(
  data: ResultFolder,
  summary: Summary,
  palette: Palette,
  distributionOf: (g: GroupSummary) => RunDistribution,
): Selection {
  if (data.kind !== 'sweep') {
    const lines = summary.groups.map((g, i): AggregateLine => {
      const label = palette.labelOf(g.group.id);
      const k = palette.labels.indexOf(label);
      return {
        id: g.group.id,
        label,
        panel: '',
        colour: palette.colours[k] ?? palette.colours[i % palette.colours.length]!,
        stroke: palette.strokes[k] ?? { dash: [], width: 2.5 },
        settings: label,
        values: label,
        summary: g,
        distribution: distributionOf(g),
      };
    });
    const byId = new Map(lines.map((l) => [l.id, l]));
    const pairs = ARM_PAIRS.flatMap(([a, b]): ComparedPair[] => {
      const [la, lb] = [byId.get(a), byId.get(b)];
      return la && lb
        ? [{ a: la, b: lb, label: [...wrapName(la.label, LINE), ...wrapName(`vs ${lb.label}`, LINE)] }]
        : [];
    });
    return { lines, pairs, over: 'arms', names: '' };
  }
  const rankings = rankCells(data, summary);
  const several = rankings.length > 1;
  const lines: AggregateLine[] = [];
  const pairs: ComparedPair[] = [];
  for (const world of rankings) {
    const cells = world.standings.map((s) => s.cell);
    const n = cells.length;
    const picked = [...new Set([0, 1, Math.floor((n - 1) / 2), n - 1].filter((i) => i < n))];
    const roleOf = new Map<AggregateLine, string>();
    const chosen = picked.map((index): AggregateLine => {
      const role = ROLES[index === 0 ? 0 : index === n - 1 ? 3 : index === 1 ? 1 : 2]!;
      const cell = cells[index]!;
      const settings = describeParameters(cell.group.params, world.settings) || cell.group.id;
      const values = describeValues(cell.group.params, world.settings) || cell.group.id;
      const line: AggregateLine = {
        id: cell.group.id,
        // With one world the legend names the cells; with several, each panel's cells differ, so it names roles.
        label: several ? role.role : `${role.role}: ${values}`,
        panel: world.world,
        colour: role.colour,
        stroke: role.stroke,
        settings,
        values,
        summary: cell,
        distribution: distributionOf(cell),
      };
      roleOf.set(line, role.role);
      return line;
    });
    lines.push(...chosen);
    const best = chosen[0]!;
    for (const other of chosen.slice(1))
      pairs.push({
        a: best,
        b: other,
        label: [
          ...wrapName(`${several ? `${world.world}: ` : ''}best vs ${roleOf.get(other)}`, LINE),
          ...wrapName(best.values, LINE),
          ...wrapName(`vs ${other.values}`, LINE),
        ],
      });
  }
  return { lines, pairs, over: 'cells', names: rankings[0]?.settings.join(', ') ?? '' };
}
