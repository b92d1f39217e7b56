/**
 * The audit's unit of work: one arm under one combination of hidden choices, reduced to per-replicate
 * figure values. Jobs are plain data so they can cross to a worker thread; each is deterministic, so the
 * audit's result does not depend on which thread runs which job, or in what order.
 */
import { armConfig, findArm, type ArmId, type HiddenChoices } from './arms.js';
import { runExperiment } from '../experiment/experiment.js';
import type { FigureId } from './figures.js';
import { armFigureValues } from './reproduction.js';

export interface AuditJob {
  /** The simulation's effective key (see `effectiveKey`); equal keys are the same simulation. */
  readonly key: string;
  readonly arm: ArmId;
  readonly hidden: HiddenChoices;
  readonly seed: number;
  readonly replicates: number;
}

export interface AuditJobResult {
  readonly key: string;
  readonly values: [FigureId, Float64Array][];
}

export function runAuditJob(job: AuditJob): AuditJobResult {
  const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
  return { key: job.key, values: [...armFigureValues(job.arm, runExperiment(config).replicates)] };
}
