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
import type { FigureId } from './figures.js';
import { collectFigureValues } from './reproduction.js';
import { WorkerPool } from '../core/parallel/pool.js';
import { splitReplicates, type Piece, type SplitOptions } from '../core/parallel/split.js';

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

export interface AuditJobResult {
  readonly key: string;
  readonly values: [FigureId, Float64Array][];
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
  return {
    key: job.key,
    values: [...collectFigureValues(job.arm, config.replicates, (r) => runReplicate(config, spec, first + r))],
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
          : { ...whole, key: `${whole.key}@${piece.part}`, first: piece.from, replicates: piece.to - piece.from };
      out.push({ job, piece });
    }
  }
  return out;
}

/** A simulation's values from its pieces' results, given in replicate order. */
export function joinFigureValues(job: AuditJob, pieces: readonly AuditJobResult[]): AuditJobResult {
  if (pieces.length === 1 && pieces[0]!.key === job.key) return pieces[0]!;
  const values = pieces[0]!.values.map(([id], f): [FigureId, Float64Array] => {
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

/** The pool the reproduction's simulations run on: this thread and `threads` − 1 worker threads. */
export function simulationPool(threads: number): WorkerPool<SimulationJob, SimulationResult> {
  return new WorkerPool(new URL('./simulationWorker.js', import.meta.url), threads, runSimulation);
}

/** Buffers a result can hand over to the main thread instead of copying. */
export function transferables(result: SimulationResult): ArrayBuffer[] {
  return 'values' in result ? result.values.map(([, v]) => v.buffer as ArrayBuffer) : [];
}
