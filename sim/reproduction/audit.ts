/**
 * The audit of the hidden choices: every combination (a *reading* of the article), run under the published
 * settings at the full count of replicates, and scored by the joint likelihood of the publication
 * (likelihood/): the probability that one separate run of every arm reproduces every published figure to
 * the printed precision. Readings are ranked by it, with posteriors under a uniform prior, Bayes factors
 * against the best and ties within Monte Carlo error. No reading is set aside for a zero count: a reading
 * is estimated from all its runs, and one that too few runs reproduce is reported as not estimable, with
 * what bounds it. Beside the likelihood stay the older scores: how many figures lie inside the single-run
 * 95 % range (with what a true model would show) and the share of simulated publications showing the
 * published pattern.
 *
 * Each arm draws its own random numbers (likelihood/unpaired.ts), as the article's arms were separate runs;
 * one arm under different readings shares them. Each distinct simulation runs once (`effectiveKey`).
 */
import { ARMS, HIDDEN_CHOICES, armConfig, effectiveKey, type ArmId, type HiddenChoices } from './arms.js';
import { PUBLISHED_AGENT } from '../agent/agentConfig.js';
import {
  simulationPool,
  type AuditJob,
  type RunJob,
  type RunJobResult,
  type SimulationPool,
} from './simulationJobs.js';
import { FIGURES, TEST_FIGURES, type FigureId } from './figures.js';
import { patternShare, showsExploitPattern, type FigureValues } from './pattern.js';
import { CentralRanges, place, type Placement } from '../core/percentile.js';
import { estimateArm, MAIN_SCALE, type ArmEstimate } from './likelihood/armEstimate.js';
import { publishedTargets } from './likelihood/classes/armClass.js';
import { randomControlProbability } from './likelihood/randomControl.js';
import type { ReadingLikelihood } from './likelihood/reading.js';
import { compareReadings, standings, type Standing } from './likelihood/posterior.js';
import { trueModelInside, type TrueModelInside } from './likelihood/trueModel.js';
import { unpairedSeed } from './likelihood/unpaired.js';
import { bestReadingChecks, checksAside, checksRequest, type BestReadingChecks } from './checks/bestReading.js';
import type { Simulations } from './checks/sameRuns.js';
import { abcArm, syntheticArm } from './checks/abcEstimates.js';
import { withArmEstimate } from './checks/crossCheck.js';
import { figuresOn, splitKey, variantOf } from './runs/keys.js';
import { estimateSimulations, readingsOf, refine, simulationBandwidths } from './refine.js';

export interface AuditEntry extends Standing {
  readonly hidden: HiddenChoices;
  /** Published figures inside the central 95 % of this combination's single runs. */
  readonly inside: number;
  readonly total: number;
  /** What a true model would show: the expected count inside, and the probability of all of them. */
  readonly trueModel: TrueModelInside;
  /** Replicates behind the scores. */
  readonly replicates: number;
  /** Share of simulated publications showing the whole published pattern. */
  readonly patternShare: number;
  /** Share of single runs showing its exploitation part (see `showsExploitPattern`). */
  readonly exploitPatternShare: number;
  /** The mean two-sided tail probability of the published figures (higher fits better). */
  readonly fit: number;
  readonly placements: ReadonlyMap<FigureId, Placement | null>;
  readonly likelihood: ReadingLikelihood;
  /** Index of the reading in `auditGrid()` order. */
  readonly index: number;
}

/** The estimator applied to the simulated random control, beside the closed form it must match. */
export interface RandomControlCheck {
  readonly closedForm: number;
  readonly estimated: number;
  /** Standard error of log estimated. */
  readonly logSe: number;
  readonly replicates: number;
}

/**
 * A reading's log-likelihood with its exploitation arm by rejection ABC instead (checks/crossCheck.ts), beside the main
 * one.
 */
export interface CrossChecked {
  readonly index: number;
  readonly abc: { readonly log: number; readonly se: number };
  /** The same with the exploitation arm by a synthetic likelihood (checks/crossCheck.ts), or null. */
  readonly synthetic: { readonly log: number; readonly se: number } | null;
  readonly main: { readonly log: number; readonly se: number };
}

/** Readings within this many nats of the best are cross-checked. */
export const CROSS_CHECKED = 10;

