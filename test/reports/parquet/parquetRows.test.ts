/**
 * A sweep written with --format parquet alone still reports: its rows are read from results.parquet and
 * cells.csv as the records results.csv holds, line for line, so the report is the one a CSV folder of the same
 * sweep gives (its pages and tables; only the manifest shown, with its times and command line, differs).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamCsv, type RecordSink } from '../../../reports/csv/csvStream.js';
import { streamParquetRows } from '../../../reports/parquet/parquetRows.js';
import { hexa, tempDir } from '../../scripts/sweep/cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

// A world parameter only one world has (an empty field elsewhere) and a bit string that must stay text.
const GRID = ['--env', 'lock-v1,noisy-lock-v1', '--param', 'truth=0110', '--explore', '0,0.1', '--bits', '4'];
const REPORT = ['--resamples', '100'];

/** index.html without what describes the folder rather than its results (times, name, command line). */
const page = (dir: string): string =>
  readFileSync(join(dir, 'index.html'), 'utf8')
    .replace(/<details><summary>manifest\.json<\/summary><pre>[\s\S]*?<\/pre><\/details>/, '')
    .replace(/<tr><th>(started|finished|result folder)<\/th>.*<\/tr>\n/g, '');

describe('a Parquet-only sweep folder', () => {
  let root: string;
  beforeAll(async () => {
    root = tempDir('parquet-only');
    for (const format of ['csv', 'parquet']) {
      const r = await hexaHere([
        'sweep',
        ...GRID,
        '--replicates',
        '20',
        '--out',
        join(root, format),
        '--format',
        format,
        '--quiet',
      ]);
      expect(r.status, r.stderr).toBe(0);
    }
  }, 60_000);

  it("gives results.csv's records, line for line, from its Parquet tables", async () => {
    expect(readdirSync(join(root, 'parquet'))).not.toContain('results.csv');
    // Each sink shares a cell's configuration with the rows after its first, as a report's does.
    const collect = (): { sink: RecordSink; records: string[] } => {
      const records: string[] = [];
      let last: string[] = [];
      const shared = 3;
      const sink: RecordSink = {
        header: (fields, line) => void records.push(`${line}: ${fields.join('|')}`),
        record: (fields, line) => {
          last = fields;
          records.push(`${line}: ${fields.join('|')}`);
          return shared;
        },
        tail: (fields, line) => void records.push(`${line}: ${[...last.slice(0, shared), ...fields].join('|')}`),
      };
      return { sink, records };
    };
    const [csv, parquet] = [collect(), collect()];
    streamCsv(join(root, 'csv', 'results.csv'), csv.sink);
    await streamParquetRows(join(root, 'parquet'), parquet.sink);
    expect(parquet.records).toEqual(csv.records);
    expect(csv.records.length).toBeGreaterThan(100);
  });

  it('reports as the CSV folder does: the same charts, tables and page', () => {
    // Spawned: Vega numbers a chart's gradients per process, so a second report in one process names them apart.
    for (const format of ['csv', 'parquet']) {
      const r = hexa(['report', join(root, format), '--out', join(root, `report-${format}`), ...REPORT]);
      expect(r.status, r.stderr).toBe(0);
    }
    const [csv, parquet] = [join(root, 'report-csv'), join(root, 'report-parquet')];
    const files = readdirSync(csv).sort();
    expect(readdirSync(parquet).sort()).toEqual(files);
    // As latin1 strings, one character a byte: toEqual would walk each Buffer byte by byte.
    for (const f of files.filter((name) => name !== 'index.html'))
      expect(readFileSync(join(parquet, f), 'latin1'), f).toBe(readFileSync(join(csv, f), 'latin1'));
    expect(page(parquet)).toBe(page(csv));
  }, 120_000);

  it('refuses, in one line, a results.parquet changed after it was written', async () => {
    const dir = join(root, 'changed');
    expect(
      (await hexaHere(['sweep', ...GRID, '--replicates', '5', '--out', dir, '--format', 'parquet', '--quiet'])).status,
    ).toBe(0);
    const path = join(dir, 'results.parquet');
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, bytes.length - 10));
    const r = await hexaHere(['report', dir, '--out', join(root, 'report-changed'), ...REPORT]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('results.parquet does not match');
  }, 60_000);
});
