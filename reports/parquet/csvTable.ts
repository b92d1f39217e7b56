/**
 * A run's or a reproduction's table (`runs.csv`, already in memory) as typed Parquet (`runs.parquet`), every
 * column typed as a sweep's are (columns.ts), so the same column reads the same way from any folder.
 */
import type { FileRecord } from '../store/checksums.js';
import { envParamKind, typedColumn, type EnvParamKind } from './columns.js';
import { csvFields } from './sweepTables.js';
import { ParquetTableWriter } from './tableWriter.js';

/** How the world parameters of these configurations are typed (from their values, as a sweep's plan does). */
export function envKindsOf(envParams: Iterable<Readonly<Record<string, unknown>>>): Record<string, EnvParamKind> {
  const kinds: Record<string, EnvParamKind> = {};
  for (const params of envParams) for (const [k, v] of Object.entries(params)) kinds[k] = envParamKind(kinds[k], v);
  return kinds;
}

/** Write `csv` (a header, then records, '\n' after each) as a Parquet file at `path`; returns its record. */
export function writeParquetOfCsv(
  path: string,
  csv: string,
  envKinds: Readonly<Record<string, EnvParamKind>>,
): FileRecord {
  const lines = csv.split('\n');
  const header = csvFields(lines[0]!);
  const writer = new ParquetTableWriter(
    path,
    header.map((name) => typedColumn(name, envKinds)),
  );
  try {
    for (let i = 1; i < lines.length; i++) {
      if (lines[i] === '') continue;
      const fields = csvFields(lines[i]!);
      for (let j = 0; j < fields.length; j++) writer.set(j, fields[j]);
      writer.endRow();
    }
    const { sha256, bytes, rows } = writer.finish();
    return { sha256, bytes, rows };
  } catch (e) {
    writer.abandon();
    throw e;
  }
}