export type { BestReadingChecks } from './checks/bestReading.js';

export interface AuditResult {
  /** Best first. */
  readonly entries: readonly AuditEntry[];
  /** Checks under the best reading (null when no reading is estimable). */
  readonly checks: BestReadingChecks | null;
  /** Replicates per arm and reading (the refinement's extra runs for readings in doubt: `extraRuns`). */
  readonly replicates: number;
  /** Runs the refinement added, by simulation key. */
  readonly extraRuns: ReadonlyMap<string, number>;
  /** Kernel bandwidth per continuous figure (the same for every reading). */
  readonly bandwidths: ReadonlyMap<FigureId, number>;
  readonly randomControl: RandomControlCheck;
  /**
   * The leading readings (within CROSS_CHECKED nats of the best) by rejection ABC and a synthetic likelihood,
   * best first.
   */
  readonly crossCheck: readonly CrossChecked[];
  /** Every simulation's figures, and each reading's simulations (what calibration and the verdict reuse). */
  readonly simulations: Simulations;
  /** The results of `options.alongside`, by key. */
  readonly runs: ReadonlyMap<string, RunJobResult>;
}

/** Every combination of the hidden choices; each choice's values start with the default, so ties favour it. */
export function auditGrid(): HiddenChoices[] {
  let grid: Record<string, string>[] = [{}];
  for (const choice of HIDDEN_CHOICES) {
    const def = PUBLISHED_AGENT[choice.key];
    const values = [def, ...choice.values.filter((v) => v !== def)];
    grid = grid.flatMap((partial) => values.map((v) => ({ ...partial, [choice.key]: v })));
  }
  return grid as unknown as HiddenChoices[];
}

/** Arms whose figures read the skill-test accounting. */
const readsTests = (arm: ArmId): boolean =>
  FIGURES.some((f) => f.arm === arm && (TEST_FIGURES as readonly FigureId[]).includes(f.id));

/** The simulation key of an arm under one test accounting: that accounting's variant of one simulation's figures. */
const accountingKey = (simulation: string, h: HiddenChoices): string => `${simulation}@${h.testUnit}/${h.testAt}`;

/**
 * The distinct simulations the grid needs (each arm on its own seed), and for each combination the keys of its
 * arms' simulations. An arm that reads the test accounting is simulated once for all four accountings (the
 * accounting changes no run; `AuditJob.accountings`): its readings' keys name the accounting's variant.
 */
export function auditJobs(
  grid: readonly HiddenChoices[],
  seed: number,
  replicates: number,
): { jobs: AuditJob[]; keys: string[][] } {
  const jobs = new Map<string, AuditJob>();
  const keys = grid.map((hidden) =>
    ARMS.map((arm) => {
      const armSeed = unpairedSeed(seed, arm.id);
      const tests = readsTests(arm.id);
      const key = effectiveKey(armConfig(arm, hidden, armSeed, replicates), false);
      if (!jobs.has(key))
        jobs.set(key, {
          kind: 'figures',
          key,
          arm: arm.id,
          hidden,
          seed: armSeed,
          replicates,
          ...(tests ? { accountings: true } : {}),
        });
      return tests ? accountingKey(key, hidden) : key;
    }),
  );
  return { jobs: [...jobs.values()], keys };
}

type Scored = Omit<AuditEntry, keyof Standing | 'likelihood' | 'index'>;

/**
 * What scoring reuses between readings that share a simulation (and so its figures' arrays): each figure's
 * placement and central range, computed once per array.
 */
export class ScoreMemo {
  readonly ranges = new CentralRanges();
  private readonly placements = new WeakMap<Float64Array, Map<FigureId, Placement | null>>();

  place(values: Float64Array, figure: (typeof FIGURES)[number]): Placement | null {
    let byFigure = this.placements.get(values);
    if (byFigure === undefined) this.placements.set(values, (byFigure = new Map()));
    let p = byFigure.get(figure.id);
    if (p === undefined) byFigure.set(figure.id, (p = place(values, figure.published, figure.claim)));
    return p;
  }
}

