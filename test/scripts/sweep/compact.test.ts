/**
 * No second copy of the rows: a done sweep's cells/ is compacted into its tables, so the folder holds little
 * more than its results; --resume of it verifies them and stops, merge reads a compacted shard's results.csv
 * (byte-identical to an unsharded sweep, compacted and kept shards mixed), and a failed sweep keeps its cells.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hexaHere } from '../../helpers/inProcess.js';
import { tempDir } from './cli.js';

const AXES = ['--explore', '0,0.2', '--threshold', '0.8,0.9', '--bits', '4,6', '--quiet'];
const GRID = [...AXES, '--replicates', '30'];
/**
 * A file's bytes as a string, one character a byte (latin1), so equal files compare at once: toEqual walks a Buffer
 * byte by byte, about a second for a sweep's results.csv.
 */
const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'latin1');
const manifest = (dir: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
/** Every byte of the folder's files (it has no subfolder once compacted). */
const folderBytes = (dir: string): number => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
const mtimes = (dir: string): [string, number][] =>
  readdirSync(dir)
    .sort()
    .map((f) => [f, statSync(join(dir, f)).mtimeMs]);

describe('compaction', () => {
  let root: string;
  let whole: string;

  beforeAll(async () => {
    root = tempDir('compact');
    whole = join(root, 'whole');
    expect((await hexaHere(['sweep', ...GRID, '--out', whole])).status).toBe(0);
  }, 60_000);

  it('leaves a done sweep without cells/, its manifest saying so, within 1.3× of results.csv', () => {
    expect(existsSync(join(whole, 'cells'))).toBe(false);
    const m = manifest(whole);
    expect(m).toMatchObject({ status: 'done', store: 'compacted' });
    expect(m.files).toEqual({ results: 'results.csv' });
    expect(folderBytes(whole) / statSync(join(whole, 'results.csv')).size).toBeLessThanOrEqual(1.3);
  });

  it('with --format parquet alone, within 1.3× of results.parquet (cells of 1 000 rows)', async () => {
    // The cells' table and the manifest are a few kB a cell whatever its rows: the ratio needs rows enough.
    const big = [...AXES, '--replicates', '200'];
    const dir = join(root, 'parquet');
    expect((await hexaHere(['sweep', ...big, '--out', dir, '--format', 'parquet'])).status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['cells.csv', 'cells.parquet', 'manifest.json', 'results.parquet']);
    expect(folderBytes(dir) / statSync(join(dir, 'results.parquet')).size).toBeLessThanOrEqual(1.3);
    // Resumed, it verifies the Parquet tables and stops.
    const r = await hexaHere(['sweep', ...big, '--out', dir, '--format', 'parquet', '--resume', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', ran: 0, skipped: 8 });
  });

  it('--keep-cells keeps the store of a done sweep', async () => {
    const dir = join(root, 'kept');
    expect((await hexaHere(['sweep', ...GRID, '--out', dir, '--keep-cells'])).status).toBe(0);
    expect(readdirSync(join(dir, 'cells')).filter((f) => /^[0-9a-f]{16}\.csv$/.test(f))).toHaveLength(8);
    expect(manifest(dir).store).toBeUndefined();
    expect(read(dir, 'results.csv')).toBe(read(whole, 'results.csv'));
  });

  it('--resume of a compacted folder verifies results.csv and stops, changing nothing', async () => {
    const before = mtimes(whole);
    const r = await hexaHere(['sweep', ...GRID, '--out', whole, '--resume', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', cells: 8, done: 8, ran: 0, skipped: 8 });
    expect(mtimes(whole)).toEqual(before);
  });

  it('--resume of a compacted folder whose results.csv changed is one line, exit 2, nothing touched', async () => {
    const dir = join(root, 'changed');
    expect((await hexaHere(['sweep', ...GRID, '--out', dir])).status).toBe(0);
    appendFileSync(join(dir, 'results.csv'), 'ffffffffffffffff,1,2\n');
    const before = mtimes(dir);
    const r = await hexaHere(['sweep', ...GRID, '--out', dir, '--resume']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--resume: .*results\.csv does not match .* run the sweep again with --force/);
    expect(mtimes(dir)).toEqual(before);
  });

  it('merges compacted shards, and compacted with kept ones, into the unsharded bytes', async () => {
    const shard = async (i: number, extra: string[] = []): Promise<string> => {
      const dir = join(root, `s${i}${extra.length > 0 ? '-kept' : ''}`);
      expect((await hexaHere(['sweep', ...GRID, '--shard', `${i}/3`, '--out', dir, ...extra])).status).toBe(0);
      return dir;
    };
    const [s0, s1, s2] = [await shard(0), await shard(1), await shard(2)];
    const s1kept = await shard(1, ['--keep-cells']);
    for (const [name, inputs] of [
      ['all-compacted', [s2, s0, s1]],
      ['mixed', [s0, s1kept, s2]],
    ] as const) {
      const out = join(root, name);
      const r = await hexaHere(['merge', ...inputs, '--out', out, '--json']);
      expect(r.status, r.stderr).toBe(0);
      for (const f of ['results.csv', 'results.parquet', 'cells.parquet', 'cells.csv'])
        expect(read(out, f), `${name} ${f}`).toBe(read(whole, f));
      expect(existsSync(join(out, 'cells'))).toBe(false);
      expect(manifest(out).store).toBe('compacted');
    }
    const kept = join(root, 'merged-kept');
    expect((await hexaHere(['merge', s0, s1, s2, '--out', kept, '--keep-cells'])).status).toBe(0);
    expect(readdirSync(join(kept, 'cells'))).toHaveLength(8);
    expect(read(kept, 'results.csv')).toBe(read(whole, 'results.csv'));
    // A compacted shard whose results.csv changed is refused, naming it, before anything is written.
    appendFileSync(join(s2, 'results.csv'), '\n');
    const out = join(root, 'refused');
    const r = await hexaHere(['merge', s0, s1, s2, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/merge: .*s2': results\.csv does not match/);
    expect(existsSync(out)).toBe(false);
  }, 180_000);

  it('keeps the cells of a Parquet-only shard, so its shards merge into what one unsharded sweep writes', async () => {
    const shard = async (i: number): Promise<string> => {
      const dir = join(root, `parquet-s${i}`);
      expect(
        (await hexaHere(['sweep', ...GRID, '--shard', `${i}/2`, '--out', dir, '--format', 'parquet'])).status,
      ).toBe(0);
      expect(existsSync(join(dir, 'cells'))).toBe(true);
      expect(manifest(dir).store).toBeUndefined();
      return dir;
    };
    const out = join(root, 'parquet-merged');
    const r = await hexaHere(['merge', await shard(1), await shard(0), '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    for (const f of ['results.csv', 'results.parquet', 'cells.parquet', 'cells.csv'])
      expect(read(out, f), f).toBe(read(whole, f));
    expect(manifest(out).store).toBe('compacted');
  }, 120_000);

  it('never compacts a failed sweep: its cells stay for --resume, which then finishes and compacts it', async () => {
    const dir = join(root, 'failed');
    const r0 = await hexaHere(['sweep', ...GRID, '--out', dir], { env: { HEXA_SWEEP_FAIL_WHEN: 'explore=0.2' } });
    expect(r0.status).toBe(1);
    expect(manifest(dir)).toMatchObject({ status: 'failed' });
    expect(manifest(dir).store).toBeUndefined();
    expect(readdirSync(join(dir, 'cells')).filter((f) => f.endsWith('.failed'))).toHaveLength(4);
    const r = await hexaHere(['sweep', ...GRID, '--out', dir, '--resume', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', ran: 4, skipped: 4 });
    expect(read(dir, 'results.csv')).toBe(read(whole, 'results.csv'));
    expect(existsSync(join(dir, 'cells'))).toBe(false);
  }, 120_000);

  it('hexa report reads a compacted folder', async () => {
    const r = await hexaHere(['report', whole, '--out', join(root, 'report'), '--resamples', '100']);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(root, 'report', 'summary.csv'))).toBe(true);
  });
});
