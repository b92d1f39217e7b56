/**
 * Tidy rows: one per replicate × round, every parameter a column, so any CSV can be filtered and grouped
 * without the manifest. Column order is fixed, which keeps output byte-identical across runs.
 */
import { columnOf, isOptional, placedParams, type Placed } from '../../sim/core/params/read.js';
import { RUN_PARAMS, type RunConfig } from '../../sim/experiment/config.js';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { csvField, type Cell, type Row } from './csv.js';

const withColumn = placedParams(RUN_PARAMS).filter(({ param }) => columnOf(param) !== null);

/**
 * The configuration columns in order: the declarations' order, then the optional ones (present only with a
 * policy module or a saved library), then the late ones; the world's own parameters follow its id, under their
 * own names.
 */
export const CONFIG_COLUMNS: readonly Placed[] = [
  ...withColumn.filter(({ param }) => !isOptional(param) && param.late !== true),
  ...withColumn.filter(({ param }) => isOptional(param)),
  ...withColumn.filter(({ param }) => param.late === true),
];

/** A configuration value as a CSV cell: lists joined by '/', a value decided at run time (null) as 'auto'. */
function cellOf(value: unknown): Cell {
  if (value === null) return 'auto';
  if (Array.isArray(value)) return value.join('/');
  return value as Cell;
}

function valueAt(config: RunConfig, path: readonly string[]): unknown {
  let node: unknown = config;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

/** The configuration as columns (environment parameters by their own names, in sorted order). */
export function configColumns(config: RunConfig): Row {
  const row: Row = {};
  for (const { param, path } of CONFIG_COLUMNS) {
    const value = valueAt(config, path);
    if (value === undefined) continue;
    row[columnOf(param)!] = cellOf(value);
    if (param.kind === 'world')
      for (const key of Object.keys(config.envParams).sort()) row[key] = config.envParams[key]!;
  }
  return row;
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
      `${prefix},${replicate},${m.round},${m.attempts},${m.meanAttempts},${m.solved},${m.solveRate},${m.skills},` +
      `${m.skillsEver},` +
      `${m.wrongSkillsEver},${m.tasksWithSkills},${m.constraintSize},${m.tests},${m.refutations},${m.refutationRate},` +
      `${m.clashes},` +
      `${m.fallbacks},${m.explorations},${m.goodSamples},${m.retired},${m.toolErrors},${m.paramErrors},` +
      `${m.ambiguousQueries},` +
      `${m.toolUnavailable},${m.breakerTrips}\n`;
  }
  return out;
}
