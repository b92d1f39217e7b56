/**
 * The columns of a sweep's results.csv and a cell's rows laid out on them: a leading `cell`, the tidy
 * configuration columns (the union of every cell's environment parameters after `env`, the columns of
 * policy modules any cell uses), then replicate, round and the metrics. `hexa sweep` and `runSweep` in
 * code write the same bytes.
 */
import { columnOf } from '../../sim/core/params/read.js';
import type { RunConfig } from '../../sim/experiment/config.js';
import type { Row } from './csv.js';
import { pluginColumnDefault } from './policyColumns.js';
import { CONFIG_COLUMNS, configColumns, csvPrefix, METRIC_COLUMNS } from './rows.js';

/**
 * Column order of `reports/csv/rows.ts`, with the union of the environment parameters after `env`, and of
 * the optional columns only those that some cell uses.
 */
export function sweepColumns(envParams: readonly string[], pluginColumns: readonly string[]): string[] {
  const config: string[] = [];
  for (const { param } of CONFIG_COLUMNS) {
    const column = columnOf(param)!;
    if (pluginColumnDefault(column) !== undefined && !pluginColumns.includes(column)) continue;
    config.push(column);
    if (param.kind === 'world') config.push(...envParams);
  }
  return ['cell', ...config, 'replicate', 'round', ...METRIC_COLUMNS];
}

/**
 * A row laid out on the sweep's columns ('' where a cell's env lacks a parameter; an optional column's default where it
 * uses no policy module).
 */
export function alignRow(columns: readonly string[], row: Row): Row {
  const out: Row = {};
  for (const c of columns) out[c] = row[c] ?? pluginColumnDefault(c) ?? '';
  return out;
}

/** A cell's configuration cells (everything before `replicate`), CSV-encoded once for all its rows. */
export function cellPrefix(columns: readonly string[], id: string, config: RunConfig): string {
  const own = alignRow(columns, { cell: id, ...configColumns(config) });
  return csvPrefix(columns.slice(0, columns.indexOf('replicate')).map((c) => own[c]!));
}
