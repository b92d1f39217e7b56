/**
 * What the page's workers are asked and answer: a range of one configuration's replicates. A replicate's random
 * numbers hang from keys (seed, replicate, round, task, purpose), never from the order work runs in, so the
 * replicates come out the same on any number of workers and are filed by index.
 */
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import type { RunSettings } from '../../config/runOptions.js';

/** Replicates `from` … `to − 1` of the run these settings name. */
export interface Job {
  /** The request this job belongs to; the page drops answers to requests it has replaced. */
  readonly request: number;
  /** Which of the request's configurations (an arm, a sweep's cell). */
  readonly config: number;
  readonly settings: RunSettings;
  readonly params: Readonly<Record<string, string>>;
  readonly from: number;
  readonly to: number;
}

/** A job's replicates, or the one line its configuration was refused or failed with. */
export type Answer =
  | { readonly job: Job; readonly replicates: RoundMetrics[][]; readonly ms: number; readonly attempts: number }
  | { readonly job: Job; readonly error: string };
