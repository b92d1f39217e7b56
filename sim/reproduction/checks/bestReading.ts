/**
 * What the best reading's simulated publications (run i of every arm) say about the article as a whole: the
 * predictive checks and the one standard for surprise over them (surprise.ts), how extreme its most extreme
 * figure is (extremeness.ts) and how rare its story (story.ts) — each share with its Monte Carlo error, the
 * spread over BATCHES independent batches of the publications.
 *
 * The full audit runs the best reading CHECK_RUNS times for them, beyond the bank's runs (the checks' error would
 * otherwise decide the outlier claim near its line); a quick audit reads its own runs, and its headline says what
 * they do not settle.
 */
import { ARMS } from '../arms.js';
import type { FigureId } from '../figures.js';
import { BATCHES } from '../likelihood/classes/classFit.js';
import { predictiveCheck, type PredictiveCheck } from '../likelihood/predictive.js';
import type { FigureValues } from '../pattern.js';
import { splitKey, variantOf } from '../runs/keys.js';
import { runSimulation, type AuditJob, type AuditJobResult, type SimulationFigure } from '../simulationJobs.js';
import { correctedTail, extremeness, type Extremeness } from './extremeness.js';
import type { Simulations } from './sameRuns.js';
import { storyShares, type StoryShares } from './story.js';
import { surprise, type Surprise } from './surprise.js';
import { findFigure } from '../figures.js';
import { WorkerPool } from '../../core/parallel/pool.js';

/**
 * Simulated publications of the best reading behind the full audit's checks (four times its bank's), and the
 * fewest the outlier claim is made on (headline.ts): fewer leave the claim to the full audit.
 */
export const CHECK_RUNS = 40_000;
export const CHECK_MULTIPLE = 4;

/** A share and its Monte Carlo standard error. */
export interface Share {
  readonly value: number;
  readonly se: number;
}

export interface BestReadingChecks {
  readonly predictive: PredictiveCheck;
  readonly extremeness: Extremeness;
  /** The share of publications with a figure at least as extreme as the article's most extreme one. */
  readonly mostExtreme: Share;
  readonly story: StoryShares;
  /** The story's shares with their errors: the article's, a publication's own (median), those as rare. */
  readonly storyErrors: { readonly article: Share; readonly medianOwn: Share; readonly asRare: Share };
  readonly surprise: Surprise;
  /** Simulated publications behind the checks. */
  readonly publications: number;
}

/** Publications `rows` of the runs (each figure's values at those indices). */
export function subset(values: FigureValues, rows: ArrayLike<number>): Map<FigureId, Float64Array> {
  return new Map([...values].map(([id, v]) => [id, Float64Array.from(rows, (i) => v[i]!)]));
}

/** The BATCHES independent batches of the publications: publication i in batch i mod BATCHES. */
function batchesOf(values: FigureValues): Map<FigureId, Float64Array>[] {
  const n = values.values().next().value?.length ?? 0;
  return Array.from({ length: BATCHES }, (_, b) =>
    subset(
      values,
      Int32Array.from({ length: Math.floor((n - b - 1) / BATCHES) + 1 }, (_, k) => b + k * BATCHES),
    ),
  );
}

/** A statistic with its error: its value on all publications, the spread of its values over the batches. */
function batched(value: number, xs: readonly number[]): Share {
  const mean = xs.reduce((s, x) => s + x, 0) / BATCHES;
  return { value, se: Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (BATCHES * (BATCHES - 1))) };
}

export function bestReadingChecks(values: FigureValues): BestReadingChecks {
  const ext = extremeness(values);
  const story = storyShares(values);
  // Each batch's extremeness and story shares once, for every share read from them.
  const batches = batchesOf(values);
  const mostOf = (e: Extremeness): number => correctedTail(e, e.tails.get(ext.most.id)!);
  const mostExtreme = batches.map((v) => mostOf(extremeness(v)));
  const stories = batches.map(storyShares);
  return {
    predictive: predictiveCheck(values),
    extremeness: ext,
    mostExtreme: batched(mostOf(ext), mostExtreme),
    story,
    storyErrors: {
      article: batched(
        story.article,
        stories.map((x) => x.article),
      ),
      medianOwn: batched(
        story.medianOwn,
        stories.map((x) => x.medianOwn),
      ),
      asRare: batched(
        story.asRare,
        stories.map((x) => x.asRare),
      ),
    },
    surprise: surprise(values, (id) => findFigure(id).published),
    publications: story.publications,
  };
}

