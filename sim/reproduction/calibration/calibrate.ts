/**
 * Calibration of the audit's decision on simulated publications whose reading is known. For each of a few
 * true readings, publications are simulated (publications.ts) and each is run through the very decision the
 * article gets (decision.ts), on the audit's own bank of simulations — every reading's runs, the audit's
 * bandwidths — so calibrating costs about one audit: the bank is simulated once and only read after.
 *
 * Per truth it reports how often some hidden choice is identified at a wrong value (goal: at most 5 %) and
 * how often the 90 % confidence set holds the truth (goal: 85–95 %; the credible set's coverage beside it).
 * What does not carry over from the audit: no reading is refined for a publication (the refinement's runs
 * only serve the article's own figures).
 */
import { ARMS, HIDDEN_CHOICES, type ArmId, type HiddenChoices, type HiddenKey } from '../arms.js';
import { PUBLISHED_AGENT } from '../../agent/agentConfig.js';
import { readingsOf } from '../refine.js';
import type { Simulations } from '../checks/sameRuns.js';
import { decide, inclusion } from '../decision.js';
import type { FigureId } from '../figures.js';
import { MAIN_SCALE, type ArmEstimate, type ArmTargets } from '../likelihood/armEstimate.js';
import { publicationOf, type Publication } from './publications.js';
import { BankCache } from './bankCache.js';
import {
  inclusionAt,
  leaveOneOutCoverage,
  mainLogs,
  ratioStatistic,
  readingThresholds,
  thresholdOf,
} from './confidence.js';
import { COVERAGE_GOAL, WRONG_GOAL } from './goals.js';

/** The true readings calibration simulates publications from, as changes to the code's defaults. */
export const CALIBRATION_TRUTHS: readonly Partial<HiddenChoices>[] = [
  {},
  { testUnit: 'high' },
  { testAt: 'record' },
  { window: 'all' },
  { cadence: 'task' },
  { samples: 'distinct' },
  { update: 'merge', exploreUnit: 'task' },
];
export { CALIBRATION_PUBLICATIONS, COVERAGE_GOAL, WRONG_GOAL } from './goals.js';

export interface TruthCalibration {
  readonly hidden: HiddenChoices;
  readonly publications: number;
  /** Share of publications with some choice identified at a value the truth does not have. */
  readonly wrongIdentifications: number;
  /**
   * Share of publications whose 90 % confidence set (confidence.ts) holds the truth, each judged against the
   * truth's threshold from the other publications.
   */
  readonly coverage90: number;
  /** The truth's threshold on λ from all its publications (nats). */
  readonly threshold: number;
  /**
   * The same coverage with the truth's threshold from THRESHOLD_PUBLICATIONS fresh publications, as the
   * article's set takes it (null when calibration was not given them); its standard error is about
   * √(0.09 · (1/publications + 1/THRESHOLD_PUBLICATIONS)).
   */
  readonly freshCoverage90: number | null;
  /** Share of publications whose 90 % credible set holds the truth (the set holding exactly 0.9, see `inclusion`). */
  readonly credibleCoverage90: number;
  /** Per choice, the share of publications that identify it (at the right value). */
  readonly identified: Partial<Record<HiddenKey, number>>;
  /** Share of publications for which the truth itself could be estimated from the bank. */
  readonly truthEstimable: number;
}

export interface Calibration {
  readonly truths: readonly TruthCalibration[];
  /** Replicates per arm and reading of the bank. */
  readonly replicates: number;
}

/** The truth's index in the grid (a reading is its seven choices). */
function indexOf(grid: readonly HiddenChoices[], h: HiddenChoices): number {
  return grid.findIndex((g) => HIDDEN_CHOICES.every((c) => g[c.key] === h[c.key]));
}

/**
 * Readings further than this below the best at the main bandwidth keep that estimate at every bandwidth: no
 * bandwidth moved a reading by half as much in the audit, so their posteriors stay nil at every one.
 */
export const FAR = 80;

