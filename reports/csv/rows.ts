/**
 * Tidy rows: one per replicate × round, every parameter a column, so any CSV can be filtered and grouped
 * without the manifest. Column order is fixed, which keeps output byte-identical across runs.
 */
import type { RunConfig } from '../../sim/experiment/config.js';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { csvField, type Cell, type Row } from './csv.js';
import { policyColumns } from './policyColumns.js';

/** The configuration as columns (environment parameters by their own names, in sorted order). */
export function configColumns(config: RunConfig): Row {
  const a = config.agent;
  const env: Row = {};
  for (const key of Object.keys(config.envParams).sort()) env[key] = config.envParams[key]!;
  return {
    env: config.env,
    ...env,
    rounds: config.rounds,
    tasks: config.tasks,
    cap: config.cap,
    seed: config.seed,
    library: a.library,
    goodScore: a.goodScore ?? 'auto',
    minEvidence: a.minEvidence,
    threshold: a.threshold,
    topK: a.topK,
    explore: a.explore,
    exploreUnit: a.exploreUnit,
    cadence: a.cadence,
    window: a.window,
    routing: a.routing,
    update: a.update,
    samples: a.samples,
    testUnit: a.testUnit,
    testAt: a.testAt,
    ...policyColumns(a),
    actor: a.actor,
    mode: a.mode,
    priorRounds: a.priorRounds,
  };
}

export const METRIC_COLUMNS = [
  'attempts',
  'meanAttempts',
  'solved',
  'solveRate',
  'skills',
  'skillsEver',
  'wrongSkillsEver',
  'tasksWithSkills',
  'constraintSize',
  'tests',
  'refutations',
  'refutationRate',
  'clashes',
  'fallbacks',
  'explorations',
  'goodSamples',
  'retired',
  'toolErrors',
  'paramErrors',
  'ambiguousQueries',
  'toolUnavailable',
  'breakerTrips',
] as const satisfies readonly (keyof RoundMetrics)[];

export function metricColumns(m: RoundMetrics): Row {
  const row: Row = {};
  for (const key of METRIC_COLUMNS) row[key] = m[key];
  return row;
}

/** A run's tidy CSV: the header, then every replicate × round (the bytes of `hexa run --csv`). */
export function runCsv(config: RunConfig, replicates: readonly (readonly RoundMetrics[])[]): string {
  const columns = configColumns(config);
  const header = csvPrefix([...Object.keys(columns), 'replicate', 'round', ...METRIC_COLUMNS]);
  const prefix = csvPrefix(Object.values(columns));
  return `${header}\n${replicates.map((rounds, i) => replicateCsvLines(prefix, i, rounds)).join('')}`;
}

/** Rows for one replicate of a run. */
export function replicateRows(config: RunConfig, replicate: number, rounds: readonly RoundMetrics[]): Row[] {
  const params = configColumns(config);
  return rounds.map((m) => ({ ...params, replicate, round: m.round, ...metricColumns(m) }));
}

/** The configuration cells of a row, CSV-encoded once per run (rows differ only after them). */
export function csvPrefix(cells: readonly Cell[]): string {
  return cells.map(csvField).join(',');
}

/**
 * CSV lines (no header) for one replicate: `prefix`, then replicate, round and the metrics — the bytes
 * `toCsv(replicateRows(…))` gives, without building a row object per line (seconds for large outputs).
 */
export function replicateCsvLines(prefix: string, replicate: number, rounds: readonly RoundMetrics[]): string {
  let out = '';
  // The metrics are numbers (never quoted), spelled out in METRIC_COLUMNS order (a test holds the two
  // together): a loop over the column names looked each one up by name, which cost half a simulation.
  for (const m of rounds) {
    out +=
      `${prefix},${replicate},${m.round},${m.attempts},${m.meanAttempts},${m.solved},${m.solveRate},${m.skills},${m.skillsEver},` +
      `${m.wrongSkillsEver},${m.tasksWithSkills},${m.constraintSize},${m.tests},${m.refutations},${m.refutationRate},${m.clashes},` +
      `${m.fallbacks},${m.explorations},${m.goodSamples},${m.retired},${m.toolErrors},${m.paramErrors},${m.ambiguousQueries},` +
      `${m.toolUnavailable},${m.breakerTrips}\n`;
  }
  return out;
}
