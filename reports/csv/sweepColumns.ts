/**
 * The columns of a sweep's results.csv and a cell's rows laid out on them: a leading `cell`, the tidy
 * configuration columns (the union of every cell's environment parameters after `env`, the columns of
 * policy modules any cell uses), then replicate, round and the metrics. `hexa sweep` and `runSweep` in
 * code write the same bytes.
 */
import type { RunConfig } from '../../sim/experiment/config.js';
import type { Row } from './csv.js';
import { PLUGIN_COLUMN_DEFAULT, PLUGIN_COLUMNS } from './policyColumns.js';
import { configColumns, csvPrefix, METRIC_COLUMNS } from './rows.js';

/**
 * Column order of `reports/csv/rows.ts`, with the union of the environment parameters after `env` and the
 * columns of policy modules any cell uses after the tool-loop ones.
 */
export function sweepColumns(
  sample: RunConfig,
  envParams: readonly string[],
  pluginColumns: readonly string[],
): string[] {
  const own = new Set(Object.keys(sample.envParams));
  const config = Object.keys(configColumns(sample)).filter(
    (k) => !own.has(k) && !(PLUGIN_COLUMNS as readonly string[]).includes(k),
  );
  config.splice(config.indexOf('env') + 1, 0, ...envParams);
  config.splice(config.indexOf('breakerCounts') + 1, 0, ...pluginColumns);
  return ['cell', ...config, 'replicate', 'round', ...METRIC_COLUMNS];
}

/** A row laid out on the sweep's columns ('' where a cell's env lacks a parameter; 'published' where it uses no policy module). */
export function alignRow(columns: readonly string[], row: Row): Row {
  const out: Row = {};
  for (const c of columns)
    out[c] = row[c] ?? ((PLUGIN_COLUMNS as readonly string[]).includes(c) ? PLUGIN_COLUMN_DEFAULT : '');
  return out;
}

/** A cell's configuration cells (everything before `replicate`), CSV-encoded once for all its rows. */
export function cellPrefix(columns: readonly string[], id: string, config: RunConfig): string {
  const own = alignRow(columns, { cell: id, ...configColumns(config) });
  return csvPrefix(columns.slice(0, columns.indexOf('replicate')).map((c) => own[c]!));
}
