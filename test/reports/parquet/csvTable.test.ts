/** A run's and a reproduction's runs.parquet equal their runs.csv value for value, read back by DuckDB. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { hexa, tempDir } from '../../scripts/sweep/cli.js';
import { expectEqualToCsv, query } from './duck.js';

async function compare(dir: string): Promise<string[]> {
  const csv = parse(readFileSync(join(dir, 'runs.csv'), 'utf8')) as string[][];
  const { names, rows } = await query(`SELECT * FROM read_parquet('${join(dir, 'runs.parquet')}')`);
  expect(names).toEqual(csv[0]);
  return expectEqualToCsv(csv, rows);
}

describe('runs.parquet', () => {
  it("of a run's folder, with truth 0110 as text", async () => {
    const dir = join(tempDir('runpq'), 'run');
    expect(hexa(['run', '--replicates', '5', '--param', 'truth=0110', '--out', dir, '--quiet']).status).toBe(0);
    expect(await compare(dir)).toEqual([]);
    const { rows } = await query(`SELECT typeof(truth) FROM read_parquet('${join(dir, 'runs.parquet')}') LIMIT 1`);
    expect(rows[0]![0]).toBe('VARCHAR');
  });

  it("of a reproduction's folder, arms and all; --format csv writes none", async () => {
    const dir = join(tempDir('reppq'), 'rep');
    expect(hexa(['reproduce', '--single', '--out', dir, '--quiet']).status).toBe(0);
    expect(await compare(dir)).toEqual([]);
    const csvOnly = join(tempDir('reppq'), 'csv');
    expect(hexa(['run', '--replicates', '2', '--out', csvOnly, '--format', 'csv', '--quiet']).status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(csvOnly, 'manifest.json'), 'utf8')) as { checksums: object };
    expect(Object.keys(manifest.checksums)).toEqual(['runs.csv']);
    const bad = hexa(['run', '--replicates', '2', '--out', join(csvOnly, 'x'), '--format', 'xlsx']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--format');
  });
});
