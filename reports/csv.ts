/** CSV text from tidy rows (header from the first row's keys, in order). */
import { stringify } from 'csv-stringify/sync';
import type { Row } from './rows.js';

export function toCsv(rows: readonly Row[], header = true): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  return stringify(rows as Row[], { header, columns, cast: { boolean: (b) => String(b) } });
}
