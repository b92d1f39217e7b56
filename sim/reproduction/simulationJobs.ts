/**
 * The reproduction's units of work, for the worker pool: an audited simulation (one arm under one
 * combination of hidden choices, reduced to per-replicate figure values) or a run kept whole (an arm or an
 * opener of the benchmark table). Jobs are plain data so they can cross to a worker thread; each is
 * deterministic, so the result does not depend on which thread runs which job, or in what order.
 */
import { armConfig, findArm, type ArmId, type HiddenChoices } from './arms.js';
import type { RunConfig } from '../experiment/config.js';
import { envSpecOf, runExperiment } from '../experiment/experiment.js';
import { runReplicate } from '../experiment/replicate.js';
import type { RoundMetrics } from '../core/metrics.js';
import { figuresOf, TEST_FIGURES, testFiguresUnder, type AccountingFigureId, type FigureId } from './figures.js';
import { TEST_TIMINGS, TEST_UNITS, type TestTiming, type TestUnit } from '../agent/choices.js';

/** Every test accounting: unit × timing. */
export const ACCOUNTINGS: readonly { readonly unit: TestUnit; readonly timing: TestTiming }[] = TEST_UNITS.flatMap(
  (unit) => TEST_TIMINGS.map((timing) => ({ unit, timing })),
);
import { collectFigureValues } from './reproduction.js';

export interface AuditJob {
  readonly kind: 'figures';
  /** The simulation's effective key (see `effectiveKey`); equal keys are the same simulation. */
  readonly key: string;
  readonly arm: ArmId;
  readonly hidden: HiddenChoices;
  readonly seed: number;
  /** Replicates in this job: `first` … `first + replicates − 1` (a piece of a larger simulation, see `splitJobs`). */
  readonly replicates: number;
  readonly first?: number;
  /**
   * Stop each replicate as soon as it can no longer reproduce a published figure it settles early (see
   * `Figure.possible`); such a replicate's figures are NaN. For runs that only count when they reproduce.
   */
  readonly rejectEarly?: boolean;
  /**
   * Also give the test figures under every accounting (as `AccountingFigureId`s): the accounting changes no
   * run under the published lifecycle, so one simulation serves the four readings that differ only in it.
   */
  readonly accountings?: boolean;
}

/** A run whose every replicate is kept (the benchmark's arms and openers). */
export interface RunJob {
  readonly kind: 'run';
  readonly key: string;
  readonly config: RunConfig;
}

export type SimulationJob = AuditJob | RunJob;

/** What an audited simulation gives per replicate: its arm's figures, and with `accountings` their variants. */
export type SimulationFigure = FigureId | AccountingFigureId;

export interface AuditJobResult {
  readonly key: string;
  readonly values: [SimulationFigure, Float64Array][];
}

export interface RunJobResult {
  readonly key: string;
  /** [replicate][round] */
  readonly replicates: RoundMetrics[][];
}

export type SimulationResult = AuditJobResult | RunJobResult;

export function runSimulation(job: SimulationJob): SimulationResult {
  if (job.kind === 'run') return { key: job.key, replicates: runExperiment(job.config).replicates };
  const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
  // Each replicate reduced to its figures as it ends: a piece of 10 000 replicates would otherwise hold 50 000
  // rounds' metrics until it ends, long enough for the collector to copy them out of the young generation.
  const spec = envSpecOf(config);
  const first = job.first ?? 0;
  const settled = job.rejectEarly === true ? figuresOf(job.arm).filter((f) => f.possible !== undefined) : [];
  const options = {
    ...(settled.length === 0
      ? {}
      : { keepGoing: (rounds: readonly RoundMetrics[]) => settled.every((f) => f.possible!(rounds)) }),
    ...(job.accountings === true ? { accountings: true } : {}),
  };
  const n = config.replicates;
  const variants =
    job.accountings === true
      ? ACCOUNTINGS.map((a) => ({ ...a, columns: TEST_FIGURES.map(() => new Float64Array(n)) }))
      : [];
  const values = collectFigureValues(
    job.arm,
    n,
    (r) => {
      const rounds = runReplicate(config, spec, first + r, options);
      const complete = rounds.length === config.rounds;
      for (const v of variants) {
        const x = complete ? testFiguresUnder(rounds, v.unit, v.timing) : [NaN, NaN, NaN];
        v.columns.forEach((c, k) => (c[r] = x[k]!));
      }
      return rounds;
    },
    config.rounds,
  );
  return {
    key: job.key,
    values: [
      ...values,
      ...variants.flatMap((v) =>
        TEST_FIGURES.map((id, k): [SimulationFigure, Float64Array] => [`${id}@${v.unit}/${v.timing}`, v.columns[k]!]),
      ),
    ],
  };
}

/** Pieces to aim at per worker: enough that the last ones to finish are short. */
const PIECES_PER_WORKER = 32;
/**
 * The simulations at the end of the list, worth this many pieces per worker, are cut four times finer: a
 * worker is kept jobs ahead (see workerPool.ts), so a stage ends with each thread finishing what it holds,
 * and finer last pieces make that wait short.
 */
