/**
 * Bench figure for the plan of a large sweep: the CPU time `planSweep` takes to expand, validate, name and
 * sort the cells of a 200 000-cell grid (one axis of 200 000 exploration rates), in this process, before any
 * cell runs. Every shard of a sweep pays it, since shards are cut from the canonical order of all cells.
 */
import { planSweep } from '../sweep/cells.js';
import { buildGrid } from '../sweep/grid.js';

export interface PlanBench {
  readonly cells: number;
  readonly cpuSeconds: number;
}

/** The goal for the whole plan at 200 000 cells (the 2 M cap scales it by ten). */
export const PLAN_GOAL_SECONDS = 2;

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export function benchPlan(): PlanBench {
  const grid = buildGrid([{ kind: 'flag', name: 'explore', text: '0:0.999995:0.000005' }]);
  const start = cpuSeconds();
  const plan = planSweep(grid);
  return { cells: plan.ids.length, cpuSeconds: cpuSeconds() - start };
}

export function planLine(p: PlanBench): string {
  return (
    `plan of a ${p.cells.toLocaleString('en-US')}-cell sweep (expand, validate, name, sort): ` +
    `${p.cpuSeconds.toFixed(2)} s CPU (goal ≤ ${PLAN_GOAL_SECONDS} s)`
  );
}
