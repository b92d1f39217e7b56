/**
 * Every command that writes, run from an empty directory with outputs two folders deep (as a fresh cluster
 * job does): the folders are made. A path through a file is one line naming the flag, exit 2, nothing written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type hexa, tempDir } from '../sweep/cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const SMALL = ['--explore', '0,0.2', '--replicates', '2', '--quiet'];

describe('outputs under folders that do not exist', () => {
  let cwd: string;
  const run = async (args: readonly string[]): Promise<ReturnType<typeof hexa>> => await hexaHere(args, { cwd });

  beforeAll(() => {
    cwd = tempDir('nested');
  });

  it('hexa run --csv and --out', async () => {
    const r = await run(['run', '--replicates', '2', '--csv', 'a/b/c.csv', '--out', 'a/d/e', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(cwd, 'a/b/c.csv'), 'utf8')).toMatch(/^env,/);
    expect(readdirSync(join(cwd, 'a/d/e')).sort()).toEqual(['manifest.json', 'runs.csv', 'runs.parquet']);
  });

  it('hexa sweep --out (two shards), hexa merge --out, hexa report --out', async () => {
    for (const i of [0, 1]) {
      const r = await run(['sweep', ...SMALL, '--shard', `${i}/2`, '--out', `s/t/grid-s${i}`]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
    const merged = await run(['merge', 's/t/grid-s0', 's/t/grid-s1', '--out', 'm/n/grid', '--quiet']);
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    // --force on a folder that is not there yet is no different.
    const forced = await run(['merge', 's/t/grid-s0', 's/t/grid-s1', '--out', 'm/o/grid', '--force', '--quiet']);
    expect(forced.stderr).toBe('');
    expect(forced.status).toBe(0);
    const whole = await run(['sweep', ...SMALL, '--out', 'w/x/grid']);
    expect(whole.status).toBe(0);
    const results = readFileSync(join(cwd, 'w/x/grid/results.csv'), 'utf8');
    expect(readFileSync(join(cwd, 'm/n/grid/results.csv'), 'utf8')).toBe(results);
    expect(readFileSync(join(cwd, 'm/o/grid/results.csv'), 'utf8')).toBe(results);
    const report = await run(['report', 'm/n/grid', '--out', 'r/s/report', '--resamples', '200', '--quiet']);
    expect(report.status, report.stderr).toBe(0);
    expect(readdirSync(join(cwd, 'r/s/report'))).toContain('index.html');
  });

  it('hexa reproduce --out, with --force too', async () => {
    for (const out of ['p/q/rep', 'p/r/rep']) {
      const r = await run([
        'reproduce',
        '--single',
        '--out',
        out,
        '--quiet',
        ...(out === 'p/r/rep' ? ['--force'] : []),
      ]);
      expect(r.status, r.stderr).toBe(0);
      expect(readdirSync(join(cwd, out))).toContain('manifest.json');
    }
  });
});

describe('outputs through a file', () => {
  it.each([
    ['run --csv', ['run', '--csv', 'f/a/c.csv'], 'csv'],
    ['run --out', ['run', '--out', 'f/a/b'], 'out'],
    ['sweep --out', ['sweep', ...SMALL, '--out', 'f/a/b'], 'out'],
    ['reproduce --out', ['reproduce', '--single', '--out', 'f/a/b'], 'out'],
  ])('hexa %s: one line, exit 2, nothing written', async (_what, args, flag) => {
    const cwd = tempDir('blocked');
    writeFileSync(join(cwd, 'f'), 'keep\n');
    const r = await hexaHere(args, { cwd });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`hexa: --${flag}: '${args.at(-1)}': 'f' is not a folder\n`);
    expect(readdirSync(cwd)).toEqual(['f']);
    expect(readFileSync(join(cwd, 'f'), 'utf8')).toBe('keep\n');
  });

  it('hexa merge --out and hexa report --out', async () => {
    const cwd = tempDir('blocked');
    expect((await hexaHere(['sweep', ...SMALL, '--out', 'grid'], { cwd })).status).toBe(0);
    writeFileSync(join(cwd, 'f'), 'keep\n');
    const before = readdirSync(cwd, { recursive: true }).sort();
    for (const args of [
      ['merge', 'grid', '--out', 'f/a/b'],
      ['report', 'grid', '--out', 'f/a/b'],
    ]) {
      const r = await hexaHere(args, { cwd });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe("hexa: --out: 'f/a/b': 'f' is not a folder\n");
    }
    expect(readdirSync(cwd, { recursive: true }).sort()).toEqual(before);
  });
});
