/**
 * Strict CSV reading for result folders: a header, then rows with exactly as many fields. A torn row
 * (too few or too many fields, an unclosed quote) is a UsageError naming the file and line, never skipped.
 */
import { readFileSync } from 'node:fs';
import { CsvError, parse } from 'csv-parse/sync';
import { msg, UsageError } from '../../sim/core/messages.js';

/** A CSV file read whole: its header and its rows as text. */
export interface CsvTable {
  /** The path as shown in messages. */
  readonly file: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** 1-based line of each row in the file (the header is line 1). */
  readonly lines: readonly number[];
}

/** Read `file` (or, given, its `content`: a table made from another file, named `file` in messages). */
export function readCsv(file: string, content?: string): CsvTable {
  const lines: number[] = [];
  let records: string[][];
  try {
    records = parse(content ?? readFileSync(file), {
      bom: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        lines.push(context.lines);
        return record;
      },
    });
  } catch (e) {
    if (e instanceof CsvError) throw new UsageError(csvErrorMessage(file, e));
    throw e;
  }
  const [header, ...rows] = records;
  if (header === undefined) throw new UsageError(msg.csvUnreadable(file, 1, 'no header'));
  if (rows.length === 0) throw new UsageError(msg.csvEmpty(file));
  return { file, header, rows, lines: lines.slice(1) };
}

/** A csv-parse refusal in words, naming the file and the line (`lineOffset` lines after the one csv-parse counted). */
export function csvErrorMessage(file: string, e: CsvError, lineOffset = 0): string {
  const line = typeof e.lines === 'number' ? e.lines + lineOffset : 0;
  const reason =
    e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
      ? 'torn row (its number of fields differs from the header)'
      : e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'torn row (a quoted field is not closed)'
        : 'malformed CSV';
  return msg.csvUnreadable(file, line, reason);
}

/** Fail unless every `required` column is in the header. */
export function requireColumns(table: CsvTable, required: readonly string[]): void {
  const missing = required.filter((c) => !table.header.includes(c));
  if (missing.length > 0) throw new UsageError(msg.csvMissingColumns(table.file, missing));
}

/** A column's values parsed as finite numbers; a bad cell is a UsageError naming line, column and value. */
export function numericColumn(table: CsvTable, column: string, integer = false): Float64Array {
  const j = table.header.indexOf(column);
  return Float64Array.from(table.rows, (row, i) => {
    const text = row[j]!;
    const value = text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      throw new UsageError(
        msg.csvBadValue(table.file, table.lines[i]!, column, text, integer ? 'a whole number' : 'a number'),
      );
    }
    return value;
  });
}
