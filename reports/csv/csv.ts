/**
 * One CSV field, quoted by hand, for the rows of runs that are written a field at a time (runs.csv, `hexa run
 * --csv`, a sweep's results and cells): csv-stringify, which writes whole tables (table.ts), costs several times as
 * much there and cannot load in a browser, where the engine writes a run's CSV (docs/performance.md). Tests hold it
 * to csv-stringify's bytes: a field quoted only when it holds a comma, a quote, CR or LF, quotes doubled inside.
 */
/** One CSV field's value, and a tidy row: column name → value, in column order. */
export type Cell = string | number | boolean;
export type Row = Record<string, Cell>;

/** One CSV field. */
export function csvField(value: Cell | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