/** The figure-range and pattern scores of one combination from its per-replicate figure values. */
export function scoreCombination(hidden: HiddenChoices, values: FigureValues, memo = new ScoreMemo()): Scored {
  const placements = new Map<FigureId, Placement | null>();
  let inside = 0;
  let fitSum = 0;
  for (const figure of FIGURES) {
    const p = memo.place(values.get(figure.id)!, figure);
    placements.set(figure.id, p);
    if (p?.consistent === true) inside++;
    fitSum += p === null ? 0 : figure.claim === 'atLeast' ? p.above : Math.min(1, 2 * Math.min(p.below, p.above));
  }
  return {
    hidden,
    inside,
    total: FIGURES.length,
    trueModel: trueModelInside(values, memo.ranges),
    replicates: values.get('exploit.final')?.length ?? 0,
    patternShare: patternShare(values),
    exploitPatternShare: patternShare(values, showsExploitPattern),
    fit: fitSum / FIGURES.length,
    placements,
  };
}

export interface AuditOptions {
  /** Worker threads (1 = run in this thread). The result does not depend on it. */
  readonly workers?: number;
  /** A pool to run on, left open for what follows (its threads in place of `workers`). */
  readonly pool?: SimulationPool;
  /** Called after each piece of simulation, and of the refinement's. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly onRefine?: (done: number, total: number) => void;
  /** Runs to make on the same threads (the benchmark's arms and openers). */
  readonly alongside?: readonly RunJob[];
  /** Called with the runs of `alongside` as soon as the last of them is in, ahead of the audit's end. */
  readonly onRuns?: (runs: ReadonlyMap<string, RunJobResult>) => void;
  /** Readings to audit (default: `auditGrid()`); a smaller grid serves tests and reduced calibrations. */
  readonly grid?: readonly HiddenChoices[];
  /** Simulated publications of the best reading behind its checks (default: the audit's replicates). */
  readonly checkRuns?: number;
}

/** One reading's figures: its arms' simulations joined. */
export function readingValues(sims: Simulations, reading: number): Map<FigureId, Float64Array> {
  const values = new Map<FigureId, Float64Array>();
  for (const key of sims.keys[reading]!) for (const [id, v] of sims.values.get(key)!) values.set(id, v);
  return values;
}

/**
 * Run every distinct simulation of the grid on the pool. Long simulations are cut into pieces of
 * consecutive replicates (see `auditPieces`) so every thread stays busy to the end.
 */
export async function simulateGrid(
  grid: readonly HiddenChoices[],
  seed: number,
  replicates: number,
  pool: SimulationPool,
  options: Pick<AuditOptions, 'onProgress' | 'alongside' | 'onRuns'> = {},
): Promise<{ simulations: Simulations; jobs: AuditJob[]; runs: Map<string, RunJobResult> }> {
  const { jobs, keys } = auditJobs(grid, seed, replicates);
  const { values: results, runs } = await figuresOn(pool, jobs, options);
  const values = new Map<string, Map<FigureId, Float64Array>>();
  for (const row of keys)
    for (const key of row) {
      const { job, variant } = splitKey(key);
      if (!values.has(key)) values.set(key, variantOf(results.get(job)!, variant));
    }
  return { simulations: { grid, keys, values }, jobs, runs };
}

/** Run the audit: every reading at the full count, ranked by likelihood. */
export async function auditPublication(
  seed: number,
  replicates: number,
  options: AuditOptions = {},
): Promise<AuditResult> {
  const { result, checks } = await auditAside(seed, replicates, options);
  return { ...result, checks: await checks };
}

/**
 * The audit, its best reading's checks on more publications (`checkRuns`) still being made on a thread of their
 * own (`checksAside`) when it resolves, for a caller with other work to do meanwhile; `result.checks` holds the
 * checks on the bank's own runs, or null until `checks` resolves.
 */
