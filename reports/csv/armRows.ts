/**
 * runs.csv of a reproduction: one row per arm × replicate × round — a leading `arm` column, then the tidy
 * columns of `replicateRows` (every parameter, replicate, round, metrics). Built line by line from the
 * column lists, because building 30 000 row objects first costs seconds; the bytes are those `toCsv`
 * gives for the same rows (a test holds it to that).
 */
import type { RunConfig } from '../../sim/experiment/config.js';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { csvField } from './csv.js';
import { configColumns, csvPrefix, METRIC_COLUMNS, replicateCsvLines } from './rows.js';

export interface ArmRuns {
  readonly arm: string;
  readonly config: RunConfig;
  /** [replicate][round] */
  readonly replicates: readonly (readonly RoundMetrics[])[];
}

export function armRunsCsv(arms: readonly ArmRuns[]): string {
  const first = arms[0];
  if (first === undefined) return '';
  const header = ['arm', ...Object.keys(configColumns(first.config)), 'replicate', 'round', ...METRIC_COLUMNS];
  const parts = [`${header.map(csvField).join(',')}\n`];
  for (const { arm, config, replicates } of arms) {
    const prefix = csvPrefix([arm, ...Object.values(configColumns(config))]);
    replicates.forEach((rounds, replicate) => parts.push(replicateCsvLines(prefix, replicate, rounds)));
  }
  return parts.join('');
}