const FINE_TAIL = 3;

/**
 * Cut simulations into pieces of consecutive replicates for `workers` threads, so that a stage of a few long
 * simulations still ends with every thread busy; short ones stay whole. A replicate's values depend only on
 * its number, so the pieces joined in order (`PieceJoiner`) are the whole simulation's.
 */
export function splitJobs(jobs: readonly AuditJob[], workers: number): AuditJob[] {
  if (workers <= 1) return [...jobs];
  const total = jobs.reduce((n, j) => n + j.replicates, 0);
  const size = Math.max(1, Math.ceil(total / (workers * PIECES_PER_WORKER)));
  const fine = Math.max(1, Math.ceil(size / 4));
  // Replicates left from each job on to the end of the list.
  let after = total;
  return jobs.flatMap((job) => {
    after -= job.replicates;
    const piece = after < FINE_TAIL * workers * size ? fine : size;
    if (job.replicates <= piece) return [job];
    const parts = Math.ceil(job.replicates / piece);
    const start = (i: number): number => Math.floor((i * job.replicates) / parts);
    return Array.from({ length: parts }, (_, i) => ({
      ...job,
      key: `${job.key}@${i}`,
      first: (job.first ?? 0) + start(i),
      replicates: start(i + 1) - start(i),
    }));
  });
}

/** A simulation's values from its pieces' (`splitJobs`), given in replicate order. */
function joinValues(job: AuditJob, pieces: readonly AuditJobResult[]): AuditJobResult {
  if (pieces.length === 1 && pieces[0]!.key === job.key) return pieces[0]!;
  const values = pieces[0]!.values.map(([id], f): [SimulationFigure, Float64Array] => {
    const joined = new Float64Array(job.replicates);
    let at = 0;
    for (const piece of pieces) {
      joined.set(piece.values[f]![1], at);
      at += piece.values[f]![1].length;
    }
    return [id, joined];
  });
  return { key: job.key, values };
}

/**
 * Pieces joined as they come in: `add` returns a simulation's whole result when its last piece arrives,
 * so work on it can start while other simulations still run.
 */
export class PieceJoiner {
  /** Per piece key: its simulation and its index among the simulation's pieces. */
  private readonly pieceOf = new Map<string, { readonly job: AuditJob; readonly index: number }>();
  private readonly pieces = new Map<string, (AuditJobResult | undefined)[]>();
  private readonly missing = new Map<string, number>();
  readonly wholes = new Map<string, AuditJobResult>();

  /** `split` is `splitJobs(jobs, …)`: each job's pieces, in order, after the previous job's. */
  constructor(
    private readonly jobs: readonly AuditJob[],
    split: readonly AuditJob[],
  ) {
    let j = 0;
    let index = 0;
    for (const piece of split) {
      while (piece.key !== jobs[j]!.key && piece.key !== `${jobs[j]!.key}@${index}`) {
        j++;
        index = 0;
      }
      const job = jobs[j]!;
      this.pieceOf.set(piece.key, { job, index });
      this.missing.set(job.key, (this.missing.get(job.key) ?? 0) + 1);
      index++;
    }
    for (const job of jobs)
      this.pieces.set(job.key, new Array<AuditJobResult | undefined>(this.missing.get(job.key) ?? 0));
  }

  /** Take a piece in; the whole simulation's result when this was its last piece, else null. */
  add(result: AuditJobResult): { readonly job: AuditJob; readonly whole: AuditJobResult } | null {
    const at = this.pieceOf.get(result.key);
    if (at === undefined) throw new Error(`simulation ${result.key} is no piece of this stage`);
    const key = at.job.key;
    this.pieces.get(key)![at.index] = result;
    const left = this.missing.get(key)! - 1;
    this.missing.set(key, left);
    if (left > 0) return null;
    const whole = joinValues(at.job, this.pieces.get(key)! as AuditJobResult[]);
    this.wholes.set(key, whole);
    return { job: at.job, whole };
  }

  /** Every simulation's result, in job order (all pieces must be in). */
  results(): Map<string, AuditJobResult> {
    return new Map(this.jobs.map((job) => [job.key, this.wholes.get(job.key)!]));
  }
}

/** The results of figure jobs only (the audit's), as their own type; throws on any other. */
export function figureResults(results: ReadonlyMap<string, SimulationResult>): Map<string, AuditJobResult> {
  const out = new Map<string, AuditJobResult>();
  for (const [key, result] of results) {
    if (!('values' in result)) throw new Error(`simulation ${key} did not return figure values`);
    out.set(key, result);
  }
  return out;
}

/** Buffers a result can hand over to the main thread instead of copying. */
export function transferables(result: SimulationResult): ArrayBuffer[] {
  return 'values' in result ? result.values.map(([, v]) => v.buffer as ArrayBuffer) : [];
}
