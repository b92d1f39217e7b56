/** Run every replicate of a configuration and summarise each round over replicates. */
import type { EnvSpec } from '../core/world/env.js';
import { findEnv } from '../agent/moduleStore.js';
import type { Run, RunConfig } from './config.js';
import type { RoundMetrics } from '../core/metrics.js';
import { runReplicate, type ReplicateOptions } from './replicate.js';
import { meanInterval, type Interval } from '../core/stats.js';

/** One round summarised over the replicates: means, the 95 % interval of mean attempts, pooled rates. */
export interface RoundSummary {
  readonly round: number;
  readonly replicates: number;
  readonly meanAttempts: number;
  readonly se: number;
  /** 95 % t-interval of the mean over replicates; null with one replicate. */
  readonly ci95: Interval | null;
  readonly solveRate: number;
  /** Mean skills in the library at the round's end. */
  readonly skills: number;
  readonly tests: number;
  readonly refutations: number;
  /** Pooled: total refutations / total tests over replicates. */
  readonly refutationRate: number;
  readonly clashes: number;
  readonly fallbacks: number;
}

/** Every replicate's per-round metrics of a run, and their summary per round. */
export interface ExperimentResult {
  readonly config: Run;
  /** [replicate][round] */
  readonly replicates: RoundMetrics[][];
  readonly rounds: RoundSummary[];
}

export function envSpecOf(config: Pick<RunConfig, 'env'>): EnvSpec {
  const spec = findEnv(config.env);
  if (spec === undefined) throw new Error(`unknown environment ${config.env}`);
  return spec;
}

export interface ExperimentOptions extends ReplicateOptions {
  /** `onReplicate(done, total)` after each replicate (a long run's progress). */
  readonly onReplicate?: (done: number, total: number) => void;
}

/**
 * Run replicates `firstReplicate` … `firstReplicate + replicates − 1` of a configuration in this process, one after
 * another; `options` say how each replicate runs (see ReplicateOptions) and take its progress.
 */
export function runExperiment(config: Run, firstReplicate = 0, options: ExperimentOptions = {}): ExperimentResult {
  const spec = envSpecOf(config);
  const replicates: RoundMetrics[][] = [];
  for (let r = 0; r < config.replicates; r++) {
    replicates.push(runReplicate(config, spec, firstReplicate + r, options));
    options.onReplicate?.(r + 1, config.replicates);
  }
  return { config, replicates, rounds: summarizeRounds(replicates) };
}

const meanOf = (rows: readonly RoundMetrics[], pick: (m: RoundMetrics) => number): number =>
  rows.reduce((s, m) => s + pick(m), 0) / rows.length;

/** Summarise per-round metrics ([replicate][round]) round by round over the replicates. */
export function summarizeRounds(replicates: readonly RoundMetrics[][]): RoundSummary[] {
  const rounds = replicates[0]?.length ?? 0;
  const out: RoundSummary[] = [];
  for (let i = 0; i < rounds; i++) {
    const rows = replicates.map((rep) => rep[i]!);
    const attempts = meanInterval(rows.map((m) => m.meanAttempts));
    const tests = rows.reduce((s, m) => s + m.tests, 0);
    const refutations = rows.reduce((s, m) => s + m.refutations, 0);
    out.push({
      round: i + 1,
      replicates: rows.length,
      meanAttempts: attempts.mean,
      se: attempts.se,
      ci95: attempts.ci95,
      solveRate: meanOf(rows, (m) => m.solveRate),
      skills: meanOf(rows, (m) => m.skills),
      tests: tests / rows.length,
      refutations: refutations / rows.length,
      refutationRate: tests === 0 ? 0 : refutations / tests,
      clashes: meanOf(rows, (m) => m.clashes),
      fallbacks: meanOf(rows, (m) => m.fallbacks),
    });
  }
  return out;
}
