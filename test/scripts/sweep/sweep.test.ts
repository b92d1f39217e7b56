/** hexa sweep end to end, from the command line. */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { hexa, hexaArgv, ROOT, tempDir } from './cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

/** results.csv as records (its values hold no commas or quotes). */
function parse(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trimEnd().split('\n');
  const names = header!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i]!, v])));
}

const GRID = [
  '--explore',
  '0,0.2',
  '--threshold',
  '0.75,0.85',
  '--cadence',
  'task,round',
  '--tasks',
  '10',
  '--replicates',
  '3',
];

interface ManifestCell {
  id: string;
  status: string;
  error?: string;
  values: Record<string, string>;
}
interface Manifest {
  kind: string;
  status: string;
  version: string;
  seed: number;
  grid: { id: string; cells: number; axes: { name: string; values: string[] }[] };
  summary: { cells: number; done: number; failed: number; pending: number };
  cells: ManifestCell[];
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
const results = (dir: string): string => readFileSync(join(dir, 'results.csv'), 'utf8');

async function sweep(
  dir: string,
  args: readonly string[],
  env?: Record<string, string>,
): Promise<ReturnType<typeof hexa>> {
  return await hexaHere(['sweep', ...args, '--out', dir], env === undefined ? {} : { env });
}

describe('hexa sweep', () => {
  let root: string;
  let one: string;
  beforeAll(async () => {
    root = tempDir('sweep');
    one = join(root, 'w1');
    const r = await sweep(one, [...GRID, '--workers', '1', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('writes tidy rows: a leading cell column, one row per cell × replicate × round, sorted', () => {
    const rows = parse(results(one));
    expect(rows).toHaveLength(8 * 3 * 5);
    expect(Object.keys(rows[0]!)[0]).toBe('cell');
    const key = (r: Record<string, string>): [string, number, number] => [
      r.cell!,
      Number(r.replicate),
      Number(r.round),
    ];
    const sorted = [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || x[2] - y[2];
    });
    expect(rows).toEqual(sorted);
    const m = manifest(one);
    expect(m.kind).toBe('sweep');
    expect(m.status).toBe('done');
    expect(m.seed).toBe(1);
    expect(m.grid.cells).toBe(8);
    expect(m.cells.map((c) => c.status)).toEqual(Array(8).fill('done'));
    for (const c of m.cells) {
      const own = rows.filter((r) => r.cell === c.id);
      expect(own).toHaveLength(15);
      for (const r of own) for (const [flag, value] of Object.entries(c.values)) expect(r[flag]).toBe(value);
    }
  });

  it('gives each cell exactly the rows hexa run gives for its settings', async () => {
    const m = manifest(one);
    const cell = m.cells.find(
      (c) => c.values.explore === '0.2' && c.values.threshold === '0.75' && c.values.cadence === 'task',
    )!;
    const csv = join(root, 'run.csv');
    const r = await hexaHere([
      'run',
      '--explore',
      '0.2',
      '--threshold',
      '0.75',
      '--cadence',
      'task',
      '--tasks',
      '10',
      '--replicates',
      '3',
      '--csv',
      csv,
    ]);
    expect(r.status).toBe(0);
    const runRows = readFileSync(csv, 'utf8').trimEnd().split('\n').slice(1);
    const sweepRows = results(one)
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith(`${cell.id},`))
      .map((l) => l.slice(cell.id.length + 1));
    expect(sweepRows).toEqual(runRows);
  });

  it('runs the same from sources (workers load the TypeScript through tsx)', () => {
    const dir = join(root, 'sources');
    const r = hexa(['sweep', ...GRID, '--workers', '2', '--quiet', '--out', dir], { fromSources: true });
    expect(r.stderr).toBe('');
    expect(results(dir)).toBe(results(one));
  });

  it('is byte-identical for any number of workers', async () => {
    // 1 worker (beforeAll) against 3 here; the --force and from-sources runs compare 2 workers too.
    const three = join(root, 'w3');
    expect((await sweep(three, [...GRID, '--workers', '3', '--quiet'])).status).toBe(0);
    expect(results(three)).toBe(results(one));
  });

  it('takes the grid from --config, with flags overriding its keys', async () => {
    const file = join(root, 'sweep.json');
    writeFileSync(
      file,
      JSON.stringify({
        explore: [0, 0.2],
        threshold: '0.75:0.85:0.1',
        cadence: ['task', 'round'],
        tasks: 10,
        replicates: 3,
        'top-k': [1, 2, 3],
      }),
    );
    const dir = join(root, 'config');
    expect((await sweep(dir, ['--config', file, '--top-k', '2', '--quiet'])).status).toBe(0);
    expect(results(dir)).toBe(results(one));
  });

  it('sweeps environment parameters given by --param name=v1,v2', async () => {
    const dir = join(root, 'params');
    expect((await sweep(dir, ['--param', 'truth=1011,0000', '--bits', '4', '--tasks', '5', '--quiet'])).status).toBe(0);
    const rows = parse(results(dir));
    expect(new Set(rows.map((r) => r.truth))).toEqual(new Set(['1011', '0000']));
    expect(
      manifest(dir)
        .cells.map((c) => c.values['param:truth'])
        .sort(),
    ).toEqual(['0000', '1011']);
  });

  it('leaves an existing folder untouched without --resume or --force (exit 2)', async () => {
    const before = readdirSync(one).map((f) => [f, statSync(join(one, f)).mtimeMs]);
    const csv = results(one);
    const r = await sweep(one, [...GRID, '--quiet']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^hexa: --out: .* already exists \(use --resume .* or --force/);
    expect(readdirSync(one).map((f) => [f, statSync(join(one, f)).mtimeMs])).toEqual(before);
    expect(results(one)).toBe(csv);
    expect((await sweep(one, [...GRID, '--resume', '--explore', '0,0.1'])).status).toBe(2);
    expect((await sweep(one, [...GRID, '--resume', '--force'])).status).toBe(2);
  });

  it('--force replaces only what a sweep wrote, and follows no link out of the folder', async () => {
    const dir = join(root, 'forced');
    expect((await sweep(dir, ['--explore', '0.5', '--tasks', '5', '--quiet', '--keep-cells'])).status).toBe(0);
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious.csv'), 'keep');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    writeFileSync(join(dir, 'cells', 'keep.me'), 'mine');
    symlinkSync(join(outside, 'precious.csv'), join(dir, 'cells', 'ffffffffffffffff.csv'));
    const r = await sweep(dir, [...GRID, '--workers', '2', '--force', '--quiet']);
    expect(r.status).toBe(0);
    expect(results(dir)).toBe(results(one));
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(dir, 'cells', 'keep.me'), 'utf8')).toBe('mine');
    expect(readFileSync(join(outside, 'precious.csv'), 'utf8')).toBe('keep');
    expect(existsSync(join(dir, 'cells', 'ffffffffffffffff.csv'))).toBe(false);
  });

  it('keeps stdout for --json and reports progress on stderr', async () => {
    const r = await sweep(join(root, 'json'), [...GRID, '--json'], { HEXA_PROGRESS_SECONDS: '0.01' });
    expect(r.status).toBe(0);
    const summary = JSON.parse(r.stdout) as { status: string; cells: number; done: number; failed: number };
    expect(summary).toMatchObject({ status: 'done', cells: 8, done: 8, failed: 0 });
    expect(r.stderr).toMatch(/^hexa sweep: \d+\/8 cells \(\d+ %\), [\d.]+[kM]? attempts\/s, ETA /m);
    const quiet = await sweep(join(root, 'quiet'), [...GRID, '--quiet'], { HEXA_PROGRESS_SECONDS: '0.01' });
    expect(quiet.stdout + quiet.stderr).toBe('');
  });

  it.runIf(existsSync('/usr/bin/script'))('draws a progress bar on a terminal', () => {
    const dir = join(root, 'tty');
    const cmd = [process.execPath, ...hexaArgv(['sweep', ...GRID, '--out', dir])].map((a) => `'${a}'`).join(' ');
    const tty = spawnSync('script', ['-qec', cmd, '/dev/null'], { cwd: ROOT, encoding: 'utf8' });
    expect(tty.status).toBe(0);
    expect(tty.stdout).toMatch(/cells .*8\/8 \| [\d.]+[kM]? attempts\/s \| ETA/);
  });
});

describe('failures', () => {
  it('records failed cells, goes on, exits 1 with a summary; --resume reruns them', async () => {
    const root = tempDir('fail');
    const reference = join(root, 'ref');
    expect((await sweep(reference, [...GRID, '--quiet'])).status).toBe(0);
    const dir = join(root, 'failing');
    const r = await sweep(dir, [...GRID, '--workers', '2', '--quiet'], { HEXA_SWEEP_FAIL_WHEN: 'explore=0.2' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^hexa sweep: failed: 8 cells, 4 done, 4 failed/);
    expect(r.stderr.match(/cell [0-9a-f]{16} failed: injected failure/g)).toHaveLength(4);
    const m = manifest(dir);
    expect(m.status).toBe('failed');
    for (const c of m.cells) {
      expect(c.status).toBe(c.values.explore === '0.2' ? 'failed' : 'done');
      if (c.status === 'failed') expect(c.error).toMatch(/injected failure/);
    }
    // Cells run in parts (8 cells of 3 replicates on several workers): no part of a failed cell is left.
    expect(readdirSync(join(dir, 'cells')).filter((f) => f.includes('.part-'))).toEqual([]);
    const kept = results(dir)
      .split('\n')
      .filter((l) => l !== '');
    expect(kept).toEqual(
      results(reference)
        .split('\n')
        .filter((l) => l !== '' && !m.cells.some((c) => c.status === 'failed' && l.startsWith(c.id))),
    );
    const resumed = await sweep(dir, [...GRID, '--resume', '--quiet']);
    expect(resumed.status).toBe(0);
    expect(results(dir)).toBe(results(reference));
    expect(manifest(dir).status).toBe('done');
  });

  it('--fail-fast stops at the first failure', async () => {
    const dir = join(tempDir('failfast'), 'out');
    const r = await sweep(
      dir,
      ['--explore', '0:0.29:0.01', '--tasks', '5', '--workers', '1', '--fail-fast', '--quiet'],
      {
        HEXA_SWEEP_FAIL_WHEN: 'library=true',
      },
    );
    expect(r.status).toBe(1);
    const m = manifest(dir);
    expect(m.status).toBe('stopped');
    expect(m.summary.failed).toBeGreaterThanOrEqual(1);
    expect(m.summary.pending).toBeGreaterThan(20);
    expect(m.summary.done).toBe(0);
  });
});
