/**
 * The reproduction's units of work, for the worker pool: an audited simulation (one arm under one
 * combination of hidden choices, reduced to per-replicate figure values) or a run kept whole (an arm or an
 * opener of the benchmark table). Jobs are plain data so they can cross to a worker thread; each is
 * deterministic, so the result does not depend on which thread runs which job, or in what order.
 */
import { armConfig, findArm, type ArmId, type HiddenChoices } from './arms.js';
import type { RunConfig } from '../experiment/config.js';
import { runExperiment } from '../experiment/experiment.js';
import type { RoundMetrics } from '../core/metrics.js';
import type { FigureId } from './figures.js';
import { armFigureValues } from './reproduction.js';

export interface AuditJob {
  readonly kind: 'figures';
  /** The simulation's effective key (see `effectiveKey`); equal keys are the same simulation. */
  readonly key: string;
  readonly arm: ArmId;
  readonly hidden: HiddenChoices;
  readonly seed: number;
  readonly replicates: number;
}

/** A run whose every replicate is kept (the benchmark's arms and openers). */
export interface RunJob {
  readonly kind: 'run';
  readonly key: string;
  readonly config: RunConfig;
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
}

export type SimulationResult = AuditJobResult | RunJobResult;

export function runSimulation(job: SimulationJob): SimulationResult {
  if (job.kind === 'run') return { key: job.key, replicates: runExperiment(job.config).replicates };
  const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
  return { key: job.key, values: [...armFigureValues(job.arm, runExperiment(config).replicates)] };
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
