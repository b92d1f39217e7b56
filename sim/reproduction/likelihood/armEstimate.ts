/**
 * The probability that one run of an arm reproduces all of that arm's published figures jointly, to the
 * precision the article printed — one estimator for every arm and every reading:
 *
 *   P = P(discrete figures) × P(continuous figures | discrete ones)
 *
 *  - the discrete figures (rounds, skill counts) are matched exactly: the share of runs reproducing all of
 *    them (the *class*), with its binomial error;
 *  - the continuous figures (attempts, tests, refutations), within the class: each figure's window
 *    probability by a variance-corrected kernel (marginal.ts), with one bandwidth per figure for every
 *    reading (bandwidths.ts), and their dependence by a Gaussian copula (copula.ts).
 *
 * Figures implied by others (the refutation rate) add nothing. Errors are on the log scale and add up over
 * the parts (their estimates come from the same runs, but from different aspects of them; the seed-spread
 * test in the test suite checks the sum against the spread over independent seeds). The estimate is given
 * at several bandwidths (BANDWIDTH_SCALES × each figure's), for the sensitivity the verdict requires.
 *
 * An arm is not estimable when no run reproduces its discrete figures ('zero': the probability is below the
 * discrete share's upper bound) or when fewer than MIN_CLASS_RUNS do and continuous figures remain to be
 * estimated from them ('tooFew'); a continuous figure whose class runs all take one value outside its
 * window is a zero too. Nor is it when the estimate rests on fewer than ESS_FLOOR effective runs at some
 * bandwidth ('sparse'): then a run or two decide it, and its reported error cannot be trusted either.
 *
 * The error is the larger of two: the influence functions' (the delta method, from the runs' own spread)
 * and the spread of the same estimate over BATCHES independent batches of the runs (replicate i in batch
 * i mod BATCHES) — the bank's own variation, which catches what the delta method misses.
 */
import type { ArmId } from '../arms.js';
import type { Figure, FigureId } from '../figures.js';
import type { FigureValues } from '../pattern.js';
import { copulaLogDensity } from './copula.js';
import { kernelMarginal } from './marginal.js';
import {
  classOf,
  continuousFigures,
  missingDiscrete,
  runsOf,
  shareUpperBound,
  type ArmTargets,
} from './classes/armClass.js';
import {
  BATCHES,
  batchFits,
  batchRuns,
  fitClass,
  MarginalCache,
  MIN_CLASS_RUNS,
  type ClassFit,
} from './classes/classFit.js';

/** Bandwidths tried, as multiples of each figure's (bandwidths.ts); the middle one is the estimate's. */
export const BANDWIDTH_SCALES: readonly number[] = [0.5, Math.SQRT1_2, 1, Math.SQRT2, 2];
export const MAIN_SCALE = BANDWIDTH_SCALES.indexOf(1);
/**
 * Effective runs below which an estimate is not used (docs/reproduction.md, "No claim rests on one run"), read at
 * the smallest bandwidth (where they are fewest) and at the main one: with
 * k effective runs the log estimate's error is about 1/√k and its distribution skewed by about 1/√k too, so
 * below 10 (an error of a third of a nat, its skew as large) the normal error the posteriors draw from
 * misdescribes it, and the estimate of that error is itself no better.
 */
export const ESS_FLOOR = 10;

export type ArmStatus = 'estimated' | 'zero' | 'tooFew' | 'sparse' | 'closed form';

export interface ScaleEstimate {
  /** Natural log of the probability. */
  readonly log: number;
  /** Its Monte Carlo variance: the larger of the delta method's and the batches'. */
  readonly variance: number;
  /** Runs effectively behind it: the class size, or the smallest kernel effective sample size if lower. */
  readonly ess: number;
  /** The variance of the estimate from the spread over BATCHES batches (NaN where not computed). */
  readonly batchVariance?: number;
}

/**
 * What bounds an arm that is not estimated: the log of an upper bound on its probability (95 %), and whether
 * it still lacks its continuous part (then the decision supplies one, see decision.ts). A zero of one
 * continuous figure is bounded by the other figures' estimate times the zero's share bound, ½·3/m.
 */
export interface ArmBound {
  readonly log: number;
  readonly continuousMissing: boolean;
}

