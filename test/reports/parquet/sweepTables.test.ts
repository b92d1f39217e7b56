/**
 * A sweep's Parquet tables, read back by an independent reader (DuckDB), equal results.csv value for value once
 * joined by cell: typed columns (a world's `truth` 0110 stays text, counts are integers, rates doubles), a
 * missing world parameter null where the CSV has an empty field; and they are far smaller than the CSV.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvFields } from '../../../reports/parquet/sweepTables.js';
import { tempDir } from '../../scripts/sweep/cli.js';
import { expectEqualToCsv, query } from './duck.js';
import { hexaHere } from '../../helpers/inProcess.js';

const GRID = ['--env', 'lock-v1,noisy-lock-v1', '--param', 'truth=0110', '--explore', '0,0.1', '--bits', '4'];

describe('sweep Parquet tables', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(tempDir('parquet'), 'sweep');
    expect(
      (await hexaHere(['sweep', ...GRID, '--replicates', '40', '--tasks', '6', '--out', dir, '--quiet'])).status,
    ).toBe(0);
  });

  it('joined by cell, equal results.csv value for value, in its order', async () => {
    const csv = parse(readFileSync(join(dir, 'results.csv'), 'utf8')) as string[][];
    const header = csv[0]!;
    const cols = header.map((h) => `"${h}"`).join(', ');
    const { names, rows } = await query(
      `SELECT ${cols} FROM read_parquet('${join(dir, 'results.parquet')}') r
       JOIN read_parquet('${join(dir, 'cells.parquet')}') c USING (cell) ORDER BY cell, replicate, round`,
    );
    expect(names).toEqual(header);
    expect(expectEqualToCsv(csv, rows)).toEqual([]);
  });

  it('types the columns: truth as text, counts as integers, rates as doubles, flags as booleans', async () => {
    const { names, types } = await query(
      `SELECT * FROM read_parquet('${join(dir, 'results.parquet')}') r
       JOIN read_parquet('${join(dir, 'cells.parquet')}') c USING (cell) LIMIT 0`,
    );
    const type = (n: string): string => types[names.indexOf(n)]!;
    expect([type('truth'), type('env'), type('cell')]).toEqual(['VARCHAR', 'VARCHAR', 'VARCHAR']);
    expect([type('bits'), type('attempts'), type('tasks')]).toEqual(['BIGINT', 'BIGINT', 'BIGINT']);
    expect([type('replicate'), type('round')]).toEqual(['INTEGER', 'INTEGER']);
    expect([type('explore'), type('solveRate'), type('q')]).toEqual(['DOUBLE', 'DOUBLE', 'DOUBLE']);
    expect(type('library')).toBe('BOOLEAN');
  });

  it('writes cells.csv as the configuration part of results.csv, one line a cell', () => {
    const cells = readFileSync(join(dir, 'cells.csv'), 'utf8').trimEnd().split('\n');
    const results = readFileSync(join(dir, 'results.csv'), 'utf8').trimEnd().split('\n');
    const n = cells[0]!.split(',').length;
    expect(results[0]!.startsWith(`${cells[0]},`)).toBe(true);
    const prefixes = [...new Set(results.slice(1).map((l) => csvFields(l).slice(0, n).join('\u0000')))];
    expect(cells.slice(1).map((l) => csvFields(l).join('\u0000'))).toEqual(prefixes);
  });

  it('is at least ten times smaller than results.csv', () => {
    const csv = statSync(join(dir, 'results.csv')).size;
    const parquet = statSync(join(dir, 'results.parquet')).size + statSync(join(dir, 'cells.parquet')).size;
    expect(csv / parquet).toBeGreaterThanOrEqual(10);
  });

  it('splits CSV records as the writer quotes them', () => {
    expect(csvFields('a,"b,c","d""e",,f,')).toEqual(['a', 'b,c', 'd"e', '', 'f', '']);
  });
});
