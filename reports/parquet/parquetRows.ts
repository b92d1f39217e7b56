/**
 * A sweep folder written with `--format parquet` alone has no results.csv: its rows are read from
 * results.parquet (the rows' own columns) and cells.csv (each cell's configuration, exactly as results.csv
 * gives it), both in canonical cell order, each value written back as the CSV writer wrote it (`textOf`) — so
 * what reads them (`hexa report`) gets the records, and line numbers, a folder that kept results.csv gives.
 * Read with hyparquet, the reader of the writer used here, one row group at a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import type { RecordSink } from '../csv/csvStream.js';
import { textOf, typedColumn } from './columns.js';
import { CELLS_CSV, csvFields, RESULTS_PARQUET } from './sweepTables.js';
import { zstdDecompress } from './zstd.js';

/**
 * results.csv's records, made from the folder's results.parquet and cells.csv, into `sink`; `onRows` is told how
 * many of the rows are read.
 */
export async function streamParquetRows(
  dir: string,
  sink: RecordSink,
  onRows: (done: number, total: number) => void = () => {},
): Promise<void> {
  const path = join(dir, RESULTS_PARQUET);
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  // The results table's columns are the cell id, replicate, round and metrics: no world parameter among them.
  const columns = metadata.schema.slice(1).map((s) => typedColumn(s.name, {}));
  const cells = readFileSync(join(dir, CELLS_CSV), 'utf8').split('\n');
  const configuration = csvFields(cells[0] ?? '');
  sink.header([...configuration, ...columns.slice(1).map((c) => c.name)], 1);
  const total = Number(metadata.num_rows);
  let next = 1;
  let id: unknown = null;
  let prefix: string[] = [];
  /** How many leading fields the sink lets the rows after a cell's first share: all of its configuration, or none. */
  let shares = false;
  let line = 1;
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    const rows = await new Promise<unknown[][]>((done, fail) => {
      parquetRead({
        file,
        metadata,
        compressors: { ZSTD: zstdDecompress },
        rowStart: start,
        rowEnd: end,
        rowFormat: 'array',
        onComplete: done,
      }).catch(fail);
    });
    for (const row of rows) {
      line++;
      const tail: string[] = [];
      for (let j = 1; j < columns.length; j++) tail.push(textOf(columns[j]!, row[j]));
      if (row[0] === id && shares) {
        sink.tail(tail, line);
        continue;
      }
      if (row[0] !== id) {
        id = row[0];
        const text = cells[next++] ?? '';
        if (!text.startsWith(`${String(id)},`))
          throw new Error(`${path}: cell ${String(id)} is not the next cell of ${CELLS_CSV}`);
        prefix = csvFields(text);
      }
      shares = sink.record([...prefix, ...tail], line) === prefix.length;
    }
    start = end;
    onRows(start, total);
  }
}
