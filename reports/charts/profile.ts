/**
 * Performance profile: the share of results at or below each attempt count (an empirical CDF of the
 * final-round mean attempts). For a sweep, over cells (each cell's mean over replicates); for a run or a
 * reproduction, over single runs, one curve per arm. Further left and higher is better.
 */
import type { ReferenceLine } from '../references.js';
import type { GroupSummary } from '../summary.js';
import { referenceCaption, verticalReferences } from './referenceMarks.js';
import { CONFIG, describeParameters, OKABE_ITO, SCHEMA, type ChartSpec, type Palette } from './theme.js';
import { at } from '../../sim/core/at.js';

export interface ProfilePoint {
  readonly attempts: number;
  readonly share: number;
}

/** Step points of the empirical CDF: (first value, 0), then (v, share ≤ v) for each distinct v. */
export function ecdf(values: ArrayLike<number>): ProfilePoint[] {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return [];
  const out: ProfilePoint[] = [{ attempts: sorted[0]!, share: 0 }];
  for (let i = 0; i < n; i++)
    if (i === n - 1 || sorted[i + 1] !== sorted[i]) out.push({ attempts: sorted[i]!, share: (i + 1) / n });
  return out;
}

export type ProfileOver = 'runs' | 'cells';

export function profileSpec(
  groups: readonly GroupSummary[],
  over: ProfileOver,
  palette: Palette,
  swept: readonly string[],
  references: readonly ReferenceLine[],
): ChartSpec {
  const finalIndex = (g: GroupSummary): number => g.group.rounds.length - 1;
  let rows: object[];
  if (over === 'runs') {
    rows = groups.flatMap((g) =>
      ecdf(g.group.values('meanAttempts', finalIndex(g))!).map((p) => ({ arm: palette.labelOf(g.group.id), ...p })),
    );
  } else {
    const cells = [...groups].sort(
      (a, b) => a.rounds.at(-1)!.attempts.mean.estimate - b.rounds.at(-1)!.attempts.mean.estimate,
    );
    rows = cells.map((g, i) => ({
      arm: 'cells',
      attempts: g.rounds.at(-1)!.attempts.mean.estimate,
      share: (i + 1) / cells.length,
      cell: g.group.id,
      settings: describeParameters(g.group.params, swept),
    }));
    rows.unshift({
      arm: 'cells',
      attempts: at(cells, 0, 'profile cells').rounds.at(-1)!.attempts.mean.estimate,
      share: 0,
      cell: '',
      settings: '',
    });
  }
  const colour =
    over === 'runs'
      ? {
          field: 'arm',
          type: 'nominal',
          title: 'Arm',
          scale: { domain: [...palette.labels], range: [...palette.colours] },
          legend: { orient: 'bottom', direction: 'horizontal', columns: 2, symbolType: 'stroke', symbolStrokeWidth: 3 },
        }
      : { value: OKABE_ITO[0] };
  const x = {
    field: 'attempts',
    type: 'quantitative',
    title:
      over === 'runs'
        ? 'Final-round mean attempts per task (one run)'
        : 'Final-round mean attempts per task (cell mean)',
    scale: { zero: false },
  };
  const y = {
    field: 'share',
    type: 'quantitative',
    title: over === 'runs' ? 'Share of runs at or below' : 'Share of cells at or below',
    axis: { format: '.0%' },
    scale: { domain: [0, 1] },
  };
  const n =
    over === 'runs'
      ? `${[...new Set(groups.map((g) => g.group.replicates.length))].join(' / ')} runs per arm`
      : `${groups.length} cells`;
  return {
    $schema: SCHEMA,
    title: {
      text: 'Performance profile',
      subtitle: [
        `Share of ${over} whose final-round mean attempts are at or below each value (${n}).`,
        'Further left and higher is better.',
        ...(references.length > 0 ? [referenceCaption('exact expected attempts of uniform guessing')] : []),
      ],
    },
    config: CONFIG,
    width: 620,
    height: 340,
    layer: [
      ...(references.length === 0 ? [] : [verticalReferences(references)]),
      {
        data: { values: rows },
        // Cells get a point each, so every cell's settings show on hover.
        mark: {
          type: 'line',
          interpolate: 'step-after',
          strokeWidth: 2.5,
          ...(over === 'cells' ? { point: { size: 30, filled: true } } : {}),
        },
        encoding: {
          x,
          y,
          color: colour,
          tooltip:
            over === 'runs'
              ? [
                  { field: 'arm', title: 'Arm' },
                  { field: 'attempts', title: 'Attempts', format: '.3f' },
                  { field: 'share', title: 'Share at or below', format: '.1%' },
                ]
              : [
                  { field: 'settings', title: 'Cell' },
                  { field: 'attempts', title: 'Attempts', format: '.3f' },
                  { field: 'share', title: 'Share at or below', format: '.1%' },
                ],
        },
      },
    ],
  };
}
