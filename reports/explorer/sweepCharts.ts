/**
 * The explorer's sweep view drawn with the report's code: the heat map of hexa report (heatmapSpec) over the
 * cells' final-round mean attempts, the best cell and the cells tied with it marked as the report marks them
 * (rankCells: paired differences whose interval reaches zero).
 */
import { type CellMark, heatmapSpec } from '../charts/heatmap.js';
import type { ChartSpec } from '../charts/theme.js';
import { rankCells, type WorldRanking } from '../ranking.js';
import { summarize } from '../summary.js';
import { PAGE_RESAMPLES } from './charts.js';
import { type ArmRuns, runResultData } from './runData.js';

/** What the sweep view draws for its cells so far. */
export interface SweepCharts {
  /** Replicates every cell has so far. */
  readonly replicates: number;
  readonly heatmap: ChartSpec;
  readonly rankings: readonly WorldRanking[];
}

/**
 * While a grid's cells arrive, its intervals are drawn from fewer resamples: every cell is bootstrapped at each
 * drawing. The complete grid gets the run view's.
 */
export const PARTIAL_RESAMPLES = 200;

/**
 * The heat map of `cells` over the two swept columns `x` and `y` (CSV column names); `complete` when every cell
 * has all its replicates.
 */
export function sweepCharts(cells: readonly ArmRuns[], x: string, y: string, complete = true): SweepCharts {
  const data = runResultData(cells, true);
  const summary = summarize(data, { seed: 1, resamples: complete ? PAGE_RESAMPLES : PARTIAL_RESAMPLES });
  const rankings = rankCells(data, summary);
  const marks = new Map<string, CellMark>();
  for (const world of rankings) {
    for (const cell of world.tied) marks.set(cell.group.id, 'tied');
    marks.set(world.best.group.id, 'best');
  }
  return {
    replicates: data.groups[0]?.replicates.length ?? 0,
    heatmap: heatmapSpec(summary.groups, data.swept, { x, y }, marks),
    rankings,
  };
}
