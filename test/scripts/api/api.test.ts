/**
 * The public API against the command line: a sweep run in this process writes the results.csv `hexa sweep`
 * writes for the same grid, a run folder is `hexa run --out`'s, and `hexa report`'s reader takes both.
 * The API page (docs/api.md) shows the example file verbatim.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadResultFolder,
  PUBLISHED_AGENT,
  PUBLISHED_RUN,
  runExperiment,
  runSweep,
  writeRunFolder,
  writeSweepFolder,
  type RunConfig,
} from '../../../scripts/api/index.js';
import { ROOT, tempDir } from '../sweep/cli.js';
import { normalizeRun } from '../../../sim/experiment/config.js';
import { hexaHere } from '../../helpers/inProcess.js';

const base: RunConfig = { ...PUBLISHED_RUN, replicates: 6, seed: 3 };

describe('the API', () => {
  it('is in docs/api.md verbatim', () => {
    const example = readFileSync(join(ROOT, 'docs', 'examples', 'api.mjs'), 'utf8');
    expect(readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8')).toContain(`\`\`\`js\n${example}\`\`\`\n`);
  });

  it('sweeps in process to the bytes hexa sweep writes', async () => {
    const dir = tempDir('api-sweep');
    const cli = await hexaHere([
      'sweep',
      '--env',
      'lock-v1,noisy-lock-v1',
      '--explore',
      '0,0.2',
      '--replicates',
      '6',
      '--seed',
      '3',
      '--out',
      join(dir, 'cli'),
      '--quiet',
    ]);
    expect(cli.status, cli.stderr).toBe(0);
    const configs = [base, { ...base, env: 'noisy-lock-v1', envParams: { bits: 4, truth: '1011', q: 0.1 } }].flatMap(
      (c) => [0, 0.2].map((explore) => ({ ...c, agent: { ...PUBLISHED_AGENT, explore } })),
    );
    let progress = 0;
    const sweep = runSweep(configs.reverse().map(normalizeRun), (done) => (progress = done));
    expect(progress).toBe(4);
    writeSweepFolder(join(dir, 'api'), sweep);
    expect(readFileSync(join(dir, 'api', 'results.csv'), 'utf8')).toBe(
      readFileSync(join(dir, 'cli', 'results.csv'), 'utf8'),
    );
    const data = loadResultFolder(join(dir, 'api'));
    expect([data.kind, data.groups.length, data.seed]).toEqual(['sweep', 4, 3]);
    expect([...data.swept].sort()).toEqual(['env', 'explore', 'q']);
  });

  it('writes the sweep folder format hexa sweep writes: cells, manifest, resumable by hexa sweep', async () => {
    const dir = tempDir('api-format');
    const grid = ['sweep', '--explore', '0,0.2', '--threshold', '0.75,0.85', '--replicates', '5', '--seed', '3'];
    expect((await hexaHere([...grid, '--out', join(dir, 'cli'), '--quiet', '--keep-cells'])).status).toBe(0);
    const configs = [0.75, 0.85].flatMap((threshold) =>
      [0, 0.2].map((explore) => ({ ...base, replicates: 5, agent: { ...PUBLISHED_AGENT, explore, threshold } })),
    );
    writeSweepFolder(join(dir, 'api'), runSweep(configs.map(normalizeRun)), { keepCells: true });
    const cells = (name: string): string[] => readdirSync(join(dir, name, 'cells')).sort();
    expect(cells('api')).toEqual(cells('cli'));
    for (const f of cells('cli'))
      expect(readFileSync(join(dir, 'api', 'cells', f), 'utf8')).toBe(
        readFileSync(join(dir, 'cli', 'cells', f), 'utf8'),
      );
    type Head = { kind: string; status: string; grid: { id: string; cells: number; axes?: unknown }; cells: unknown[] };
    const manifest = (name: string): Head => JSON.parse(readFileSync(join(dir, name, 'manifest.json'), 'utf8')) as Head;
    const [api, cli] = [manifest('api'), manifest('cli')];
    expect([api.kind, api.status, api.grid.id, api.grid.cells]).toEqual([cli.kind, cli.status, cli.grid.id, 4]);
    const pick = (m: Head, keys: string[]): unknown[] => keys.map((k) => (m as unknown as Record<string, unknown>)[k]);
    expect(pick(api, ['shard', 'replicates', 'columns', 'files', 'summary'])).toEqual(
      pick(cli, ['shard', 'replicates', 'columns', 'files', 'summary']),
    );
    expect(api.grid.axes).toBeUndefined();
    // Each cell with its swept values (here the flags are named as their columns are).
    expect(api.cells).toEqual(cli.cells);
    // A list of configurations is no shard of a grid: merge says so.
    const merged = await hexaHere(['merge', join(dir, 'api'), '--out', join(dir, 'merged')]);
    expect([merged.status, merged.stderr.trim()]).toEqual([2, expect.stringMatching(/list of configurations/)]);
    // The same cells from the command line: --resume finds every one finished, then the manifest has the axes.
    const before = readFileSync(join(dir, 'api', 'results.csv'), 'utf8');
    const resumed = await hexaHere([...grid, '--out', join(dir, 'api'), '--resume', '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'done', ran: 0, skipped: 4 });
    expect(readFileSync(join(dir, 'api', 'results.csv'), 'utf8')).toBe(before);
    expect(manifest('api').grid).toEqual(cli.grid);
  });

  it('writes the run folder hexa run --out writes', async () => {
    const dir = tempDir('api-run');
    expect((await hexaHere(['run', '--replicates', '6', '--seed', '3', '--out', join(dir, 'cli')])).status).toBe(0);
    writeRunFolder(join(dir, 'api'), runExperiment(normalizeRun(base)));
    expect(readFileSync(join(dir, 'api', 'runs.csv'), 'utf8')).toBe(readFileSync(join(dir, 'cli', 'runs.csv'), 'utf8'));
    const manifest = (name: string): { kind: string; config: unknown } =>
      JSON.parse(readFileSync(join(dir, name, 'manifest.json'), 'utf8')) as never;
    expect(manifest('api').config).toEqual(manifest('cli').config);
    expect(loadResultFolder(join(dir, 'api')).groups).toHaveLength(1);
  });

  it('refuses a folder that exists unless forced, and sweeps that cannot be paired', () => {
    const dir = tempDir('api-refuse');
    const run = runExperiment(normalizeRun({ ...base, replicates: 2 }));
    writeRunFolder(join(dir, 'run'), run);
    expect(() => writeRunFolder(join(dir, 'run'), run)).toThrow(
      /already exists \(pass \{ force: true \} to write into it\)/,
    );
    writeRunFolder(join(dir, 'run'), run, { force: true });
    expect(existsSync(join(dir, 'run', 'runs.csv'))).toBe(true);
    expect(() => runSweep([])).toThrow(/at least one configuration/);
    expect(() =>
      runSweep([base, { ...base, seed: 4, agent: { ...PUBLISHED_AGENT, explore: 0.1 } }].map(normalizeRun)),
    ).toThrow(/same seed and replicate count/);
    expect(() => runSweep([base, { ...base, agent: { ...PUBLISHED_AGENT } }].map(normalizeRun))).toThrow(
      /two configurations are the same cell/,
    );
  });
});
