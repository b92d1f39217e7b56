/**
 * Shared machinery of the findings: arms given as `hexa run` settings (so every arm is also a command a
 * reader can run), per-replicate statistics, and seeded percentile-bootstrap intervals. Arms of one
 * experiment share the seed and replicate ids, so they see the same random numbers per (replicate, round,
 * task): differences are paired, replicate by replicate.
 */
import { ResamplePlan, type Estimate } from '../../sim/core/bootstrap.js';
import { runExperiment } from '../../sim/experiment/experiment.js';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { configFrom, type RunSettings } from '../config/runOptions.js';

export type Replicates = readonly (readonly RoundMetrics[])[];

/** One arm: run flags as text, and `--param` environment parameters. */
export interface Arm {
  readonly label: string;
  readonly settings: RunSettings;
  readonly params?: Readonly<Record<string, string>>;
}

export interface Scale {
  /** Replicates per arm. */
  readonly replicates: number;
  readonly seed: number;
  /** Bootstrap resamples. */
  readonly resamples: number;
}

export function runArm(arm: Arm, scale: Scale): Replicates {
  const settings = { ...arm.settings, replicates: String(scale.replicates), seed: String(scale.seed) };
  return runExperiment(configFrom(settings, arm.params ?? {})).replicates;
}

/** The `hexa run` command line of an arm (without replicates and seed). */
export function command(arm: Arm): string {
  const flags = Object.entries(arm.settings).map(([k, v]) =>
    k === 'library' && v === 'false' ? '--no-library' : `--${k} ${v}`,
  );
  const params = Object.entries(arm.params ?? {}).map(([k, v]) => `--param ${k}=${v}`);
  return ['hexa run', ...flags, ...params].join(' ');
}

/** Mean attempts per task over rounds [from, to) (0-based), one value per replicate. */
export function attemptsOver(reps: Replicates, from: number, to: number): Float64Array {
  return Float64Array.from(reps, (rounds) => {
    let s = 0;
    for (let r = from; r < to; r++) s += rounds[r]!.meanAttempts;
    return s / (to - from);
  });
}

/** One metric of one round, per replicate. */
export function column(reps: Replicates, round: number, pick: (m: RoundMetrics) => number): Float64Array {
  return Float64Array.from(reps, (rounds) => pick(rounds[round]!));
}

export function plan(scale: Scale): ResamplePlan {
  return new ResamplePlan(scale.replicates, scale.resamples, scale.seed);
}

const signed = (x: number, digits: number): string => (x < 0 ? '−' : '') + Math.abs(x).toFixed(digits);

/** "−1.87 [−2.04, −1.70]" */
export function fmt(e: Estimate, digits = 2): string {
  if (!Number.isFinite(e.estimate)) return '–';
  const ci = e.ci95 === null ? '' : ` [${signed(e.ci95[0], digits)}, ${signed(e.ci95[1], digits)}]`;
  return signed(e.estimate, digits) + ci;
}

/** As a percentage: "8.4 % [7.9, 9.0]" */
export function fmtPercent(e: Estimate, digits = 1): string {
  if (!Number.isFinite(e.estimate)) return '–';
  const p = (x: number): string => (100 * x).toFixed(digits);
  return `${p(e.estimate)} %${e.ci95 === null ? '' : ` [${p(e.ci95[0])}, ${p(e.ci95[1])}]`}`;
}

/** Whether an interval lies entirely below (−1), above (+1) or across (0) zero. */
export function side(e: Estimate): -1 | 0 | 1 {
  if (e.ci95 === null) return 0;
  return e.ci95[1] < 0 ? -1 : e.ci95[0] > 0 ? 1 : 0;
}

/** A markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}
