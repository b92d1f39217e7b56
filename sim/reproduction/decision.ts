/**
 * The audit's decision over the readings, as a function of their likelihoods alone — the same for the
 * article and for every simulated publication calibration feeds it:
 *
 *  - posteriors (uniform prior unless one is given) at each bandwidth scale, and for each value of each
 *    hidden choice its marginal posterior with an interval combining Monte Carlo and bandwidth error: the
 *    2.5 % and 97.5 % points of posterior draws (likelihood/posterior.ts) at each scale, the lowest low and
 *    highest high over the scales;
 *  - a choice is identified at a value when that interval's low end is at least IDENTIFIED, and no reading
 *    that could not be estimated but could compete holds another value;
 *  - the 90 % credible set: the fewest readings whose posteriors (at the main bandwidth) sum to 0.9.
 *
 * A reading that could not be estimated *could compete* unless, with each arm it could not estimate taken
 * at its discrete share's upper bound times the largest continuous part any estimated reading's arm has,
 * it still falls more than MARGIN below the best: an assumption (a reading's continuous figures, given its
 * discrete ones, are not far more probable than under the readings that could be estimated), and the
 * decision names the readings it leaves in.
 */
import { AleaStream, ReplicateKey } from '../core/rng.js';
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from './arms.js';
import { BANDWIDTH_SCALES, MAIN_SCALE, type ArmEstimate } from './likelihood/armEstimate.js';
import { posteriorDraws, posteriors, TIE_Z } from './likelihood/posterior.js';
import type { ReadingLikelihood } from './likelihood/reading.js';

/** Posterior share at which a hidden choice counts as pinned down: the low end of its interval. */
export const IDENTIFIED = 0.95;
/** Log Bayes factor beyond which a reading is out of contention (10⁴). */
export const MARGIN = Math.log(1e4);
/** Posterior draws per bandwidth scale. */
export const DRAWS = 400;
/** The credible set's mass. */
export const CREDIBLE = 0.9;

export interface ValuePosterior {
  readonly value: string;
  /** At the main bandwidth. */
  readonly posterior: number;
  /** Combined Monte Carlo and bandwidth interval (95 % of draws at each scale, widest over the scales). */
  readonly low: number;
  readonly high: number;
  /** The point posterior at each bandwidth scale. */
  readonly byScale: readonly number[];
}

export interface ChoicePosterior {
  readonly key: HiddenKey;
  /** In the choice's order. */
  readonly values: readonly ValuePosterior[];
}

export interface Decision {
  /** Point posteriors at the main bandwidth, per reading (NaN when not estimable). */
  readonly posteriors: readonly number[];
  /** The best reading's posterior interval, combined over scales. */
  readonly bestInterval: readonly [number, number];
  readonly marginals: readonly ChoicePosterior[];
  readonly identified: Partial<HiddenChoices>;
  readonly open: readonly HiddenKey[];
  /** Readings in the 90 % credible set, most probable first. */
  readonly credible: readonly number[];
  /** Readings not estimable that could compete (see above). */
  readonly couldCompete: readonly number[];
}

export interface DecisionOptions {
  readonly seed: number;
  /** Names this decision's posterior draws (the article: −1; calibration: the publication's number). */
  readonly draw?: number;
  readonly prior?: readonly number[];
}

/** Largest continuous part (log P − log discrete share) of any estimated arm, per arm, at the main scale. */
function yardsticks(readings: readonly ReadingLikelihood[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of readings)
    for (const { estimate: e } of r.arms) {
      if (e.byScale.length === 0 || e.status === 'closed form') continue;
      const part = e.byScale[MAIN_SCALE]!.log - e.discreteLog;
      out.set(e.arm, Math.max(out.get(e.arm) ?? -Infinity, part));
    }
  return out;
}

