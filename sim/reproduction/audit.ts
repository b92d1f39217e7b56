/**
 * The audit of the hidden choices: every combination (a *reading* of the article), run under the published
 * settings, scored by the joint likelihood of the publication (likelihood/): the probability that one
 * separate run of every arm reproduces every published figure to the printed precision. Readings are ranked
 * by it, with posteriors under a uniform prior, Bayes factors against the best and ties within Monte Carlo
 * error. Beside it stay the older scores: how many figures lie inside the single-run 95 % range (with what a
 * true model would show) and the share of simulated publications showing the published pattern.
 *
 * Each arm draws its own random numbers (likelihood/unpaired.ts), as the article's arms were separate runs;
 * one arm under different readings shares them. Each distinct simulation runs once (`effectiveKey`).
 *
 * The audit runs in two stages: every reading at a screening count of replicates, then the readings that
 * could still matter — within SCREEN_MARGIN nats of the best, allowing for Monte Carlo error — at the full
 * count. The others keep their screening estimates (their `replicates` says so).
 */
import { ARMS, HIDDEN_CHOICES, armConfig, effectiveKey, type ArmId, type HiddenChoices } from './arms.js';
import { PUBLISHED_AGENT } from '../agent/agentConfig.js';
import {
  auditPieces,
  joinFigureValues,
  simulationPool,
  type AuditJob,
  type AuditJobResult,
  type RunJob,
  type RunJobResult,
  type SimulationJob,
  type SimulationResult,
} from './simulationJobs.js';
import { FIGURES, findFigure, type FigureId } from './figures.js';
import { patternShare, showsExploitPattern, type FigureValues } from './pattern.js';
import { CentralRanges, place, type Placement } from '../core/percentile.js';
import type { WorkerPool } from '../core/parallel/pool.js';
import { PartJoiner, type Piece } from '../core/parallel/split.js';
import { closedFormArm, estimateArm, type ArmEstimate } from './likelihood/armEstimate.js';
import { predictiveCheck, type PredictiveCheck } from './likelihood/predictive.js';
import { randomControlProbability } from './likelihood/randomControl.js';
import { chooseBases, readingLikelihood, type ReadingLikelihood } from './likelihood/reading.js';
import { compareReadings, standings, TIE_Z, type Standing } from './likelihood/posterior.js';
import { trueModelInside, type TrueModelInside } from './likelihood/trueModel.js';
import { unpairedSeed } from './likelihood/unpaired.js';

export interface AuditEntry extends Standing {
  readonly hidden: HiddenChoices;
  /** Published figures inside the central 95 % of this combination's single runs. */
  readonly inside: number;
  readonly total: number;
  /** What a true model would show: the expected count inside, and the probability of all of them. */
  readonly trueModel: TrueModelInside;
  /** Replicates behind the scores (the screening count for readings not refined). */
  readonly replicates: number;
  /** Share of simulated publications showing the whole published pattern. */
  readonly patternShare: number;
  /** Share of single runs showing its exploitation part (see `showsExploitPattern`). */
  readonly exploitPatternShare: number;
  /** The mean two-sided tail probability of the published figures (higher fits better). */
  readonly fit: number;
  readonly placements: ReadonlyMap<FigureId, Placement | null>;
  readonly likelihood: ReadingLikelihood;
}

export interface AuditResult {
  /** Best first. */
  readonly entries: readonly AuditEntry[];
  /** The posterior predictive check under the best reading (null when no reading has a finite likelihood). */
  readonly check: PredictiveCheck | null;
  /** Replicates of the screening stage, and how many readings went on to the full count. */
  readonly screening: { readonly replicates: number; readonly refined: number };
  /** The results of `options.alongside`, by key. */
  readonly runs: ReadonlyMap<string, RunJobResult>;
}

/** Replicates every reading gets before the contenders are chosen. */
export const SCREEN_REPLICATES = 250;
/**
 * Readings further than this below the best (in nats, beyond Monte Carlo error) are not refined: a Bayes factor above
 * 10⁴.
 */
