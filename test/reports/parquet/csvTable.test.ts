/** A run's and a reproduction's runs.parquet equal their runs.csv value for value, read back by DuckDB. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { writeParquetOfCsv } from '../../../reports/parquet/csvTable.js';
import { tempDir } from '../../scripts/sweep/cli.js';
import { expectEqualToCsv, query } from './duck.js';
import { hexaHere } from '../../helpers/inProcess.js';

async function compare(dir: string): Promise<string[]> {
  const csv = parse(readFileSync(join(dir, 'runs.csv'), 'utf8')) as string[][];
  const { names, rows } = await query(`SELECT * FROM read_parquet('${join(dir, 'runs.parquet')}')`);
  expect(names).toEqual(csv[0]);
  return expectEqualToCsv(csv, rows);
}

describe('runs.parquet', () => {
  it("of a run's folder, with truth 0110 as text", async () => {
    const dir = join(tempDir('runpq'), 'run');
    expect(
      (await hexaHere(['run', '--replicates', '5', '--param', 'truth=0110', '--out', dir, '--quiet'])).status,
    ).toBe(0);
    expect(await compare(dir)).toEqual([]);
    const { rows } = await query(`SELECT typeof(truth) FROM read_parquet('${join(dir, 'runs.parquet')}') LIMIT 1`);
    expect(rows[0]![0]).toBe('VARCHAR');
  });

  it("of a reproduction's folder, arms and all; --format csv writes none", async () => {
    const dir = join(tempDir('reppq'), 'rep');
    expect((await hexaHere(['reproduce', '--single', '--out', dir, '--quiet'])).status).toBe(0);
    expect(await compare(dir)).toEqual([]);
    const csvOnly = join(tempDir('reppq'), 'csv');
    expect((await hexaHere(['run', '--replicates', '2', '--out', csvOnly, '--format', 'csv', '--quiet'])).status).toBe(
      0,
    );
    const manifest = JSON.parse(readFileSync(join(csvOnly, 'manifest.json'), 'utf8')) as { checksums: object };
    expect(Object.keys(manifest.checksums)).toEqual(['runs.csv']);
    const bad = await hexaHere(['run', '--replicates', '2', '--out', join(csvOnly, 'x'), '--format', 'xlsx']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--format');
  });

  it('reads a column once per change of its text: repeats, changes, gaps, returns read back as written', async () => {
    // Each column's text repeats over rows, changes, empties (a world parameter's gap) and comes back: the
    // writer reuses the value read for a repeated text, and must start afresh at every change.
    const lines = [
      'arm,replicate,round,attempts,meanAttempts,explore,bits,truth',
      'a,0,1,40,4,0.2,4,0110',
      'a,0,2,40,4,0.2,4,0110',
      'a,1,1,41,4.1,0.2,,0110',
      '"b,c",1,2,41,4.1,0,,"1,0"',
      '"b,c",2,1,7,0.35,0,4,"1,0"',
      'a,2,2,7,0.35,0.2,4,0110',
      'a,3,1,7,0.35,0.2,16,0110',
    ];
    const path = join(tempDir('memopq'), 'runs.parquet');
    const record = writeParquetOfCsv(path, `${lines.join('\n')}\n`, { bits: 'integer', truth: 'string' });
    expect(record.rows).toBe(lines.length - 1);
    const csv = parse(lines.join('\n')) as string[][];
    const { rows } = await query(`SELECT * FROM read_parquet('${path}')`);
    expect(expectEqualToCsv(csv, rows)).toEqual([]);
  });
});