/** An upper bound on a reading's log-likelihood (see above). */
function upperLog(r: ReadingLikelihood, sticks: ReadonlyMap<string, number>): number {
  return r.arms.reduce((s, { estimate: e }: { estimate: ArmEstimate }) => {
    if (e.byScale.length > 0) {
      const m = e.byScale[MAIN_SCALE]!;
      return s + m.log + TIE_Z * Math.sqrt(m.variance);
    }
    return s + e.discreteUpper + Math.min(0, sticks.get(e.arm) ?? 0);
  }, 0);
}

const quantile = (sorted: Float64Array, p: number): number => {
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
};

export function decide(
  grid: readonly HiddenChoices[],
  readings: readonly ReadingLikelihood[],
  options: DecisionOptions,
): Decision {
  const logsAt = (s: number): number[] => readings.map((r) => (r.estimable ? r.byScale[s]!.log : NaN));
  const byScale = BANDWIDTH_SCALES.map((_, s) => posteriors(logsAt(s), options.prior));
  const main = byScale[MAIN_SCALE]!;
  const key = new ReplicateKey(options.seed, 0);
  const stream = new AleaStream(0, 0, 0);
  const draws = BANDWIDTH_SCALES.map((_, s) =>
    posteriorDraws(readings, s, DRAWS, key.rekey(stream, 'bootstrap', s, options.draw ?? -1), options.prior),
  );
  const estimable = readings.some((r) => r.estimable);
  let best = -1;
  main.forEach((p, i) => {
    if (best < 0 || p > main[best]!) best = i;
  });
  const interval = (members: (i: number) => boolean): [number, number] => {
    let low = Infinity;
    let high = -Infinity;
    draws.forEach((scaleDraws) => {
      const shares = Float64Array.from(scaleDraws, (d) => {
        let s = 0;
        for (let i = 0; i < d.length; i++) if (members(i)) s += d[i]!;
        return s;
      }).sort();
      low = Math.min(low, quantile(shares, 0.025));
      high = Math.max(high, quantile(shares, 0.975));
    });
    return [low, high];
  };
  const marginals = HIDDEN_CHOICES.map((c) => ({
    key: c.key,
    values: c.values.map((value) => {
      const members = (i: number): boolean => grid[i]![c.key] === value;
      const [low, high] = estimable ? interval(members) : [NaN, NaN];
      const at = (p: readonly number[]): number => p.reduce((s, x, i) => (members(i) && x > 0 ? s + x : s), 0);
      return { value, posterior: estimable ? at(main) : NaN, low, high, byScale: byScale.map((p) => (estimable ? at(p) : NaN)) };
    }),
  }));
  const bestLog = estimable ? readings[best]!.byScale[MAIN_SCALE]!.log : NaN;
  const sticks = yardsticks(readings);
  const couldCompete = readings.flatMap((r, i) =>
    !r.estimable && (!estimable || upperLog(r, sticks) >= bestLog - MARGIN) ? [i] : [],
  );
  const identified: Record<string, string> = {};
  const open: HiddenKey[] = [];
  for (const m of marginals) {
    const top = m.values.reduce((a, b) => (b.posterior > a.posterior ? b : a));
    const blocked = couldCompete.some((i) => grid[i]![m.key] !== top.value);
    if (estimable && top.low >= IDENTIFIED && !blocked) identified[m.key] = top.value;
    else open.push(m.key);
  }
  const ranked = main
    .map((p, i) => ({ p, i }))
    .filter((x) => x.p > 0)
    .sort((a, b) => b.p - a.p || a.i - b.i);
  const credible: number[] = [];
  let mass = 0;
  for (const { p, i } of ranked) {
    if (mass >= CREDIBLE) break;
    credible.push(i);
    mass += p;
  }
  return {
    posteriors: main,
    bestInterval: estimable ? interval((i) => i === best) : [NaN, NaN],
    marginals,
    identified: identified as Partial<HiddenChoices>,
    open,
    credible,
    couldCompete,
  };
}
