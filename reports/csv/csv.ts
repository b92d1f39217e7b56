/**
 * CSV text from tidy rows (header from the first row's keys, in order). Written by hand rather than with
 * csv-stringify, whose per-row cost adds up over a reproduction's tens of thousands of rows (figure in
 * docs/performance.md), but producing the
 * same bytes: '\n' between records, a field quoted only when it holds a comma, a quote, CR or LF, and
 * quotes doubled inside.
 */
import { at } from '../../sim/core/at.js';
/** One CSV field's value, and a tidy row: column name → value, in column order. */
export type Cell = string | number | boolean;
export type Row = Record<string, Cell>;

/** One CSV field. */
export function csvField(value: Cell | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly Row[], header = true): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(at(rows, 0, 'CSV rows'));
  const lines: string[] = header ? [columns.map((c) => csvField(c)).join(',')] : [];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\n')}\n`;
}
