/**
 * Which cells of a sweep did best, world by world (attempts in a 6-bit lock and in a 4-bit one do not
 * compare): the cell with the fewest final-round attempts, the cells tied with it, the worst cell, and the
 * exact random baseline of that world. Worlds come in the natural order of their settings (numbers numerically:
 * noise 0, 0.1, 0.2), the cells of a world fewest attempts first.
 *
 * Ties: a cell whose final-round mean attempts are the best's exactly is tied with it (`exact`), whatever the
 * replicates; the best among such cells is the first in the natural order of the swept settings (the first
 * setting slowest, numbers numerically, text by character codes) — a rule, not the folder's order of cell
 * ids. Any other cell is tied only on an interval: when the 95 % interval of its final-round difference from the
 * best includes 0 — paired replicate by replicate when the two share random numbers, else (different seeds or
 * replicates) when their two intervals overlap. Without intervals (one replicate) no such tie is claimed.
 */
import { ResamplePlan, type Estimate } from '../sim/core/bootstrap.js';
import { referenceLines, type ReferenceLine } from './references.js';
import type { ResultFolder } from './resultFolder.js';
import { bySweptValues, sharesRandomNumbers, worldColumns, type GroupSummary, type Summary } from './summary.js';

export interface Standing {
  readonly cell: GroupSummary;
  /** Final-round mean attempts of this cell minus the best's (paired when `paired`); null for the best. */
  readonly difference: Estimate | null;
  readonly paired: boolean;
  /** Tied with the best: the same final-round mean exactly, or a difference whose 95 % interval holds 0. */
  readonly tied: boolean;
  /** The same final-round mean as the best's, exactly (the best's own standing too). */
  readonly exact: boolean;
}

export interface WorldRanking {
  /** The world's swept settings in words ("bits 4, truth 1011"); '' when the sweep plays one world. */
  readonly world: string;
  /** The swept parameters that are not the world's: what tells its cells apart. */
  readonly settings: readonly string[];
  /** Every cell of the world, fewest final-round attempts first (exact ties in the settings' natural order). */
  readonly standings: readonly Standing[];
  readonly best: GroupSummary;
  /** Cells tied with the best, not counting it (exact ties first). */
  readonly tied: readonly GroupSummary[];
  readonly worst: GroupSummary;
  /** Uniform guessing over the whole space, exact; null where no closed form applies. */
  readonly baseline: ReferenceLine | null;
}

export const finalMean = (g: GroupSummary): Estimate => g.rounds.at(-1)!.attempts.mean;

/** The rankings of a summary, made once (the page and the heat map both ask). */
const made = new WeakMap<Summary, WorldRanking[]>();

export function rankCells(data: ResultFolder, summary: Summary): WorldRanking[] {
  const known = made.get(summary);
  if (known !== undefined) return known;
  const world = worldColumns(data.parameters);
  const sweptWorld = world.filter((c) => data.swept.includes(c));
  const settings = data.swept.filter((c) => !sweptWorld.includes(c));
  const worlds = new Map<string, GroupSummary[]>();
  for (const g of bySweptValues(summary.groups, [...sweptWorld, ...settings])) {
    const key = sweptWorld.map((c) => `${c} ${g.group.params[c] ?? ''}`).join(', ');
    worlds.set(key, [...(worlds.get(key) ?? []), g]);
  }
  const plans = new Map<number, ResamplePlan>();
  const planFor = (n: number): ResamplePlan =>
    plans.get(n) ?? plans.set(n, new ResamplePlan(n, summary.resamples, summary.seed)).get(n)!;

  const rankings = [...worlds].map(([label, cells]): WorldRanking => {
    // The cells come in the natural order of their settings; the sort keeps it among equal means.
    const sorted = [...cells].sort((a, b) => finalMean(a).estimate - finalMean(b).estimate);
    const best = sorted[0]!;
    const standings = sorted.map((cell): Standing => {
      const exact = finalMean(cell).estimate === finalMean(best).estimate;
      if (cell === best) return { cell, difference: null, paired: false, tied: true, exact };
      if (sharesRandomNumbers(cell.group, best.group, world)) {
        const difference = planFor(cell.group.replicates.length).pairedDifference(
          cell.finalAttempts,
          best.finalAttempts,
        );
        const tied = exact || (difference.ci95 !== null && difference.ci95[0] <= 0);
        return { cell, difference, paired: true, tied, exact };
      }
      const [a, b] = [finalMean(cell), finalMean(best)];
      const difference = { estimate: a.estimate - b.estimate, ci95: null };
      const tied = exact || (a.ci95 !== null && b.ci95 !== null && a.ci95[0] <= b.ci95[1]);
      return { cell, difference, paired: false, tied, exact };
    });
    const baseline = referenceLines({ groups: cells.map((c) => c.group) }).find((r) => r.fixed === 0);
    const others = standings.filter((s) => s.tied && s.cell !== best);
    return {
      world: label,
      settings,
      standings,
      best,
      tied: [...others.filter((s) => s.exact), ...others.filter((s) => !s.exact)].map((s) => s.cell),
      worst: sorted.at(-1)!,
      baseline: baseline ?? null,
    };
  });
  made.set(summary, rankings);
  return rankings;
}
