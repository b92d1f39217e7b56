/**
 * The comparison page's charts: each matched group's learning curves with one line per folder (a panel a
 * group), and the final-round differences between folders with their 95 % intervals, paired where the two
 * drew the same random numbers. Folders keep one colour and one line style each (Okabe–Ito, no two alike).
 */
import { TITLE_ABOVE } from '../charts/aggregate.js';
import { ColourName, REFERENCE_STROKE, wrapName } from '../charts/conventions.js';
import { CONFIG, OKABE_ITO, SCHEMA, type ChartSpec } from '../charts/theme.js';
import type { Comparison } from './comparison.js';

/** Panels drawn at most: the groups in two or more folders first (every figure is in comparison.csv). */
export const MAX_PANELS = 12;

const DASHES: readonly (readonly number[])[] = [
  [1, 0],
  [10, 4],
  [10, 3, 2, 3],
  [2, 3],
];

/** A folder's colour, dash and name in the legend ("A: out/run1"). */
export function folderStyle(c: Comparison): { names: string[]; colours: string[]; dashes: number[][] } {
  return {
    names: c.folders.map((f) => `${f.letter}: ${f.source}`),
    colours: c.folders.map((_, i) => OKABE_ITO[i % OKABE_ITO.length]!),
    dashes: c.folders.map((_, i) => [...DASHES[i % DASHES.length]!]),
  };
}

/** The matched groups drawn: shared ones first, at most MAX_PANELS. */
export function drawnGroups(c: Comparison): Comparison['matched'] {
  const shared = c.matched.filter((m) => m.members.size > 1);
  const alone = c.matched.filter((m) => m.members.size <= 1);
  return [...shared, ...alone].slice(0, MAX_PANELS);
}

export function comparedCurvesSpec(c: Comparison): ChartSpec {
  const style = folderStyle(c);
  const groups = drawnGroups(c);
  const rows = groups.flatMap((m) =>
    c.folders.flatMap((f, i) => {
      const s = m.members.get(f.letter);
      if (s === undefined) return [];
      return s.rounds.map((r) => ({
        panel: m.label,
        folder: style.names[i]!,
        round: r.round,
        mean: r.attempts.mean.estimate,
        lo: r.attempts.mean.ci95?.[0] ?? r.attempts.mean.estimate,
        hi: r.attempts.mean.ci95?.[1] ?? r.attempts.mean.estimate,
        replicates: s.group.replicates.length,
      }));
    }),
  );
  const legend = {
    orient: 'bottom',
    direction: 'horizontal',
    columns: 1,
    symbolType: 'stroke',
    symbolSize: 900,
    symbolOpacity: 1,
  };
  const colour = {
    field: 'folder',
    type: 'nominal',
    title: 'Folder',
    scale: { domain: style.names, range: style.colours },
    legend,
  };
  const dash = {
    field: 'folder',
    type: 'nominal',
    title: 'Folder',
    scale: { domain: style.names, range: style.dashes },
    legend,
  };
  const x = { field: 'round', type: 'quantitative', title: 'Round', axis: { tickMinStep: 1, format: 'd' } };
  const y = { field: 'mean', type: 'quantitative', title: 'Mean attempts per task', scale: { zero: true } };
  const layer = [
    {
      mark: { type: 'area', opacity: 0.15 },
      encoding: { x, y: { ...y, field: 'lo' }, y2: { field: 'hi' }, color: colour },
    },
    {
      mark: { type: 'line', strokeWidth: 2.5, point: { filled: true, size: 36 } },
      encoding: {
        x,
        y,
        color: colour,
        strokeDash: dash,
        tooltip: [
          { field: 'panel', title: 'Group' },
          { field: 'folder', title: 'Folder' },
          { field: 'round', title: 'Round' },
          { field: 'mean', title: 'Mean attempts', format: '.3f' },
          { field: 'lo', title: '95 % low', format: '.3f' },
          { field: 'hi', title: '95 % high', format: '.3f' },
          { field: 'replicates', title: 'Replicates' },
        ],
      },
    },
  ];
  const more = c.matched.length - groups.length;
  const header = {
    $schema: SCHEMA,
    title: {
      text: 'Attempts per task, round by round, folder by folder',
      subtitle: [
        `Lines: mean over each folder's replicates; bands: 95 % bootstrap intervals. ${c.world}.`,
        ...(more > 0 ? [`${groups.length} of ${c.matched.length} groups drawn; all are in comparison.csv.`] : []),
      ],
    },
    config: CONFIG,
    data: { values: rows },
  };
  if (groups.length <= 1) return { ...header, width: 620, height: 340, layer };
  return {
    ...header,
    facet: { field: 'panel', type: 'nominal', sort: groups.map((m) => m.label), title: null },
    columns: 3,
    spec: { width: 300, height: 200, layer },
  };
}

