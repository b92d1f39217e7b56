import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeComparison } from '../../../reports/compare/comparePage.js';
import { compareFolders, comparedWorld } from '../../../reports/compare/comparison.js';
import { differencesSpec, comparedCurvesSpec } from '../../../reports/compare/compareCharts.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { ResamplePlan } from '../../../sim/core/bootstrap.js';
import { UsageError } from '../../../sim/core/messages.js';
import { compileChart } from '../charts/compile.js';
import { reproduceFolder, runFolder, tempDir } from '../fixtures.js';

let root: string;
const folder = (source: string, dir: string): { source: string; data: ResultData } => ({
  source,
  data: loadResultFolder(dir),
});
let exploit: { source: string; data: ResultData };
let explore: { source: string; data: ResultData };
let reseeded: { source: string; data: ResultData };

beforeAll(() => {
  root = tempDir();
  exploit = folder('out/a', runFolder(join(root, 'a'), 30));
  explore = folder('out/b', runFolder(join(root, 'b'), 30, { agent: { explore: 0.2 } }));
  // Another seed: the same settings as a, its own random numbers.
  const c = join(root, 'c');
  runFolder(c, 30);
  const manifest = JSON.parse(readFileSync(join(c, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  reseeded = folder('out/c', c);
  reseeded = {
    ...reseeded,
    data: {
      ...reseeded.data,
      seed: 2,
      manifest: { ...manifest, seed: 2 },
      groups: reseeded.data.groups.map((g) => ({ ...g, params: { ...g.params, seed: '2' } })),
    },
  };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const finals = (d: ResultData): Float64Array => {
  const g = d.groups[0]!;
  return g.values('meanAttempts', g.rounds.length - 1)!;
};

describe('compareFolders', () => {
  it('pairs folders that drew the same random numbers, replicate by replicate, and says what differs', () => {
    const c = compareFolders([exploit, explore], { seed: 1, resamples: 400 });
    expect(c.folders.map((f) => f.letter)).toEqual(['A', 'B']);
    expect(c.world).toBe('lock-v1, bits 4, truth 1011, cap 20');
    expect(c.matched.map((m) => m.key)).toEqual(['run']); // two runs meet, whatever their settings
    const [d] = c.differences;
    expect(d!.paired).toBe(true);
    const expected = new ResamplePlan(30, 400, 1).pairedDifference(finals(exploit.data), finals(explore.data));
    expect(d!.difference).toEqual(expected);
    expect(c.config.map((x) => x.parameter)).toEqual(['explore']);
    expect(c.config[0]!.values).toEqual(
      new Map([
        ['A', ['0']],
        ['B', ['0.2']],
      ]),
    );
  });

  it('compares folders of different seeds as independent samples, with an interval of its own', () => {
    const c = compareFolders([exploit, reseeded], { seed: 1, resamples: 400 });
    const [d] = c.differences;
    expect(d!.paired).toBe(false);
    const mean = (xs: Float64Array): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(d!.difference.estimate).toBeCloseTo(mean(finals(exploit.data)) - mean(finals(reseeded.data)), 12);
    const [lo, hi] = d!.difference.ci95!;
    expect(lo).toBeLessThan(d!.difference.estimate);
    expect(hi).toBeGreaterThan(d!.difference.estimate);
    expect(c.facts.find((f) => f.parameter === 'seed')!.values.get('B')).toEqual(['2']);
  });

  it('meets a reproduction arm with the run of its settings', async () => {
    const reproduction = folder('out/r', await reproduceFolder(join(root, 'r'), 30));
    const c = compareFolders([exploit, reproduction], { seed: 1, resamples: 200 });
    const shared = c.matched.filter((m) => m.members.size === 2);
    expect(shared.map((m) => m.key)).toEqual(['arm exploit']);
    expect(c.differences.map((d) => `${d.label}: ${d.a} − ${d.b}`)).toEqual(['pure exploitation: A − B']);
    for (const spec of [comparedCurvesSpec(c), differencesSpec(c)]) expect(compileChart(spec).warnings).toEqual([]);
  });

  it('refuses folders of different worlds in one line, naming both', () => {
    const bits5 = {
      source: 'out/d',
      data: { ...explore.data, groups: explore.data.groups.map((g) => ({ ...g, params: { ...g.params, bits: '5' } })) },
    };
    expect(() => comparedWorld([exploit, bits5])).toThrow(UsageError);
    expect(() => comparedWorld([exploit, bits5])).toThrow(
      "DIR: 'out/d' plays lock-v1, bits 5, truth 1011, cap 20, 'out/a' lock-v1, bits 4, truth 1011, cap 20; " +
        'compare folders of one world',
    );
  });
});

describe('writeComparison', () => {
  it('writes the page, its charts and comparison.csv — and nothing when the worlds differ', async () => {
    const out = join(root, 'page');
    expect(await writeComparison([exploit, explore], out, { seed: 1, resamples: 200 })).toEqual([
      'learning-curves',
      'differences',
    ]);
    expect(readdirSync(out).sort()).toEqual(
      [
        'comparison.csv',
        'differences.png',
        'differences.svg',
        'differences.vl.json',
        'index.html',
        'learning-curves.png',
        'learning-curves.svg',
        'learning-curves.vl.json',
      ].sort(),
    );
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<h1>Final round: A − B =');
    expect(html).toContain('<h2>What differs between the folders</h2>');
    const csv = readFileSync(join(out, 'comparison.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe('group,folder,versus,metric,statistic,replicates,estimate,ci95Lo,ci95Hi');
    expect(csv).toContain('paired final-round mean difference');

    const refused = join(root, 'refused');
    const other = {
      source: 'out/d',
      data: { ...explore.data, groups: explore.data.groups.map((g) => ({ ...g, params: { ...g.params, cap: '10' } })) },
    };
    await expect(writeComparison([exploit, other], refused, { seed: 1, resamples: 200 })).rejects.toThrow(/one world/);
    expect(existsSync(refused)).toBe(false);
  });
});
