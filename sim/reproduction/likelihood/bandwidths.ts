/**
 * One kernel bandwidth per continuous figure, the same for every reading: BANDWIDTH times the figure's
 * spread within the runs that reproduce its arm's discrete figures, pooled over every simulation of the arm
 * (the within-class variances averaged with weights m − 1). A reading whose own runs spread less than the
 * bandwidth uses its own spread (marginal.ts), so no reading is blurred beyond its own variance.
 *
 * Tying the bandwidth to the spread of the runs that matter, not to each reading's own spread and run
 * count (Scott's rule), keeps the estimator the same function of the runs for every reading.
 */
import type { ArmId } from '../arms.js';
import type { FigureId } from '../figures.js';
import type { FigureValues } from '../pattern.js';
import { classOf, continuousFigures, publishedTargets } from './classes/armClass.js';

/** The bandwidth as a share of the pooled within-class spread (BANDWIDTH_SCALES multiply it). */
export const BANDWIDTH = 0.5;

/** One simulation of one arm: its runs' figure values, and (optionally) the indices of its class. */
export interface ArmSample {
  readonly arm: ArmId;
  readonly values: FigureValues;
  readonly hits?: Int32Array;
}

/**
 * The bandwidths from the simulations' classes at the article's discrete figures. A figure no class of two
 * runs informs falls back on its spread over every run of its arm.
 */
export function pooledBandwidths(samples: readonly ArmSample[]): Map<FigureId, number> {
  const sums = new Map<FigureId, { ss: number; df: number; all: number; allDf: number }>();
  for (const { arm, values, hits } of samples) {
    const cls = hits ?? classOf(arm, values, publishedTargets(arm));
    for (const f of continuousFigures(arm)) {
      const v = values.get(f.id)!;
      const acc = sums.get(f.id) ?? { ss: 0, df: 0, all: 0, allDf: 0 };
      const inClass = Float64Array.from(cls, (i) => v[i]!);
      const [ss, df] = sumOfSquares(inClass);
      const [all, allDf] = sumOfSquares(v);
      sums.set(f.id, { ss: acc.ss + ss, df: acc.df + df, all: acc.all + all, allDf: acc.allDf + allDf });
    }
  }
  return new Map(
    [...sums].map(([id, s]) => [id, BANDWIDTH * Math.sqrt(s.df > 0 && s.ss > 0 ? s.ss / s.df : s.all / s.allDf)]),
  );
}

/** Sum of squared deviations from the mean over the finite values, and its degrees of freedom. */
function sumOfSquares(xs: Float64Array): [number, number] {
  let n = 0;
  let sum = 0;
  for (const x of xs)
    if (Number.isFinite(x)) {
      n++;
      sum += x;
    }
  if (n < 2) return [0, 0];
  const mean = sum / n;
  let ss = 0;
  for (const x of xs) if (Number.isFinite(x)) ss += (x - mean) ** 2;
  return [ss, n - 1];
}