export const SCREEN_MARGIN = Math.log(1e4);

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
const TEST_FIGURES: readonly FigureId[] = ['exploit.tests', 'exploit.refutations', 'exploit.refutationRate'];
const readsTests = (arm: ArmId): boolean => FIGURES.some((f) => f.arm === arm && TEST_FIGURES.includes(f.id));

/**
 * The distinct simulations the grid needs (each arm on its own seed), and for each combination the keys of its arms'
 * simulations.
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
      const key = effectiveKey(armConfig(arm, hidden, armSeed, replicates), readsTests(arm.id));
      if (!jobs.has(key)) jobs.set(key, { kind: 'figures', key, arm: arm.id, hidden, seed: armSeed, replicates });
      return key;
    }),
  );
  return { jobs: [...jobs.values()], keys };
}

type Scored = Omit<AuditEntry, keyof Standing | 'likelihood'>;

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
  /** Called after each distinct simulation, per stage. */
  readonly onProgress?: (done: number, total: number, stage: 'screen' | 'refine') => void;
  /** Replicates of the screening stage (default SCREEN_REPLICATES). */
  readonly screenReplicates?: number;
  /** Runs to make on the same threads during the screening stage (the benchmark's arms and openers). */
  readonly alongside?: readonly RunJob[];
}

/** The simulations behind each reading: its arms' keys into one stage's results. */
interface Simulated {
  readonly keys: readonly string[];
  readonly results: ReadonlyMap<string, AuditJobResult>;
}

/** Per simulation key: the arm's likelihood estimates (computed once, however many readings share it). */
class Estimates {
  private readonly cache = new Map<string, ArmEstimate>();
  private readonly control = closedFormArm('random', randomControlProbability());

  of(arm: ArmId, key: string, result: AuditJobResult): ArmEstimate {
    if (arm === 'random') return this.control;
    let e = this.cache.get(key);
    if (e === undefined) this.cache.set(key, (e = estimateArm(arm, new Map(result.values))));
    return e;
  }
}

function valuesOf(sim: Simulated): Map<FigureId, Float64Array> {
  const values = new Map<FigureId, Float64Array>();
  for (const key of sim.keys) for (const [id, v] of sim.results.get(key)!.values) values.set(id, v);
  return values;
}

/** Likelihood of every reading, all arms on bases chosen from these estimates. */
function likelihoods(sims: readonly Simulated[], estimates: Estimates): ReadingLikelihood[] {
  const arms = sims.map((sim) =>
    ARMS.map((arm, a) => {
      const key = sim.keys[a]!;
      return { key, estimate: estimates.of(arm.id, key, sim.results.get(key)!) };
    }),
  );
  const bases = chooseBases(arms.flat().map((t) => t.estimate));
  return arms.map((terms) => readingLikelihood(terms, bases));
}

/** Readings still in contention after screening (indices into the grid). */
export function contenders(readings: readonly ReadingLikelihood[]): number[] {
  const finite = readings.filter((r) => Number.isFinite(r.joint.log));
  if (finite.length === 0) return readings.map((_, i) => i);
  const best = finite.reduce((b, r) => (r.joint.log > b.joint.log ? r : b));
  const floor = best.joint.log - TIE_Z * best.joint.se - SCREEN_MARGIN;
  return readings.flatMap((r, i) =>
    Number.isFinite(r.joint.log) && r.joint.log + TIE_Z * r.joint.se >= floor ? [i] : [],
  );
}

/** What the audit keeps between its stages: the threads, and the per-simulation scores already computed. */
interface AuditState {
  readonly pool: WorkerPool<SimulationJob, SimulationResult>;
  readonly estimates: Estimates;
  readonly memo: ScoreMemo;
}

/**
 * Run one stage's simulations. Each simulation is scored (likelihood estimate, placements, central ranges)
 * in this thread as soon as its last piece is in, so little is left to do after the last one ends.
 */
