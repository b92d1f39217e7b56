/**
 * A posterior predictive check of the publication as a whole, under one reading. The distance of a
 * publication from what the reading expects is the sum of its figures' squared z-scores,
 * D = Σ ((x − mean) / sd)², with the mean and sd of each figure over the reading's single runs. The check
 * reports how often a simulated publication (one separate run of every arm) lies at least as far as the
 * article, and each figure's share of the article's distance.
 *
 * Left out of D: figures implied by others (the refutation rate) and claims that are bounds rather than
 * values ("at least 3 skills"), which have no point to measure a distance from.
 */
import { FIGURES, type FigureId } from '../figures.js';
import { mean, sampleSd } from '../../core/stats.js';
import type { FigureValues } from '../pattern.js';

export interface Contribution {
  readonly id: FigureId;
  readonly published: number;
  readonly mean: number;
  readonly z: number;
  /** z² / D. */
  readonly share: number;
}

export interface PredictiveCheck {
  /** The article's distance D. */
  readonly distance: number;
  /** Figures in D. */
  readonly figures: number;
  /** Simulated publications behind the p-value. */
  readonly replicates: number;
  /** Share of simulated publications at least as far as the article. */
  readonly pValue: number;
  /** Median distance of a simulated publication. */
  readonly medianDistance: number;
  /** Largest first. */
  readonly contributions: readonly Contribution[];
}

/** Figures the distance reads. */
export const DISTANCE_FIGURES = FIGURES.filter((f) => f.impliedBy === undefined && f.claim === 'equals');

const squared = (x: number, mean: number, sd: number): number =>
  sd > 0 ? ((x - mean) / sd) ** 2 : x === mean ? 0 : Infinity;

/** Replicate i of every arm is one simulated publication; the arms must come from separate random numbers. */
export function predictiveCheck(values: FigureValues): PredictiveCheck {
  const n = values.get(DISTANCE_FIGURES[0]!.id)?.length ?? 0;
  const sims = new Float64Array(n);
  const contributions: Omit<Contribution, 'share'>[] = [];
  let distance = 0;
  for (const f of DISTANCE_FIGURES) {
    const v = values.get(f.id)!;
    const m = mean(v);
    const sd = sampleSd(v);
    for (let i = 0; i < n; i++) sims[i]! += squared(v[i]!, m, sd);
    const z2 = squared(f.published, m, sd);
    distance += z2;
    contributions.push({
      id: f.id,
      published: f.published,
      mean: m,
      z: sd > 0 ? (f.published - m) / sd : f.published === m ? 0 : Infinity,
    });
  }
  let farther = 0;
  for (let i = 0; i < n; i++) if (sims[i]! >= distance) farther++;
  const sorted = Array.from(sims).sort((a, b) => a - b);
  return {
    distance,
    figures: DISTANCE_FIGURES.length,
    replicates: n,
    pValue: n === 0 ? NaN : farther / n,
    medianDistance: n === 0 ? NaN : (sorted[Math.floor((n - 1) / 2)]! + sorted[Math.ceil((n - 1) / 2)]!) / 2,
    contributions: contributions
      .map((c) => ({ ...c, share: (c.z * c.z) / distance }))
      .sort((a, b) => b.share - a.share),
  };
}
