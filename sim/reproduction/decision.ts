/**
 * The audit's decision over the readings, as a function of their likelihoods alone — the same for the
 * article and for every simulated publication calibration feeds it:
 *
 *  - posteriors (uniform prior unless one is given) at each bandwidth scale, and for each value of each
 *    hidden choice its marginal posterior with an interval combining Monte Carlo, bandwidth and bound: the
 *    2.5 % and 97.5 % points of posterior draws (likelihood/posterior.ts) at each scale, drawn once over the
 *    estimable readings and once with the readings that could compete at their bounds, the lowest low and
 *    highest high over the scales and both;
 *  - a choice is identified at a value when that interval's low end is at least IDENTIFIED, and no reading
 *    that could not be estimated but could compete holds another value;
 *  - the 90 % credible set: the fewest readings whose posteriors (at the main bandwidth, averaged over the
 *    Monte Carlo draws) sum to 0.9.
 *
 * A reading that could not be estimated *could compete* unless, with each arm it could not estimate taken
 * at its bound (armEstimate.ts) — where the bound lacks the continuous part, times the largest continuous
 * part the arm has under any estimated reading with the same test accounting — it still falls more than
 * MARGIN below the best. A reading that provably cannot produce a figure (checks/impossible.ts) is out. Where the
 * continuous part is borrowed this way it is an assumption (a reading's continuous figures, given its
 * discrete ones, are not far more probable than under the readings that could be estimated), and the
 * decision names the readings it leaves in.
 */
import { AleaStream, ReplicateKey } from '../core/rng.js';
import { orderStatistic } from '../core/stats.js';
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
  /**
   * Combined Monte Carlo and bandwidth interval (95 % of draws at each scale, widest over the scales), the readings
   * that could compete in at their bounds.
   */
  readonly low: number;
  readonly high: number;
  /** The low end over the estimable readings alone: what the value's interval would be without those bounds. */
  readonly estimableLow: number;
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
  /**
   * Readings in the 90 % credible set, most probable first, by their posteriors averaged over the Monte Carlo
   * draws (the error integrated out).
   */
  readonly credible: readonly number[];
  /** The posteriors the credible set is built from (averaged over the Monte Carlo draws), per reading. */
  readonly integrated: readonly number[];
  /** Readings not estimable that could compete (see above). */
  readonly couldCompete: readonly number[];
  /** Per open choice, the readings that could compete holding a value other than its leading one (none: []). */
  readonly blockedBy: Partial<Record<HiddenKey, readonly number[]>>;
}

export interface DecisionOptions {
  readonly seed: number;
  /** Names this decision's posterior draws (the article: −1; calibration: the publication's number). */
  readonly draw?: number;
  readonly prior?: readonly number[];
}

/**
 * The choices that act on the continuous figures alone — how skill tests are counted changes the tests and
 * refutations, not the runs — so a borrowed continuous part is taken among readings that share them.
 */
const ACCOUNTING: readonly HiddenKey[] = ['testUnit', 'testAt'];
const accountingOf = (h: HiddenChoices): string => ACCOUNTING.map((k) => h[k]).join('|');

/**
 * Largest continuous part (log P − log discrete share) of any estimated arm, per arm and accounting, at the main scale.
 */
function yardsticks(grid: readonly HiddenChoices[], readings: readonly ReadingLikelihood[]): Map<string, number> {
  const out = new Map<string, number>();
  readings.forEach((r, i) => {
    for (const { estimate: e } of r.arms) {
      if (e.byScale.length === 0 || e.status === 'closed form') continue;
      const part = e.byScale[MAIN_SCALE]!.log - e.discreteLog;
      for (const key of [e.arm, `${e.arm}|${accountingOf(grid[i]!)}`])
        out.set(key, Math.max(out.get(key) ?? -Infinity, part));
    }
  });
  return out;
}

/** An upper bound on a reading's log-likelihood (see above). */
function upperLog(r: ReadingLikelihood, hidden: HiddenChoices, sticks: ReadonlyMap<string, number>): number {
  return r.arms.reduce((s, { estimate: e }: { estimate: ArmEstimate }) => {
    if (e.byScale.length > 0) {
      const m = e.byScale[MAIN_SCALE]!;
      return s + m.log + TIE_Z * Math.sqrt(m.variance);
    }
    const stick = sticks.get(`${e.arm}|${accountingOf(hidden)}`) ?? sticks.get(e.arm) ?? 0;
    return s + e.bound!.log + (e.bound!.continuousMissing ? Math.min(0, stick) : 0);
  }, 0);
}