async function simulate(
  grid: readonly HiddenChoices[],
  seed: number,
  replicates: number,
  options: AuditOptions,
  stage: 'screen' | 'refine',
  state: AuditState,
  alongside: readonly RunJob[] = [],
): Promise<{ sims: Simulated[]; runs: Map<string, RunJobResult> }> {
  const { jobs, keys } = auditJobs(grid, seed, replicates);
  const pieces = auditPieces(jobs, state.pool.threads);
  const pieceOf = new Map<SimulationJob, Piece>(pieces.map(({ job, piece }) => [job, piece]));
  const joiner = new PartJoiner<AuditJobResult>();
  const wholes = new Map<string, AuditJobResult>();
  const runs = new Map<string, RunJobResult>();
  // Longest first, so the stage ends on short pieces and no thread waits long for the other's last one.
  const longestFirst = pieces.map((p) => p.job).sort((a, b) => b.replicates - a.replicates);
  const all: readonly SimulationJob[] = [...alongside, ...longestFirst];
  let done = 0;
  await state.pool.run(
    all,
    (job, result) => {
      if (job.kind === 'run' && 'replicates' in result) runs.set(job.key, result);
      else if (job.kind === 'figures' && 'values' in result) {
        const piece = pieceOf.get(job)!;
        const parts = joiner.add(piece, result);
        if (parts !== null) {
          const whole = jobs[piece.unit]!;
          const joined = joinFigureValues(whole, parts);
          wholes.set(whole.key, joined);
          state.estimates.of(whole.arm, whole.key, joined);
          for (const [id, values] of joined.values) {
            state.memo.ranges.of(values);
            state.memo.place(values, findFigure(id));
          }
        }
      } else throw new Error(`simulation ${job.key} returned the wrong kind of result`);
      options.onProgress?.(++done, all.length, stage);
    },
    // This thread leaves the runs kept whole (the longest jobs) to the workers: while it is busy with one,
    // the workers wait on its event loop once their queue runs dry.
    { here: (job) => job.kind !== 'run' },
  );
  const results = new Map(jobs.map((job) => [job.key, wholes.get(job.key)!]));
  return { sims: keys.map((k) => ({ keys: k, results })), runs };
}

/** Run the audit: screen every reading, refine the contenders, rank by likelihood. */
export async function auditPublication(
  seed: number,
  replicates: number,
  options: AuditOptions = {},
): Promise<AuditResult> {
  const pool = simulationPool(Math.max(1, options.workers ?? 1));
  try {
    return await auditOn(seed, replicates, options, { pool, estimates: new Estimates(), memo: new ScoreMemo() });
  } finally {
    await pool.close();
  }
}

async function auditOn(
  seed: number,
  replicates: number,
  options: AuditOptions,
  state: AuditState,
): Promise<AuditResult> {
  const grid = auditGrid();
  const screen = Math.min(replicates, options.screenReplicates ?? SCREEN_REPLICATES);
  const { sims, runs } = await simulate(grid, seed, screen, options, 'screen', state, options.alongside);
  let refined = 0;
  // One cache for both rankings: readings not refined keep their screening simulations.
  if (screen < replicates) {
    const chosen = contenders(likelihoods(sims, state.estimates));
    const { sims: full } = await simulate(
      chosen.map((i) => grid[i]!),
      seed,
      replicates,
      options,
      'refine',
      state,
    );
    chosen.forEach((i, j) => (sims[i] = full[j]!));
    refined = chosen.length;
  } else {
    refined = grid.length;
  }
  const readings = likelihoods(sims, state.estimates);
  const order = grid.map((_, i) => i).sort((a, b) => compareReadings(readings[a]!, readings[b]!) || a - b);
  const ranked = standings(order.map((i) => readings[i]!));
  const entries = order.map((i, k) => ({
    ...scoreCombination(grid[i]!, valuesOf(sims[i]!), state.memo),
    likelihood: readings[i]!,
    ...ranked[k]!,
  }));
  const bestFinite = entries.length > 0 && Number.isFinite(entries[0]!.likelihood.joint.log);
  return {
    entries,
    check: bestFinite ? predictiveCheck(valuesOf(sims[order[0]!]!)) : null,
    screening: { replicates: screen, refined },
    runs,
  };
}

/** The ranked entries alone. */
export async function runAudit(seed: number, replicates: number, options: AuditOptions = {}): Promise<AuditEntry[]> {
  return [...(await auditPublication(seed, replicates, options)).entries];
}
