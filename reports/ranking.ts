/**
 * Which cells of a sweep did best, world by world (attempts in a 6-bit lock and in a 4-bit one do not
 * compare): the cell with the fewest final-round attempts, the cells tied with it, the worst cell, and the
 * exact random baseline of that world. A cell is tied with the best when the 95 % interval of its final-round
 * difference from the best includes 0 — paired replicate by replicate when the two share random numbers,
 * else (different seeds or replicates) when their two intervals overlap.
 */
import { ResamplePlan, type Estimate } from '../sim/core/bootstrap.js';
import { referenceLines, type ReferenceLine } from './references.js';
import type { ResultFolder } from './resultFolder.js';
import { sharesRandomNumbers, worldColumns, type GroupSummary, type Summary } from './summary.js';

export interface Standing {
  readonly cell: GroupSummary;
  /** Final-round mean attempts of this cell minus the best's (paired when `paired`); null for the best. */
  readonly difference: Estimate | null;
  readonly paired: boolean;
  readonly tied: boolean;
}

export interface WorldRanking {
  /** The world's swept settings in words ("bits 4, truth 1011"); '' when the sweep plays one world. */
  readonly world: string;
  /** The swept parameters that are not the world's: what tells its cells apart. */
  readonly settings: readonly string[];
  /** Every cell of the world, fewest final-round attempts first (ties keep the folder's order). */
  readonly standings: readonly Standing[];
  readonly best: GroupSummary;
  /** Cells tied with the best, not counting it. */
  readonly tied: readonly GroupSummary[];
  readonly worst: GroupSummary;
  /** Uniform guessing over the whole space, exact; null where no closed form applies. */
  readonly baseline: ReferenceLine | null;
}

export const finalMean = (g: GroupSummary): Estimate => g.rounds.at(-1)!.attempts.mean;

export function rankCells(data: ResultFolder, summary: Summary): WorldRanking[] {
  const world = worldColumns(data.parameters);
  const sweptWorld = world.filter((c) => data.swept.includes(c));
  const worlds = new Map<string, GroupSummary[]>();
  for (const g of summary.groups) {
    const key = sweptWorld.map((c) => `${c} ${g.group.params[c] ?? ''}`).join(', ');
    worlds.set(key, [...(worlds.get(key) ?? []), g]);
  }
  const plans = new Map<number, ResamplePlan>();
  const planFor = (n: number): ResamplePlan =>
    plans.get(n) ?? plans.set(n, new ResamplePlan(n, summary.resamples, summary.seed)).get(n)!;

  return [...worlds].map(([label, cells]) => {
    const sorted = [...cells].sort((a, b) => finalMean(a).estimate - finalMean(b).estimate);
    const best = sorted[0]!;
    const last = (g: GroupSummary): Float64Array => g.finalAttempts;
    const standings = sorted.map((cell): Standing => {
      if (cell === best) return { cell, difference: null, paired: false, tied: true };
      if (sharesRandomNumbers(cell.group, best.group, world)) {
        const difference = planFor(cell.group.replicates.length).pairedDifference(last(cell), last(best));
        const tied = difference.ci95 === null ? difference.estimate === 0 : difference.ci95[0] <= 0;
        return { cell, difference, paired: true, tied };
      }
      const [a, b] = [finalMean(cell), finalMean(best)];
      const difference = { estimate: a.estimate - b.estimate, ci95: null };
      const tied = a.ci95 !== null && b.ci95 !== null ? a.ci95[0] <= b.ci95[1] : a.estimate === b.estimate;
      return { cell, difference, paired: false, tied };
    });
    const baseline = referenceLines({ ...data, groups: cells.map((c) => c.group) }).find((r) => r.fixed === 0);
    return {
      world: label,
      settings: data.swept.filter((c) => !sweptWorld.includes(c)),
      standings,
      best,
      tied: standings.filter((s) => s.tied && s.cell !== best).map((s) => s.cell),
      worst: sorted.at(-1)!,
      baseline: baseline ?? null,
    };
  });
}