/** A reading not estimable that could compete, with the upper bound on its log-likelihood that leaves it in. */
export interface Competitor {
  readonly index: number;
  readonly upper: number;
  /** How far above the exclusion line (best − MARGIN) the bound sits, in nats. */
  readonly excess: number;
}

/** Readings not estimable that could compete with the best estimable one; all of them when none is estimable. */
export function competitors(grid: readonly HiddenChoices[], readings: readonly ReadingLikelihood[]): Competitor[] {
  let bestLog = -Infinity;
  for (const r of readings) if (r.estimable) bestLog = Math.max(bestLog, r.byScale[MAIN_SCALE]!.log);
  const sticks = yardsticks(grid, readings);
  return readings.flatMap((r, i) => {
    if (r.estimable || r.impossible !== null) return [];
    const upper = upperLog(r, grid[i]!, sticks);
    const excess = upper - (bestLog - MARGIN);
    return !Number.isFinite(bestLog) || excess >= 0 ? [{ index: i, upper, excess }] : [];
  });
}

/**
 * The p-quantile of `xs` (linear between order statistics), as read off `xs` sorted — found by selecting the two
 * order statistics it needs, which reorders `xs` in place: a decision reads two quantiles of many short lists.
 */
function quantile(xs: Float64Array, p: number): number {
  const at = p * (xs.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const below = orderStatistic(xs, lo);
  return below + (orderStatistic(xs, hi) - below) * (at - lo);
}

/**
 * How much of reading i the set holding exactly 0.9 takes, in expectation: readings are taken most probable
 * first, the last one only in part so the set holds 0.9, and readings tied with i in posterior in a random
 * order. With calibrated posteriors the truth is covered 90 % of the time, however many readings tie (the
 * plain set, which takes its last reading whole and breaks ties by grid order, covers more).
 */
export function inclusion(d: Decision, i: number): number {
  const p = d.integrated[i]!;
  if (!(p > 0)) return 0;
  const tie = (q: number): boolean => Math.abs(q - p) <= 1e-9 * p;
  let before = 0;
  let group = 0;
  for (const q of d.integrated) {
    if (tie(q)) group += q;
    else if (q > p) before += q;
  }
  return Math.min(1, Math.max(0, (CREDIBLE - before) / group));
}

/** Readings further than this below the best (in nats) are left out of the draws: their posterior is below e^−PRUNE. */
const PRUNE = 60;

export function decide(
  grid: readonly HiddenChoices[],
  readings: readonly ReadingLikelihood[],
  options: DecisionOptions,
): Decision {
  const estimable = readings.some((r) => r.estimable);
  const logsAt = (s: number): number[] => readings.map((r) => (r.estimable ? r.byScale[s]!.log : NaN));
  const byScale = BANDWIDTH_SCALES.map((_, s) => posteriors(logsAt(s), options.prior));
  const main = byScale[MAIN_SCALE]!;
  let best = -1;
  main.forEach((p, i) => {
    if (p > (main[best] ?? -1)) best = i;
  });
  // Per choice and reading, the index of the reading's value among the choice's values.
  const valueIndex = HIDDEN_CHOICES.map((c) => grid.map((h) => c.values.indexOf(h[c.key])));
  const offsets = HIDDEN_CHOICES.map((_, k) => HIDDEN_CHOICES.slice(0, k).reduce((n, c) => n + c.values.length, 0));
  const slots = offsets.at(-1)! + HIDDEN_CHOICES.at(-1)!.values.length;
  const low = new Float64Array(slots + 1).fill(Infinity);
  const high = new Float64Array(slots + 1).fill(-Infinity);
  const estimableLow = new Float64Array(slots + 1).fill(Infinity);
  const key = new ReplicateKey(options.seed, 0);
  const stream = new AleaStream(0, 0, 0);
  // The posteriors averaged over the draws at the main bandwidth: the Monte Carlo error integrated out.
  const integrated = new Float64Array(readings.length);
  const competing = competitors(grid, readings);
  // The readings that could compete enter the second set of draws at their bound (the same at every bandwidth).
  const bound = readings.map(() => NaN);
  for (const c of competing) bound[c.index] = c.upper;
  if (estimable)
    BANDWIDTH_SCALES.forEach((_, s) => {
      const logs = logsAt(s);
      const top = Math.max(...logs.filter(Number.isFinite));
      for (const bounded of competing.length > 0 ? [false, true] : [false]) {
        const active = readings.flatMap((r, i) =>
          (r.estimable || (bounded && !Number.isNaN(bound[i]!))) && (r.estimable ? logs[i]! : bound[i]!) >= top - PRUNE
            ? [i]
            : [],
        );
        const prior = options.prior === undefined ? undefined : active.map((i) => options.prior![i]!);
        const draws = posteriorDraws(
          active.map((i) => readings[i]!),
          s,
          DRAWS,
          key.rekey(stream, 'bootstrap', bounded ? s + BANDWIDTH_SCALES.length : s, options.draw ?? -1),
          prior,
          bounded ? active.map((i) => bound[i]!) : undefined,
        );
        // Each draw's share of every value of every choice (slot `slots` is the best reading's), then their quantiles.
        const shares = Array.from({ length: slots + 1 }, () => new Float64Array(DRAWS));
        const integrating = s === MAIN_SCALE && !bounded;
        const choices = offsets.length;
        // Each active reading's slot of every choice, looked up once rather than once a draw.
        const slotOf = new Int32Array(active.length * choices);
        active.forEach((i, j) => {
          for (let k = 0; k < choices; k++) slotOf[j * choices + k] = offsets[k]! + valueIndex[k]![i]!;
        });
        // A draw's shares summed in a row of their own (the same sums in the same order), then put in their slots.
        const row = new Float64Array(slots);
        for (let n = 0; n < draws.length; n++) {
          const d = draws[n]!;
          row.fill(0);
          for (let j = 0; j < active.length; j++) {
            const i = active[j]!;
            const p = d[j]!;
            if (integrating) integrated[i]! += p / DRAWS;
            for (let k = 0; k < choices; k++) row[slotOf[j * choices + k]!]! += p;
            if (i === best) shares[slots]![n] = p;
          }
          for (let slot = 0; slot < slots; slot++) shares[slot]![n] = row[slot]!;
        }
        shares.forEach((x, slot) => {
          const lower = quantile(x, 0.025);
          low[slot] = Math.min(low[slot]!, lower);
          high[slot] = Math.max(high[slot]!, quantile(x, 0.975));
          if (!bounded) estimableLow[slot] = Math.min(estimableLow[slot]!, lower);
        });
      }
    });
  const marginals = HIDDEN_CHOICES.map((c, k) => ({
    key: c.key,
    values: c.values.map((value, v) => {
      const at = (p: readonly number[]): number =>
        p.reduce((sum, x, i) => (valueIndex[k]![i] === v && x > 0 ? sum + x : sum), 0);
      const slot = offsets[k]! + v;
      return {
        value,
        posterior: estimable ? at(main) : NaN,
        low: estimable ? low[slot]! : NaN,
        high: estimable ? high[slot]! : NaN,
        estimableLow: estimable ? estimableLow[slot]! : NaN,
        byScale: byScale.map((p) => (estimable ? at(p) : NaN)),
      };
    }),
  }));
  const couldCompete = competing.map((c) => c.index);
  const identified: Record<string, string> = {};
  const open: HiddenKey[] = [];
  const blockedBy: Partial<Record<HiddenKey, readonly number[]>> = {};
  for (const m of marginals) {
    const top = m.values.reduce((a, b) => (b.posterior > a.posterior ? b : a));
    const blocked = couldCompete.filter((i) => grid[i]![m.key] !== top.value);
    if (estimable && top.low >= IDENTIFIED && blocked.length === 0) identified[m.key] = top.value;
    else {
      open.push(m.key);
      blockedBy[m.key] = blocked;
    }
  }
  const ranked = Array.from(integrated, (p, i) => ({ p, i }))
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
    bestInterval: estimable ? [low[slots]!, high[slots]!] : [NaN, NaN],
    marginals,
    identified: identified as Partial<HiddenChoices>,
    open,
    credible,
    integrated: Array.from(integrated),
    couldCompete,
    blockedBy,
  };
}
