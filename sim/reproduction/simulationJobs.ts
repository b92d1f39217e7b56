/**
 * The reproduction's units of work, for the worker pool: an audited simulation (one arm under one
 * combination of hidden choices, reduced to per-replicate figure values) or a run kept whole (an arm or an
 * opener of the benchmark table). Jobs are plain data so they can cross to a worker thread; each is
 * deterministic, so the result does not depend on which thread runs which job, or in what order.
 */
import { armConfig, findArm, type ArmId, type HiddenChoices } from './arms.js';
import type { Run } from '../experiment/config.js';
import { envSpecOf, runExperiment } from '../experiment/experiment.js';
import { runReplicate } from '../experiment/replicate.js';
import type { RoundMetrics } from '../core/metrics.js';
import type { ReplicateHistory } from '../agent/history/recorder.js';
import { figuresOf, TEST_FIGURES, testFiguresUnder, type AccountingFigureId, type FigureId } from './figures.js';
import { HIDDEN_PARAMS, type TestTiming, type TestUnit } from '../agent/choices.js';
import { collectFigureValues } from './reproduction.js';
import { WorkerPool } from '../core/parallel/pool.js';
import { PartJoiner, splitReplicates, type Piece, type SplitOptions } from '../core/parallel/split.js';

/** Every test accounting: unit × timing. */
export const ACCOUNTINGS: readonly { readonly unit: TestUnit; readonly timing: TestTiming }[] =
  HIDDEN_PARAMS.testUnit.values.flatMap((unit) => HIDDEN_PARAMS.testAt.values.map((timing) => ({ unit, timing })));

export interface AuditJob {
  readonly kind: 'figures';
  /** The simulation's effective key (see `effectiveKey`); equal keys are the same simulation. */
  readonly key: string;
  readonly arm: ArmId;
  readonly hidden: HiddenChoices;
  readonly seed: number;
  /** Replicates in this job: `first` … `first + replicates − 1` (a piece of a larger simulation, see `auditPieces`). */
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
  readonly config: Run;
  /** Record each replicate's skill history too (a reproduction writing --library-db). */
  readonly histories?: boolean;
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
  /** Each replicate's skill history, when the job asked for them. */
  readonly histories?: ReplicateHistory[];
}

export type SimulationResult = AuditJobResult | RunJobResult;

export function runSimulation(job: SimulationJob): SimulationResult {
  if (job.kind === 'run') {
    if (job.histories !== true) return { key: job.key, replicates: runExperiment(job.config).replicates };
    const histories: ReplicateHistory[] = [];
    const { replicates } = runExperiment(job.config, 0, { onHistory: (history) => void histories.push(history) });
    return { key: job.key, replicates, histories };
  }
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

/**
 * How the audit's simulations are cut for the pool (see splitReplicates): 32 tasks a thread, and the
 * simulations at the end of the list, worth 3 tasks a thread, four times finer. A worker is kept jobs ahead,
 * so a stage ends with each thread finishing what it holds, and finer last pieces make that wait short.
 * Simulations stay one a task: each is at least a screening's worth of replicates.
 */
export const AUDIT_SPLIT: SplitOptions = { tasksPerThread: 32, fineTail: 3 };

/**
 * The audit's simulations as the pool's jobs: each whole, or cut into pieces of consecutive replicates
 * (`first` … `first + replicates − 1`) for `threads` threads; each piece with where it belongs.
 */
export function auditPieces(jobs: readonly AuditJob[], threads: number): { job: AuditJob; piece: Piece }[] {
  const out: { job: AuditJob; piece: Piece }[] = [];
  for (const task of splitReplicates(jobs.length, (u) => jobs[u]!.replicates, threads, AUDIT_SPLIT)) {
    for (const piece of task) {
      const whole = jobs[piece.unit]!;
      const job =
        piece.parts === 1
          ? whole
          : {
              ...whole,
              key: `${whole.key}@${piece.part}`,
              first: (whole.first ?? 0) + piece.from,
              replicates: piece.to - piece.from,
            };
      out.push({ job, piece });
    }
  }
  return out;
}

/** A simulation's values from its pieces' results, given in replicate order. */
export function joinFigureValues(job: AuditJob, pieces: readonly AuditJobResult[]): AuditJobResult {
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

export type SimulationPool = WorkerPool<SimulationJob, SimulationResult>;

/** The pool the reproduction's simulations run on: this thread and `threads` − 1 worker threads. */
export function simulationPool(threads: number): SimulationPool {
  return new WorkerPool(new URL('./simulationWorker.js', import.meta.url), threads, runSimulation);
}

/**
 * Run figure jobs on the pool, each cut into pieces (`auditPieces`) and joined again, with runs kept whole
 * (`alongside`) ahead of them. `onSimulation` takes each simulation's values as soon as its last piece is
 * in, so work on it can start while others still run, and `onRuns` the runs kept whole once the last is in;
 * the result holds every job's values by key.
 */
export async function runFigureJobs(
  pool: SimulationPool,
  jobs: readonly AuditJob[],
  options: {
    readonly alongside?: readonly RunJob[];
    readonly onProgress?: (done: number, total: number) => void;
    readonly onSimulation?: (job: AuditJob, result: AuditJobResult) => void;
    readonly onRuns?: (runs: ReadonlyMap<string, RunJobResult>) => void;
  } = {},
): Promise<{ values: Map<string, AuditJobResult>; runs: Map<string, RunJobResult> }> {
  const pieces = auditPieces(jobs, pool.threads);
  const pieceOf = new Map<SimulationJob, Piece>(pieces.map(({ job, piece }) => [job, piece]));
  const joiner = new PartJoiner<AuditJobResult>();
  const values = new Map<string, AuditJobResult>();
  const runs = new Map<string, RunJobResult>();
  // Longest first, so the run ends on short pieces and no thread waits long for the other's last one.
  const longestFirst = pieces.map((p) => p.job).sort((a, b) => b.replicates - a.replicates);
  const all: readonly SimulationJob[] = [...(options.alongside ?? []), ...longestFirst];
  let done = 0;
  await pool.run(
    all,
    (job, result) => {
      if (job.kind === 'run' && 'replicates' in result) {
        runs.set(job.key, result);
        if (runs.size === options.alongside?.length) options.onRuns?.(runs);
      } else if (job.kind === 'figures' && 'values' in result) {
        const piece = pieceOf.get(job)!;
        const parts = joiner.add(piece, result);
        if (parts !== null) {
          const whole = jobs[piece.unit]!;
          const joined = joinFigureValues(whole, parts);
          values.set(whole.key, joined);
          options.onSimulation?.(whole, joined);
        }
      } else throw new Error(`simulation ${job.key} returned the wrong kind of result`);
      options.onProgress?.(++done, all.length);
    },
    // This thread leaves the runs kept whole (the longest jobs) to the workers: while it is busy with one,
    // the workers wait on its event loop once their queue runs dry.
    { here: (job) => job.kind !== 'run' },
  );
  return { values, runs };
}

/** Buffers a result can hand over to the main thread instead of copying. */
export function transferables(result: SimulationResult): ArrayBuffer[] {
  return 'values' in result ? result.values.map(([, v]) => v.buffer as ArrayBuffer) : [];
}