/**
 * What the best reading's checks are made from: its arms' simulations in the bank (`base`, by key, in arm order)
 * and the jobs that continue each of them to the checks' count of runs (`checkJobs`).
 */
export interface ChecksRequest {
  readonly base: readonly (readonly [string, ReadonlyMap<FigureId, Float64Array>])[];
  readonly extra: readonly AuditJob[];
}

/** The request for one reading's checks on `runs` publications. */
export function checksRequest(
  sims: Simulations,
  jobs: readonly AuditJob[],
  reading: number,
  runs: number,
): ChecksRequest {
  const keys = sims.keys[reading]!;
  const byKey = new Map(jobs.map((j) => [j.key, j]));
  return {
    base: keys.map((key) => [key, sims.values.get(key)!] as const),
    extra: keys.map((key) => {
      const job = byKey.get(splitKey(key).job)!;
      return { ...job, key: `${job.key}#checks`, first: job.replicates, replicates: runs - job.replicates };
    }),
  };
}

/** The checks' runs: each arm's bank runs followed by its extra runs (`simulated`: their figures, by job key). */
function joinChecks(
  request: ChecksRequest,
  simulated: ReadonlyMap<string, ReadonlyMap<SimulationFigure, Float64Array>>,
): Map<FigureId, Float64Array> {
  const out = new Map<FigureId, Float64Array>();
  request.base.forEach(([key, base], a) => {
    const more = simulated.get(request.extra[a]!.key);
    const added = more === undefined ? null : variantOf(more, splitKey(key).variant);
    for (const [id, v] of base) {
      const tail = added?.get(id);
      if (tail === undefined) out.set(id, v);
      else {
        const joined = new Float64Array(v.length + tail.length);
        joined.set(v);
        joined.set(tail, v.length);
        out.set(id, joined);
      }
    }
  });
  if (out.size === 0) throw new Error(`checks: a reading with no arms among ${ARMS.length}`);
  return out;
}

/**
 * A request's checks, made in this thread: its extra runs simulated here, each job whole (a job's runs are the
 * same whether it runs whole or in pieces: each replicate draws from its own stream).
 */
export function checksOf(request: ChecksRequest): BestReadingChecks {
  const simulated = new Map<string, Map<SimulationFigure, Float64Array>>();
  for (const job of request.extra)
    if (job.replicates > 0 && !simulated.has(job.key)) simulated.set(job.key, new Map(figureResult(job).values));
  return bestReadingChecks(joinChecks(request, simulated));
}

/** An audited simulation's figures (a figure job's result). */
function figureResult(job: AuditJob): AuditJobResult {
  const result = runSimulation(job);
  if (!('values' in result)) throw new Error(`checks: simulation ${job.key} returned runs, not figures`);
  return result;
}

/**
 * The best reading's checks — its extra runs simulated, then the checks made — on a thread of its own, while this
 * one goes on with other work (the confidence set, whose judge leaves the simulations' threads idle); with one
 * thread allowed, here and now. The same checks either way.
 */
export async function checksAside(request: ChecksRequest, threads: number): Promise<BestReadingChecks> {
  if (threads <= 1) return checksOf(request);
  const pool = new WorkerPool<ChecksRequest, BestReadingChecks>(
    new URL('./checksWorker.js', import.meta.url),
    2,
    checksOf,
  );
  try {
    let checks: BestReadingChecks | null = null;
    await pool.run([request], (_, result) => void (checks = result), { here: () => false });
    if (checks === null) throw new Error('checks: the thread making them returned none');
    return checks;
  } finally {
    await pool.close();
  }
}
