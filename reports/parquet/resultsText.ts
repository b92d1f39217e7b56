/**
 * A sweep folder written with `--format parquet` alone has no results.csv: its text is made again from
 * results.parquet (the rows' own columns) and cells.csv (each cell's configuration, exactly as results.csv
 * gives it), both in canonical cell order, each value written back as the CSV writer wrote it (`textOf`) — so
 * what reads it (`hexa report`) sees the same bytes as from a folder that kept results.csv. Read with hyparquet,
 * the reader of the writer used here, one row group at a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import { csvField } from '../csv/csv.js';
import { textOf, typedColumn } from './columns.js';
import { CELLS_CSV, RESULTS_PARQUET } from './sweepTables.js';
import { zstdDecompress } from './zstd.js';

/** results.csv's text, made from the folder's results.parquet and cells.csv. */
export async function resultsTextOfParquet(dir: string): Promise<string> {
  const path = join(dir, RESULTS_PARQUET);
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  // The results table's columns are the cell id, replicate, round and metrics: no world parameter among them.
  const columns = metadata.schema.slice(1).map((s) => typedColumn(s.name, {}));
  const cells = readFileSync(join(dir, CELLS_CSV), 'utf8').split('\n');
  const parts: string[] = [
    `${cells[0]},${columns
      .slice(1)
      .map((c) => csvField(c.name))
      .join(',')}\n`,
  ];
  let next = 1;
  let id = '';
  let prefix = '';
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    const rows = await new Promise<unknown[][]>((done, fail) => {
      const compressors = { ZSTD: zstdDecompress };
      parquetRead({
        file,
        metadata,
        compressors,
        rowStart: start,
        rowEnd: end,
        rowFormat: 'array',
        onComplete: done,
      }).catch(fail);
    });
    for (const row of rows) {
      if (row[0] !== id) {
        id = String(row[0]);
        prefix = cells[next++] ?? '';
        if (!prefix.startsWith(`${id},`)) throw new Error(`${path}: cell ${id} is not the next cell of ${CELLS_CSV}`);
      }
      let line = prefix;
      for (let j = 1; j < columns.length; j++) line += `,${textOf(columns[j]!, row[j])}`;
      parts.push(`${line}\n`);
    }
    start = end;
  }
  return parts.join('');
}