export function differencesSpec(c: Comparison): ChartSpec {
  const rows = c.differences.map((d, i) => ({
    row: String(i),
    lines: [...wrapName(d.label, 22), `${d.a} − ${d.b}`],
    text: `${d.label}: ${d.a} − ${d.b}`,
    difference: d.difference.estimate,
    lo: d.difference.ci95?.[0] ?? d.difference.estimate,
    hi: d.difference.ci95?.[1] ?? d.difference.estimate,
    kind: d.paired ? 'paired (same random numbers)' : 'independent samples',
    replicates: d.replicates.join(' / '),
  }));
  const kinds = ['paired (same random numbers)', 'independent samples'];
  const colour = {
    field: 'kind',
    type: 'nominal',
    title: 'Interval',
    scale: { domain: kinds, range: ['#000000', '#999999'] },
    legend: { orient: 'bottom', direction: 'horizontal', symbolType: 'circle' },
  };
  const y = {
    field: 'row',
    type: 'nominal',
    title: 'Group, folders',
    sort: rows.map((r) => r.row),
    axis: {
      labelExpr: `${JSON.stringify(rows.map((r) => r.lines))}[toNumber(datum.value)]`,
      labelLineHeight: 14,
      labelOffset: {
        condition: rows.map((r) => ({ test: `datum.value === '${r.row}'`, value: -7 * (r.lines.length - 1) })),
        value: 0,
      },
      labelLimit: 320,
      ...TITLE_ABOVE,
    },
  };
  const x = { field: 'difference', type: 'quantitative', title: 'Final-round mean attempts, first − second' };
  const lines = Math.max(2, ...rows.map((r) => r.lines.length));
  const tooltip = [
    { field: 'text', title: 'Compared' },
    { field: 'difference', title: 'Difference', format: '.3f' },
    { field: 'lo', title: '95 % low', format: '.3f' },
    { field: 'hi', title: '95 % high', format: '.3f' },
    { field: 'kind', title: 'Interval' },
    { field: 'replicates', title: 'Replicates' },
  ];
  return {
    $schema: SCHEMA,
    title: {
      text: 'Final-round differences between folders',
      subtitle: [
        'Mean attempts per task in the last round, the first folder minus the second (below 0: the first needs',
        'fewer). Bars: 95 % bootstrap intervals — paired replicate by replicate where the two folders drew the',
        `same random numbers (same seed and replicates). ${ColourName(REFERENCE_STROKE.color)} dashed line: no ` +
          'difference.',
      ],
    },
    config: CONFIG,
    data: { values: rows },
    width: 360,
    height: Math.max(80, (14 * lines + 20) * rows.length),
    layer: [
      { mark: { type: 'rule', ...REFERENCE_STROKE }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      {
        mark: { type: 'errorbar', ticks: { size: 10 }, thickness: 2 },
        encoding: { y, x: { ...x, field: 'lo' }, x2: { field: 'hi' }, color: colour },
      },
      { mark: { type: 'point', filled: true, size: 40, opacity: 1 }, encoding: { y, x, color: colour, tooltip } },
    ],
  };
}