/** Every reading's likelihood of one publication, from the bank. */
export function publicationReadings(
  sims: Simulations,
  bandwidths: ReadonlyMap<FigureId, number>,
  publication: Publication,
  cache = new BankCache(),
) {
  const armOf = new Map<string, ArmId>();
  for (const keys of sims.keys) keys.forEach((k, a) => armOf.set(k, ARMS[a]!.id));
  const estimateAll = (mainOnly: boolean, only?: ReadonlySet<string>): Map<string, ArmEstimate> => {
    const out = new Map<string, ArmEstimate>();
    for (const [key, values] of sims.values) {
      const arm = armOf.get(key)!;
      if (arm === 'random' || only === undefined || only.has(key))
        out.set(key, cache.estimate(key, arm, values, publication.get(arm)!, bandwidths, mainOnly));
    }
    return out;
  };
  const targets = (arm: ArmId): ArmTargets => publication.get(arm)!;
  const first = estimateAll(true);
  const rough = readingsOf(sims, first, targets);
  let best = -Infinity;
  for (const r of rough) if (r.estimable) best = Math.max(best, r.byScale[MAIN_SCALE]!.log);
  const near = new Set<string>();
  rough.forEach((r, i) => {
    if (r.estimable && r.byScale[MAIN_SCALE]!.log >= best - FAR) for (const key of sims.keys[i]!) near.add(key);
  });
  const exact = estimateAll(false, near);
  for (const [key, e] of exact) first.set(key, e);
  return readingsOf(sims, first, targets);
}

export interface CalibrateOptions {
  /**
   * Fresh publications of the truths (a grid of the truths, in order, with THRESHOLD_PUBLICATIONS runs per
   * arm), for thresholds taken as the article's are.
   */
  readonly fresh?: Simulations;
  /** Called after each publication. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly seed: number;
}

/**
 * Calibrate on publications already simulated: `publications[t]` holds truth t's arms' runs (one per
 * publication), each arm's figures by id.
 */
export function calibrate(
  bank: {
    readonly simulations: Simulations;
    readonly bandwidths: ReadonlyMap<FigureId, number>;
    readonly replicates: number;
  },
  truths: readonly HiddenChoices[],
  publications: readonly ReadonlyMap<ArmId, ReadonlyMap<FigureId, Float64Array>>[],
  options: CalibrateOptions,
): Calibration {
  const { simulations: sims, bandwidths } = bank;
  const cache = new BankCache();
  const total = publications.reduce((n, p) => n + p.get('exploit')!.values().next().value!.length, 0);
  let done = 0;
  const fresh =
    options.fresh === undefined
      ? null
      : readingThresholds(
          sims,
          bandwidths,
          truths.map((h) => indexOf(sims.grid, h)),
          options.fresh,
          cache,
        );
  const out = truths.map((truth, t) => {
    const truthIndex = indexOf(sims.grid, truth);
    const count = publications[t]!.get('exploit')!.values().next().value!.length;
    let wrong = 0;
    let covered = 0;
    let estimable = 0;
    const lambdas: number[] = [];
    const identified = new Map<HiddenKey, number>();
    for (let i = 0; i < count; i++) {
      const readings = publicationReadings(sims, bandwidths, publicationOf(publications[t]!, i), cache);
      const d = decide(sims.grid, readings, { seed: options.seed, draw: done });
      if (HIDDEN_CHOICES.some((c) => d.identified[c.key] !== undefined && d.identified[c.key] !== truth[c.key]))
        wrong++;
      covered += inclusion(d, truthIndex);
      lambdas.push(ratioStatistic(mainLogs(readings), truthIndex));
      if (readings[truthIndex]?.estimable === true) estimable++;
      for (const c of HIDDEN_CHOICES)
        if (d.identified[c.key] === truth[c.key]) identified.set(c.key, (identified.get(c.key) ?? 0) + 1);
      options.onProgress?.(++done, total);
    }
    return {
      hidden: truth,
      publications: count,
      wrongIdentifications: wrong / count,
      coverage90: leaveOneOutCoverage(lambdas),
      threshold: thresholdOf(lambdas).value,
      freshCoverage90:
        fresh === null ? null : lambdas.reduce((sum, x) => sum + inclusionAt(x, fresh[t]!.threshold), 0) / count,
      credibleCoverage90: covered / count,
      identified: Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, (identified.get(c.key) ?? 0) / count])),
      truthEstimable: estimable / count,
    };
  });
  return { truths: out, replicates: bank.replicates };
}

/** A truth from its changes to the code's defaults. */
export function truthOf(changes: Partial<HiddenChoices>): HiddenChoices {
  const h = Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, PUBLISHED_AGENT[c.key]])) as unknown as HiddenChoices;
  return { ...h, ...changes };
}

/** Whether a truth's calibration meets the goals (the coverage both ways, where the fresh threshold was taken). */
export function meetsGoals(t: TruthCalibration): boolean {
  const within = (x: number): boolean => x >= COVERAGE_GOAL[0] && x <= COVERAGE_GOAL[1];
  return (
    t.wrongIdentifications <= WRONG_GOAL &&
    within(t.coverage90) &&
    (t.freshCoverage90 === null || within(t.freshCoverage90))
  );
}