export interface ArmEstimate {
  readonly arm: ArmId;
  /** Runs behind the estimate (0 for a closed form). */
  readonly n: number;
  /** Runs reproducing every discrete figure (the class). */
  readonly hits: number;
  readonly status: ArmStatus;
  /** For a zero: the figures no run (or no run of the class) reproduces. */
  readonly missing: readonly FigureId[];
  /** log of the discrete share (−∞ for none), and of its one-sided 95 % upper bound. */
  readonly discreteLog: number;
  readonly discreteUpper: number;
  /** One estimate per bandwidth scale (BANDWIDTH_SCALES); empty unless estimated. */
  readonly byScale: readonly ScaleEstimate[];
  /** When not estimated: what bounds it (null when estimated). */
  readonly bound: ArmBound | null;
  /** The fewest effective runs behind the estimate over the bandwidths (NaN without a class to estimate from). */
  readonly ess: number;
  /**
   * For a sparse arm, its noise-dominated log estimate at the main bandwidth: it only orders what to run more of
   * (refine.ts), never a reading.
   */
  readonly provisional?: number;
}

export interface EstimateOptions {
  /** A fit of this class made before (calibration reuses it for every publication in the same class). */
  readonly fit?: ClassFit;
  /**
   * Marginal estimates made before, by a key naming figure, window and bandwidth (filled as it goes; a figure's windows
   * all have one width).
   */
  readonly marginals?: MarginalCache;
  /**
   * Estimate at the main bandwidth only, and give that estimate for every scale (for readings far out of contention).
   */
  readonly mainOnly?: boolean;
  /**
   * Leave a zero's `missing` empty: naming the figures scans every run, and only the article's audit reports
   * them (publications judged in bulk do not).
   */
  readonly unnamed?: boolean;
  /**
   * The log estimates alone, their Monte Carlo variances NaN (for publications judged by their log-likelihood,
   * which reads nothing else).
   */
  readonly logOnly?: boolean;
}

/** The arm's figures at one bandwidth scale: the log estimate, or the zero figures with a bound from the rest. */
function atScale(
  fit: ClassFit,
  continuous: readonly Figure[],
  targets: ArmTargets,
  h: (f: Figure) => number,
  marginals: MarginalCache | undefined,
  base: { readonly log: number; readonly variance: number },
  errors: boolean,
): { readonly estimate: ScaleEstimate; readonly zeros: FigureId[] } {
  const m = fit.hits.length;
  let { log, variance } = base;
  let ess = m;
  const cdfs: number[] = [];
  const cdfVariances: number[] = [];
  const zeros: FigureId[] = [];
  for (const f of continuous) {
    const t = targets.get(f.id)!;
    const bandwidth = h(f);
    // An estimate without errors is kept apart; one with them serves either kind.
    const slot = marginals?.slot(f.id, t.lo, bandwidth);
    let e = errors ? slot?.full : (slot?.full ?? slot?.lean);
    if (e === undefined) {
      e = kernelMarginal(fit.columns.get(f.id)!, t, bandwidth, errors);
      if (slot !== undefined) {
        if (errors) slot.full = e;
        else slot.lean = e;
      }
    }
    if (e.mass === 0) {
      zeros.push(f.id);
      continue;
    }
    log += Math.log(e.mass);
    variance += e.logVariance;
    ess = Math.min(ess, e.ess);
    cdfs.push(e.cdf);
    cdfVariances.push(e.cdfVariance);
  }
  const copula = fit.copula === null ? null : zeros.length === 0 ? fit.copula : null;
  if (copula !== null) {
    const c = copulaLogDensity(copula, cdfs, cdfVariances, m);
    log += c.log;
    variance += c.variance;
  }
  return { estimate: { log, variance, ess }, zeros };
}

/**
 * The variance of the log estimate at each of `scales` from its spread over the batches: Σ(x_b − x̄)² / (B(B − 1)),
 * the variance of the mean of B independent estimates each from 1/B of the runs. NaN where a batch gives none.
 */
function batchVariances(
  arm: ArmId,
  values: FigureValues,
  n: number,
  fit: ClassFit,
  continuous: readonly Figure[],
  targets: ArmTargets,
  bandwidth: (f: Figure, scale: number) => number,
  scales: readonly number[],
): number[] {
  const logs = batchFits(arm, values, fit).map((batch, b) => {
    const m = batch.hits.length;
    if (m < 2) return scales.map(() => NaN);
    const base = { log: Math.log(m / batchRuns(n, b)), variance: 0 };
    return scales.map((scale) => {
      const { estimate, zeros } = atScale(
        batch,
        continuous,
        targets,
        (f) => bandwidth(f, scale),
        (batch.marginals ??= new MarginalCache()),
        base,
        false,
      );
      return zeros.length > 0 ? NaN : estimate.log;
    });
  });
  return scales.map((_, s) => {
    const xs = logs.map((l) => l[s]!);
    if (!xs.every(Number.isFinite)) return NaN;
    const mean = xs.reduce((a, x) => a + x, 0) / BATCHES;
    return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (BATCHES * (BATCHES - 1));
  });
}

