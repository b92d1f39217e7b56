/**
 * Which tables a result folder gets: results.csv, the typed Parquet tables, or both (the default: Parquet for
 * analysis — typed, a tenth of the size, read in a blink by DuckDB, pandas or R — and the CSV that `hexa report`,
 * spreadsheets and every earlier script read). Apart from the tables' writer (sweepTables.ts) so that a command's
 * `--format` flag is declared and checked without loading the Parquet writer.
 */
export type ResultFormat = 'csv' | 'parquet' | 'both';
export const RESULT_FORMATS: readonly ResultFormat[] = ['csv', 'parquet', 'both'];
export const DEFAULT_FORMAT: ResultFormat = 'both';
export const writesCsv = (f: ResultFormat): boolean => f !== 'parquet';
export const writesParquet = (f: ResultFormat): boolean => f !== 'csv';
