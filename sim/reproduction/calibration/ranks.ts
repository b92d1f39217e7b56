/**
 * Simulation-based calibration (Talts et al. 2018) of the posterior, calibration's rank histogram: publications of
 * truths drawn from the prior, each judged and decided as the article is, and the truth's place in each posterior.
 */
import { ReplicateKey } from '../../core/rng.js';
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from '../arms.js';
import { decide } from '../decision.js';
import type { Bank, Judge } from './judge.js';
import type { Publication } from './publications.js';

/** A publication of a truth drawn from the prior. */
export interface DrawnPublication {
  readonly truth: HiddenChoices;
  readonly publication: Publication;
}

/**
 * Simulation-based calibration (Talts et al. 2018) of the posterior: truths drawn from the prior (uniform over the
 * readings), one publication each, and for each choice the truth's place in the publication's posterior — the
 * posterior share of the values before the truth's, plus a uniform share of the truth's own. Were the posterior
 * calibrated, these would be uniform on (0, 1): their histogram flat.
 */
export interface RankCalibration {
  /** Truths drawn (one publication each), and how many of their publications estimated some reading. */
  readonly draws: number;
  readonly estimable: number;
  /** Per choice, each publication's place of the truth in the posterior, in (0, 1). */
  readonly ranks: readonly { readonly key: HiddenKey; readonly values: readonly number[] }[];
}

/** The truth's place in a publication's posterior, per choice (see `RankCalibration`); null when none is estimable. */
export function truthRanks(
  grid: readonly HiddenChoices[],
  posteriors: readonly number[],
  truth: HiddenChoices,
  uniform: () => number,
): number[] | null {
  if (!posteriors.some((p) => p > 0)) return null;
  return HIDDEN_CHOICES.map((c) => {
    const at = c.values.indexOf(truth[c.key]);
    let before = 0;
    let own = 0;
    posteriors.forEach((p, i) => {
      if (!(p > 0)) return;
      const v = c.values.indexOf(grid[i]![c.key]);
      if (v < at) before += p;
      else if (v === at) own += p;
    });
    return before + uniform() * own;
  });
}

/** The posterior's rank histogram on the first bank, from the publications of truths drawn from the prior. */
export async function rankCalibration(
  bank: Bank,
  judge: Judge,
  drawn: readonly DrawnPublication[],
  seed: number,
): Promise<RankCalibration> {
  const judged = await judge.all(drawn.map((d) => d.publication));
  const stream = new ReplicateKey(seed, 0).stream('bootstrap', -2);
  const values = HIDDEN_CHOICES.map(() => [] as number[]);
  let estimable = 0;
  judged.forEach((j, k) => {
    const d = decide(bank.simulations.grid, j.readings, { seed, draw: -3 - k });
    const r = truthRanks(bank.simulations.grid, d.posteriors, drawn[k]!.truth, () => stream.quick());
    if (r === null) return;
    estimable++;
    r.forEach((u, c) => values[c]!.push(u));
  });
  return {
    draws: drawn.length,
    estimable,
    ranks: HIDDEN_CHOICES.map((c, k) => ({ key: c.key, values: values[k]! })),
  };
}
