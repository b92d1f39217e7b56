/**
 * CSV text of a whole table — a report's summary, the reproduction's figures, a comparison, a sweep's header —
 * written by csv-stringify. The rows of runs (runs.csv, `hexa run --csv`, a sweep's results) are written line by
 * line by the hand-written quoting of csv.ts instead: csv-stringify costs several times as much a row, and its
 * Node build cannot load in a browser, where the engine writes a run's CSV (docs/performance.md). Both give the
 * same bytes: '\n' between records, a field quoted only when it holds a comma, a quote, CR or LF, quotes doubled.
 */
import { stringify } from 'csv-stringify/sync';
import { at } from '../../sim/core/at.js';
import type { Row } from './csv.js';

/** Booleans as `true`/`false` (csv-stringify writes them as 1 and an empty field unless told). */
const CAST = { boolean: (value: boolean): string => String(value) };

/**
 * The rows as CSV, the header (the first row's keys, in order) first unless `header` is false. Records are handed
 * over as arrays: csv-stringify reads a column name with a dot ("logLikelihood×0.5") as a path into the row.
 */
export function toCsv(rows: readonly Row[], header = true): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(at(rows, 0, 'CSV rows'));
  const records = rows.map((row) => columns.map((c) => row[c]));
  return stringify(header ? [columns, ...records] : records, { cast: CAST });
}
