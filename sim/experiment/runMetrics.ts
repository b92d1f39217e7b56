/**
 * The HExA paper's run-level metrics: each run (replicate) scores its success rate and mean attempts over
 * all its evaluation tasks (an unsolved task counts the cap), then the runs are summarised as mean ± sample
 * standard deviation — a spread of runs, not an interval for the mean.
 */
import type { RoundMetrics } from '../core/metrics.js';
import { mean, sampleSd } from '../core/stats.js';

/** A mean over runs and their spread. */
export interface MeanSd {
  readonly mean: number;
  /** Sample standard deviation over runs; NaN with one run. */
  readonly sd: number;
}

/** The run-level metrics over every run (replicate) of a configuration. */
export interface RunMetrics {
  readonly runs: number;
  readonly successRate: MeanSd;
  readonly meanAttempts: MeanSd;
}

/** The HExA paper's run-level success rate and mean attempts from per-round metrics ([replicate][round]). */
export function runMetrics(replicates: readonly (readonly RoundMetrics[])[]): RunMetrics {
  const success = new Float64Array(replicates.length);
  const attempts = new Float64Array(replicates.length);
  replicates.forEach((rounds, i) => {
    let tasks = 0;
    let solved = 0;
    let sum = 0;
    for (const r of rounds) {
      tasks += r.tasks;
      solved += r.solved;
      sum += r.attempts;
    }
    success[i] = solved / tasks;
    attempts[i] = sum / tasks;
  });
  return {
    runs: replicates.length,
    successRate: { mean: mean(success), sd: sampleSd(success) },
    meanAttempts: { mean: mean(attempts), sd: sampleSd(attempts) },
  };
}

/** "m ± sd" with fixed decimals (just "m" with one run). */
export function formatMeanSd(x: MeanSd, digits: number, scale = 1, unit = ''): string {
  const m = (x.mean * scale).toFixed(digits) + unit;
  return Number.isNaN(x.sd) ? m : `${m} ± ${(x.sd * scale).toFixed(digits)}`;
}