/** Estimate one arm's joint probability from its runs (`values` holds at least the arm's figures). */
export function estimateArm(
  arm: ArmId,
  values: FigureValues,
  targets: ArmTargets,
  bandwidths: ReadonlyMap<FigureId, number>,
  options: EstimateOptions = {},
): ArmEstimate {
  const n = runsOf(arm, values);
  const fit = options.fit ?? fitClass(arm, values, classOf(arm, values, targets));
  const m = fit.hits.length;
  const discreteLog = Math.log(m / n);
  const discreteUpper = Math.log(shareUpperBound(m, n));
  const base = { arm, n, hits: m, discreteLog, discreteUpper };
  if (m === 0)
    return {
      ...base,
      status: 'zero',
      missing: options.unnamed === true ? [] : missingDiscrete(arm, values, targets),
      byScale: [],
      bound: { log: discreteUpper, continuousMissing: true },
      ess: NaN,
    };
  const continuous = continuousFigures(arm);
  const discrete = { log: discreteLog, variance: (1 - m / n) / m };
  if (continuous.length === 0)
    return m < ESS_FLOOR
      ? {
          ...base,
          status: 'sparse',
          missing: [],
          byScale: [],
          bound: { log: discreteUpper, continuousMissing: false },
          ess: m,
        }
      : {
          ...base,
          status: 'estimated',
          missing: [],
          byScale: BANDWIDTH_SCALES.map(() => ({ ...discrete, ess: m })),
          bound: null,
          ess: m,
        };
  if (m < MIN_CLASS_RUNS)
    return {
      ...base,
      status: 'tooFew',
      missing: [],
      byScale: [],
      bound: { log: discreteUpper, continuousMissing: true },
      ess: NaN,
    };
  const byScale: ScaleEstimate[] = [];
  const errors = options.logOnly !== true;
  const scales = options.mainOnly === true ? [1] : BANDWIDTH_SCALES;
  const bandwidth = (f: Figure, scale: number): number => bandwidths.get(f.id)! * scale;
  for (const scale of scales) {
    const { estimate, zeros } = atScale(
      fit,
      continuous,
      targets,
      (f) => bandwidth(f, scale),
      options.marginals,
      discrete,
      errors,
    );
    if (zeros.length > 0) {
      // The other figures' estimate (their copula left out), times each zero's share bound among the class runs.
      const main =
        scale === 1
          ? estimate
          : atScale(fit, continuous, targets, (f) => bandwidth(f, 1), options.marginals, discrete, errors).estimate;
      const log =
        main.log + zeros.length * Math.log(shareUpperBound(0, m)) + 1.959963984540054 * Math.sqrt(main.variance);
      return {
        ...base,
        status: 'zero',
        missing: zeros,
        byScale: [],
        bound: { log, continuousMissing: false },
        ess: NaN,
      };
    }
    byScale.push(estimate);
  }
  // The floor is read at the smallest bandwidth (the fewest effective runs) and the main one, in either mode.
  const smallest =
    options.mainOnly === true
      ? atScale(fit, continuous, targets, (f) => bandwidth(f, BANDWIDTH_SCALES[0]!), options.marginals, discrete, false)
          .estimate
      : byScale[0]!;
  const ess = Math.min(smallest.ess, byScale[options.mainOnly === true ? 0 : MAIN_SCALE]!.ess);
  // A noise-dominated estimate is not used at all: the arm is bounded like one too rare to estimate.
  if (ess < ESS_FLOOR)
    return {
      ...base,
      status: 'sparse',
      missing: [],
      byScale: [],
      bound: { log: discreteUpper, continuousMissing: true },
      ess,
      provisional: byScale[options.mainOnly === true ? 0 : MAIN_SCALE]!.log,
    };
  const batched = errors ? batchVariances(arm, values, n, fit, continuous, targets, bandwidth, scales) : null;
  const withBatches = byScale.map((e, s) => {
    const b = batched?.[s] ?? NaN;
    return { ...e, variance: Number.isNaN(b) ? e.variance : Math.max(e.variance, b), batchVariance: b };
  });
  const out = options.mainOnly === true ? BANDWIDTH_SCALES.map(() => withBatches[0]!) : withBatches;
  return { ...base, status: 'estimated', missing: [], byScale: out, bound: null, ess };
}

/** An arm whose joint probability is known exactly (no Monte Carlo error, the same under every reading). */
export function closedFormArm(arm: ArmId, p: number): ArmEstimate {
  const log = Math.log(p);
  return {
    arm,
    n: 0,
    hits: 0,
    status: 'closed form',
    missing: [],
    discreteLog: 0,
    discreteUpper: 0,
    byScale: BANDWIDTH_SCALES.map(() => ({ log, variance: 0, ess: Infinity })),
    bound: null,
    ess: Infinity,
  };
}
