/**
 * Rows are verified, not trusted: a cell file cut mid-row or with a foreign row appended is refused by merge
 * (naming the cell) and run again by --resume (the output byte-identical to an untouched sweep); results.csv and
 * the manifest agree on its checksum, and `hexa report` refuses a results.csv cut short and warns of partial ones.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const GRID = ['--explore', '0,0.2', '--threshold', '0.8,0.9', '--tasks', '8', '--replicates', '3', '--workers', '1'];
const results = (dir: string): string => readFileSync(join(dir, 'results.csv'), 'utf8');
const manifest = (dir: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
const firstCell = (dir: string): string => join(dir, 'cells', readdirSync(join(dir, 'cells')).sort()[0]!);

describe('verified rows', () => {
  let root: string;
  let whole: string;

  beforeAll(async () => {
    root = tempDir('verify');
    whole = join(root, 'whole');
    // Kept, so that copies of it have cell files to cut.
    expect((await hexaHere(['sweep', ...GRID, '--out', whole, '--quiet', '--keep-cells'])).status).toBe(0);
  });

  const copy = (name: string): string => {
    const dir = join(root, name);
    cpSync(whole, dir, { recursive: true });
    return dir;
  };

  it('records results.csv rows, bytes and SHA-256 in the manifest', () => {
    const text = results(whole);
    const sum = (manifest(whole).checksums as Record<string, Record<string, unknown>>)['results.csv'];
    expect(sum).toEqual({
      rows: text.split('\n').length - 2,
      bytes: Buffer.byteLength(text),
      sha256: createHash('sha256').update(text).digest('hex'),
    });
  });

  it('merge refuses a cell file cut mid-row, naming the cell, and writes nothing', async () => {
    const dir = copy('cut');
    const cell = firstCell(dir);
    truncateSync(cell, 40);
    const out = join(root, 'merged-cut');
    const r = await hexaHere(['merge', dir, '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(cell.slice(-20, -4));
    expect(existsSync(out)).toBe(false);
  });

  it('--resume runs again a cell with a foreign row appended, and the output equals the untouched sweep', async () => {
    const dir = copy('appended');
    appendFileSync(firstCell(dir), 'ffffffffffffffff,1,2,3\n');
    const r = await hexaHere(['sweep', ...GRID, '--out', dir, '--resume', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', ran: 1, skipped: 3 });
    expect(results(dir)).toBe(results(whole));
  });

  it('hexa report refuses a results.csv cut to some of its cells, in one line, exit 2', async () => {
    const dir = copy('report-cut');
    const lines = results(dir).split('\n');
    writeFileSync(join(dir, 'results.csv'), `${lines.slice(0, 1 + (lines.length - 2) / 2).join('\n')}\n`);
    const r = await hexaHere(['report', dir, '--out', join(root, 'rep-cut')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('results.csv does not match');
    expect(existsSync(join(root, 'rep-cut'))).toBe(false);
  });

  it('hexa report says on stderr and in its headline that a failed sweep is partial', async () => {
    const dir = join(root, 'failed');
    const r0 = await hexaHere(['sweep', ...GRID, '--out', dir, '--quiet'], {
      env: { HEXA_SWEEP_FAIL_WHEN: 'explore=0.2' },
    });
    expect(r0.status).toBe(1);
    const r = await hexaHere(['report', dir, '--out', join(root, 'rep-failed'), '--resamples', '100']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('warning: the manifest says the sweep failed: 2 of 4 cells done, 2 failed, 0 not run');
    const html = readFileSync(join(root, 'rep-failed', 'index.html'), 'utf8');
    expect(html).toMatch(/<header class="headline" id="headline">\n<p class="partial"[^>]*><strong>Partial results/);
  });
});
