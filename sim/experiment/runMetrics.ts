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

/** Which runs learned: a run learned when some task of it started with a skill in the library. */
export interface Learning {
  readonly runs: number;
  readonly learned: number;
  /** Mean attempts in the final round, over the runs that learned (NaN when none did). */
  readonly finalLearned: number;
  /** The same over the runs that never did (NaN when all did). */
  readonly finalOthers: number;
}

export function learning(replicates: readonly (readonly RoundMetrics[])[]): Learning {
  let learned = 0;
  let sumLearned = 0;
  let sumOthers = 0;
  for (const rounds of replicates) {
    const final = rounds[rounds.length - 1]?.meanAttempts ?? Number.NaN;
    if (rounds.some((r) => r.tasksWithSkills > 0)) {
      learned++;
      sumLearned += final;
    } else sumOthers += final;
  }
  const others = replicates.length - learned;
  return {
    runs: replicates.length,
    learned,
    finalLearned: learned === 0 ? Number.NaN : sumLearned / learned,
    finalOthers: others === 0 ? Number.NaN : sumOthers / others,
  };
}
