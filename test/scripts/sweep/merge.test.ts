/** Shards run under GNU parallel, joined by hexa merge, equal one unsharded sweep byte for byte. */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../sim/core/messages.js';
import { mergeSweeps } from '../../../scripts/sweep/merge.js';
import { hexaArgv, ROOT, tempDir } from './cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const GRID = [
  '--explore',
  '0,0.1,0.2',
  '--top-k',
  '1:3',
  '--threshold',
  '0.8,0.9',
  '--tasks',
  '10',
  '--replicates',
  '2',
];
const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
const results = (dir: string): string => readFileSync(join(dir, 'results.csv'), 'utf8');

// CI installs GNU parallel (.ci/run); a developer machine without it skips only this file's shard run.
describe.runIf(hasParallel || process.env.CI !== undefined)('shards and merge', () => {
  let root: string;
  let whole: string;
  const shard = (i: number): string => join(root, `s${i}`);

  beforeAll(async () => {
    root = tempDir('merge');
    whole = join(root, 'whole');
    expect((await hexaHere(['sweep', ...GRID, '--out', whole, '--quiet'])).status).toBe(0);
    const argv = hexaArgv([
      'sweep',
      ...GRID,
      '--workers',
      '1',
      '--quiet',
      '--shard',
      '{}/3',
      '--out',
      join(root, 's{}'),
    ]);
    execFileSync(
      'parallel',
      ['--will-cite', '--halt', 'now,fail=1', '-j', '3', process.execPath, ...argv, ':::', '0', '1', '2'],
      { cwd: ROOT, stdio: 'pipe' },
    );
  });

  it('merges three shards run under GNU parallel into the unsharded output, byte for byte', async () => {
    const done = (i: number): number =>
      (JSON.parse(readFileSync(join(shard(i), 'manifest.json'), 'utf8')) as { summary: { done: number } }).summary.done;
    const counts = [0, 1, 2].map(done);
    expect(counts.reduce((a, b) => a + b)).toBe(18);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const out = join(root, 'merged');
    const r = await hexaHere(['merge', shard(2), shard(0), shard(1), '--out', out, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', cells: 18, done: 18, inputs: 3 });
    expect(results(out)).toBe(results(whole));
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      kind: string;
      shard: unknown;
      grid: { id: string };
    };
    const w = JSON.parse(readFileSync(join(whole, 'manifest.json'), 'utf8')) as { grid: { id: string } };
    expect(m).toMatchObject({ kind: 'sweep', shard: { index: 0, count: 1 }, grid: { id: w.grid.id } });
  });

  it.each([
    ['a missing shard', () => [shard(0), shard(2)], /6 of 18 cells are missing \(shard 1\/3 not given\)/],
    [
      'overlapping shards',
      () => [shard(0), shard(1), shard(2), shard(1)],
      /cell [0-9a-f]{16} is in both .* \(overlapping shards\)/,
    ],
    [
      'a shard of another grid',
      () => [shard(0), shard(1), shard(2), join(root, 'other')],
      /are shards of different sweeps/,
    ],
    [
      'a shard made by another version',
      () => [shard(0), shard(1), join(root, 'version')],
      /different sweeps \(the hexa-sim versions that ran them differ\)/,
    ],
    ['an unfinished shard', () => [shard(0), shard(1), join(root, 'partial')], /'.*partial' has 1 unfinished cell/],
    ['a folder that is no sweep', () => [shard(0), root], /is not a finished sweep folder/],
  ])('refuses %s, writing nothing', async (_what, inputs, message) => {
    if (!statSafe(join(root, 'other')))
      expect(
        (await hexaHere(['sweep', ...GRID, '--seed', '2', '--shard', '2/3', '--out', join(root, 'other'), '--quiet']))
          .status,
      ).toBe(0);
    if (!statSafe(join(root, 'partial'))) {
      // A shard that kept its cells, one of them then deleted.
      const partial = ['sweep', ...GRID, '--shard', '2/3', '--out', join(root, 'partial'), '--quiet', '--keep-cells'];
      expect((await hexaHere(partial)).status).toBe(0);
      unlinkSync(join(root, 'partial', 'cells', readdirSync(join(root, 'partial', 'cells'))[0]!));
    }
    if (!statSafe(join(root, 'version'))) {
      cpSync(shard(2), join(root, 'version'), { recursive: true });
      const path = join(root, 'version', 'manifest.json');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/"version": "[^"]*"/, '"version": "0.0.0-other"'));
    }
    const out = join(root, 'refused');
    expect(() => mergeSweeps(inputs(), out, false)).toThrow(UsageError);
    expect(() => mergeSweeps(inputs(), out, false)).toThrow(message);
    expect(statSafe(out)).toBe(false);
  });

  it('refuses from the command line with exit 2 and one line', async () => {
    const out = join(root, 'refused-cli');
    const r = await hexaHere(['merge', shard(0), shard(1), '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^hexa: merge: 6 of 18 cells are missing \(shard 2\/3 not given\)\n$/);
    expect(statSafe(out)).toBe(false);
  });

  it('will not write over an existing folder or one of its inputs', async () => {
    const before = results(shard(0));
    const r = await hexaHere(['merge', shard(0), shard(1), shard(2), '--out', whole]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--out: .* already exists/);
    const self = await hexaHere(['merge', shard(0), shard(1), shard(2), '--out', shard(0), '--force']);
    expect(self.status).toBe(2);
    expect(self.stderr).toMatch(/is one of the folders being merged/);
    expect(results(shard(0))).toBe(before);
  });
});

function statSafe(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