export async function auditAside(
  seed: number,
  replicates: number,
  options: AuditOptions = {},
): Promise<{ result: AuditResult; checks: Promise<BestReadingChecks | null> }> {
  const pool = options.pool ?? simulationPool(Math.max(1, options.workers ?? 1));
  try {
    const grid = options.grid ?? auditGrid();
    const { simulations, jobs, runs } = await simulateGrid(grid, seed, replicates, pool, options);
    const bandwidths = simulationBandwidths(simulations);
    const { extended, estimates } = await refine(simulations, jobs, bandwidths, pool, options.onRefine);
    const more = options.checkRuns ?? replicates;
    // With more publications behind the best reading's checks, the bank's own would be made only to be replaced.
    const ranked = rankSimulations(simulations, replicates, extended, {
      bandwidths,
      estimates,
      checks: more <= replicates,
    });
    const best = ranked.entries[0];
    if (best === undefined || !best.likelihood.estimable || more <= replicates)
      return { result: { ...ranked, runs }, checks: Promise.resolve(ranked.checks) };
    return {
      result: { ...ranked, runs },
      checks: checksAside(checksRequest(simulations, jobs, best.index, more), pool.threads),
    };
  } finally {
    if (options.pool === undefined) await pool.close();
  }
}

/**
 * The audit's ranking from simulations already made (`extended`: the refinement's, see `refine`). `made` gives
 * what is already known of them: their bandwidths, their estimates with `extended` (the refinement's), and
 * whether the best reading's checks on these runs are wanted (by default they are).
 */
export function rankSimulations(
  sims: Simulations,
  replicates: number,
  extended: ReadonlyMap<string, FigureValues> = new Map(),
  made: {
    readonly bandwidths?: ReadonlyMap<FigureId, number>;
    readonly estimates?: ReadonlyMap<string, ArmEstimate>;
    readonly checks?: boolean;
  } = {},
): Omit<AuditResult, 'runs'> {
  const bandwidths = made.bandwidths ?? simulationBandwidths(sims);
  const estimates = made.estimates ?? estimateSimulations(sims, bandwidths, extended);
  const readings = readingsOf(sims, estimates);
  const order = sims.grid
    .map((_, i) => i)
    .sort((a, b) => compareReadings(readings[a]!, readings[b]!, MAIN_SCALE) || a - b);
  const ranked = standings(
    order.map((i) => readings[i]!),
    MAIN_SCALE,
  );
  const memo = new ScoreMemo();
  const entries = order.map((i, k) => ({
    ...scoreCombination(sims.grid[i]!, readingValues(sims, i), memo),
    likelihood: readings[i]!,
    index: i,
    ...ranked[k]!,
  }));
  const randomKey = sims.keys[0]![ARMS.findIndex((a) => a.id === 'random')]!;
  const randomValues = sims.values.get(randomKey)!;
  const randomEstimate = estimateArm('random', randomValues, publishedTargets('random'), bandwidths).byScale[
    MAIN_SCALE
  ];
  const best = entries[0];
  const exploit = ARMS.findIndex((a) => a.id === 'exploit');
  const crossCheck = entries
    .filter((e) => e.likelihood.estimable && e.logBayesFactor <= CROSS_CHECKED)
    .flatMap((e): CrossChecked[] => {
      const key = e.likelihood.arms[exploit]!.key;
      const values = extended.get(key) ?? sims.values.get(key)!;
      const abc = abcArm('exploit', values);
      if (abc === null) return [];
      const synthetic = syntheticArm('exploit', values);
      const main = e.likelihood.byScale[MAIN_SCALE]!;
      return [
        {
          index: e.index,
          abc: withArmEstimate(e.likelihood, exploit, abc),
          synthetic: synthetic === null ? null : withArmEstimate(e.likelihood, exploit, synthetic),
          main: { log: main.log, se: main.se },
        },
      ];
    });
  const bestValues =
    best?.likelihood.estimable === true && made.checks !== false ? readingValues(sims, best.index) : null;
  return {
    entries,
    checks: bestValues === null ? null : bestReadingChecks(bestValues),
    replicates,
    crossCheck,
    extraRuns: new Map([...extended].map(([key, v]) => [key, v.values().next().value!.length - replicates])),
    bandwidths,
    randomControl: {
      closedForm: randomControlProbability(),
      estimated: randomEstimate === undefined ? 0 : Math.exp(randomEstimate.log),
      logSe: randomEstimate === undefined ? NaN : Math.sqrt(randomEstimate.variance),
      replicates: randomValues.values().next().value!.length,
    },
    simulations: sims,
  };
}

/** The ranked entries alone. */
export async function runAudit(seed: number, replicates: number, options: AuditOptions = {}): Promise<AuditEntry[]> {
  return [...(await auditPublication(seed, replicates, options)).entries];
}
