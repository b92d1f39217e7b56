import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAxes } from '../../../scripts/commands/report.js';
import { UsageError } from '../../../sim/core/messages.js';
import { hexa, ROOT } from '../../helpers/cli.js';
import { runFolder, sweepFolder, tempDir, withoutChecksums } from '../../reports/fixtures.js';
import { hexaHere } from '../../helpers/inProcess.js';

let root: string;
let run: string;
let sweep: string;

beforeAll(() => {
  root = tempDir('hexa-report-cli-');
  run = runFolder(join(root, 'run'), 6);
  sweep = sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.8, 0.9] }, 2);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Names of everything under `dir`, recursively, with sizes and contents' first bytes (to see any change). */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return e.isFile() ? `${path}:${readFileSync(path).subarray(0, 64).toString('hex')}` : path;
    })
    .sort();
}

describe('hexa report', () => {
  it('writes charts, summary.csv and index.html into DIR/report and prints the page path', async () => {
    const r = await hexaHere(['report', sweep, '--resamples', '200']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = join(sweep, 'report');
    expect(r.stdout.split('\n')[0]).toMatch(/report\/index\.html$/);
    const files = readdirSync(out).sort();
    for (const chart of ['heatmap', 'refutation-and-skills', 'performance-profile']) {
      for (const ext of ['vl.json', 'svg', 'png']) expect(files).toContain(`${chart}.${ext}`);
    }
    expect(files).toContain('summary.csv');
    expect(files).toContain('index.html');
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toMatch(
      /^threshold,explore,versus,round,metric,statistic,.*,scope,cell\n/,
    );
    const spec = JSON.parse(readFileSync(join(out, 'heatmap.vl.json'), 'utf8')) as { $schema: string };
    expect(spec.$schema).toContain('vega-lite');
  });

  it("uses a module world's declared exact values, as hexa run does, and says when its module is gone", () => {
    // Spawned: a module world stays registered in the process that loaded it.
    // A copy of the example dial world (exactRandomControl: true), so that it can be taken away.
    const world = join(root, 'dial-world.mjs');
    copyFileSync(join(ROOT, 'docs', 'examples', 'dial-world.mjs'), world);
    const dir = join(root, 'dials');
    const args = ['--env', world, '--param', 'dials=3', '--param', 'symbols=3', '--replicates', '10'];
    const run = hexa(['run', ...args, '--out', dir]);
    expect(run.status, run.stderr).toBe(0);
    const exact = /no constraint \(random control\): (\d+\.\d{3})/.exec(run.stdout)?.[1];
    expect(exact).toBeDefined();
    const report = hexa(['report', dir, '--resamples', '100', '--quiet']);
    expect(report.stderr).toBe('');
    const page = (): string => readFileSync(join(dir, 'report', 'index.html'), 'utf8');
    expect(page()).toContain(`Random baseline</dt><dd>${exact} (exact, uniform guessing)`);
    rmSync(world);
    const again = hexa(['report', dir, '--resamples', '100', '--force', '--quiet']);
    expect(again.status).toBe(0);
    expect(again.stderr.trimEnd().split('\n')).toEqual([
      `hexa report: warning: no exact values for the world of ${world}: '${world}' does not exist or is not a file`,
    ]);
    expect(page()).toContain('Random baseline</dt><dd>no exact value for this world');
  });
});

describe('hexa report A B', () => {
  it('reads several folders and writes one page comparing them (reports/compare/)', async () => {
    const other = runFolder(join(root, 'run-explore'), 6, { agent: { explore: 0.2 } });
    const out = join(root, 'a-vs-b');
    const r = await hexaHere(['report', run, other, '--out', out, '--resamples', '100']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/a-vs-b\/index\.html$/),
      '  2 folders compared; 2 charts (learning-curves, differences) as .vl.json, .svg, .png; comparison.csv',
    ]);
    expect(readdirSync(out)).toContain('comparison.csv');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(other);
  });

  it('refuses --axes for a comparison, in one line, before reading anything', async () => {
    const r = await hexaHere(['report', run, sweep, '--axes', 'explore,threshold', '--out', join(root, 'never')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      "hexa: --axes: 'explore,threshold' draws one sweep's heat map; a comparison has none",
    ]);
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});

describe('hexa report --png-scale', () => {
  it('draws each PNG at that many pixels per SVG pixel (default 2)', async () => {
    const size = (file: string): number[] => {
      const png = readFileSync(file);
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    const svgSize = (file: string): number[] =>
      /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(readFileSync(file, 'utf8'))!.slice(1, 3).map(Number);
    for (const [scale, args] of [
      [2, []],
      [0.5, ['--png-scale', '0.5']],
    ] as const) {
      const out = join(root, `scaled-${scale}`);
      const r = await hexaHere(['report', run, '--resamples', '100', '--out', out, ...args]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const [w, h] = svgSize(join(out, 'learning-curves.svg'));
      const [pw, ph] = size(join(out, 'learning-curves.png'));
      expect(Math.abs(pw! - scale * w!)).toBeLessThanOrEqual(1);
      expect(Math.abs(ph! - scale * h!)).toBeLessThanOrEqual(1);
    }
  });
});

describe('hexa reproduce --report (npm start)', () => {
  // The whole of npm start, the audit included, as one process: minutes on a loaded two-core machine.
  it('writes the result folder and its report, and prints the page path', { timeout: 300_000 }, async () => {
    const dir = join(root, 'reproduced');
    // A small audit: the page needs a verdict, which a few runs per reading give as well as the quick audit's 1000.
    const r = await hexaHere(['reproduce', '--replicates', '20', '--audit-replicates', '40', '--report', '--out', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Report: ${join(dir, 'report', 'index.html')}`);
    const files = readdirSync(join(dir, 'report'));
    for (const chart of ['learning-curves', 'refutation-and-skills', 'single-runs', 'performance-profile'])
      expect(files).toContain(`${chart}.png`);
    expect(readFileSync(join(dir, 'report', 'index.html'), 'utf8')).toContain('Published against simulated');
  });
});

describe('hexa report: bad input is one line, exit 2, nothing written', () => {
  const broken = (name: string, edit: (dir: string) => void): string => {
    const dir = join(root, name);
    mkdirSync(dir);
    for (const f of ['manifest.json', 'runs.csv']) writeFileSync(join(dir, f), readFileSync(join(run, f)));
    withoutChecksums(dir); // the edit is read, not refused as a change
    edit(dir);
    return dir;
  };
  const cases: [string, () => string[], RegExp][] = [
    [
      'a folder that does not exist',
      () => ['report', join(root, 'missing')],
      /^hexa: DIR: '.*missing' is not a result folder \(it does not exist\)$/,
    ],
    [
      'a folder without manifest.json',
      () => ['report', broken('nomanifest', (d) => rmSync(join(d, 'manifest.json')))],
      /no manifest\.json/,
    ],
    [
      'a CSV with a missing column',
      () => [
        'report',
        broken('nocolumn', (d) => {
          const text = readFileSync(join(d, 'runs.csv'), 'utf8').replace('meanAttempts', 'meanAttempt');
          writeFileSync(join(d, 'runs.csv'), text);
        }),
      ],
      /runs\.csv' lacks required column meanAttempts$/,
    ],
    [
      'a torn row',
      () => [
        'report',
        broken('torn', (d) => {
          const text = readFileSync(join(d, 'runs.csv'), 'utf8');
          writeFileSync(join(d, 'runs.csv'), text.slice(0, text.length - 20));
        }),
      ],
      /runs\.csv' line \d+: torn row/,
    ],
    [
      'axes that are not swept',
      () => ['report', sweep, '--axes', 'explore,bits', '--out', join(root, 'never')],
      /^hexa: --axes: 'explore,bits' names bits, not a swept parameter/,
    ],
    [
      'too few resamples',
      () => ['report', run, '--resamples', '5', '--out', join(root, 'never')],
      /^hexa: --resamples: '5' is below the minimum 100$/,
    ],
    [
      'a bad seed',
      () => ['report', run, '--seed', 'x', '--out', join(root, 'never')],
      /^hexa: --seed: 'x' is not a whole number$/,
    ],
    [
      'a PNG scale that is not a number',
      () => ['report', run, '--png-scale', 'big', '--out', join(root, 'never')],
      /^hexa: --png-scale: 'big' is not a number$/,
    ],
    [
      'a PNG scale out of range',
      () => ['report', run, '--png-scale', '0.1', '--out', join(root, 'never')],
      /^hexa: --png-scale: '0.1' must be at least 0.25$/,
    ],
    [
      'a PNG scale for a reproduction without a report',
      () => ['reproduce', '--png-scale', '3', '--out', join(root, 'never')],
      /^hexa: --png-scale: '3' sets the scale of the report's PNG files; give --report too$/,
    ],
    [
      'an output folder that exists',
      () => ['report', run, '--out', sweep],
      /^hexa: --out: '.*sweep' already exists \(use --force to replace it\)$/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, pattern) => {
    const argv = args();
    const dir = argv[1]!;
    const before = existsSync(dir) ? snapshot(dir) : [];
    const sweepBefore = snapshot(sweep);
    const r = await hexaHere(argv);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(`${lines[0]}`).toMatch(pattern);
    expect(existsSync(dir) ? snapshot(dir) : []).toEqual(before);
    expect(snapshot(sweep)).toEqual(sweepBefore);
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});

describe('parseAxes', () => {
  it('takes two different swept parameters', () => {
    expect(parseAxes('threshold, explore', ['explore', 'threshold'])).toEqual({ x: 'threshold', y: 'explore' });
    for (const bad of ['explore', 'explore,explore', 'explore,', 'a,b,c'])
      expect(() => parseAxes(bad, ['explore', 'threshold'])).toThrow(UsageError);
  });
});
