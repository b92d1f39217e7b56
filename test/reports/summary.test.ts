import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadResultFolder, type Group, type GroupInfo, type ResultData } from '../../reports/resultFolder.js';
import { sharesRandomNumbers, summarize, summaryRows, totals, worldColumns } from '../../reports/summary.js';
import { summarizeFolder } from '../../reports/folderSummary.js';
import { interquartileMean } from '../../sim/core/bootstrap.js';
import { mean } from '../../sim/core/stats.js';
import { reproduceFolder, sweepFolder, tempDir, withoutChecksums } from './fixtures.js';

let root: string;
let reproduce: ResultData;
let sweep: ResultData;
let wideSweep: string;

beforeAll(async () => {
  root = tempDir();
  reproduce = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 40));
  sweep = loadResultFolder(sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.9] }, 6));
  // More cells than pairs are listed for, so the streamed summary keeps only the first ones' rounds.
  wideSweep = sweepFolder(join(root, 'wide'), { explore: [0, 0.1, 0.2], threshold: [0.75, 0.85, 0.9] }, 5);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const byId = (data: ResultData, id: string): Group => data.groups.find((g) => g.id === id)!;

describe('summarize', () => {
  it('estimates are the plain statistics of the replicates, inside their intervals', () => {
    const s = summarize(reproduce, { seed: 3, resamples: 400 });
    for (const g of s.groups) {
      const group = byId(reproduce, g.group.id);
      g.rounds.forEach((r, k) => {
        const attempts = group.values('meanAttempts', k)!;
        expect(r.attempts.mean.estimate).toBeCloseTo(mean(attempts), 12);
        expect(r.attempts.iqm.estimate).toBeCloseTo(interquartileMean(attempts), 12);
        expect(r.skills.estimate).toBeCloseTo(mean(group.values('skills', k)!), 12);
        const [lo, hi] = r.attempts.mean.ci95!;
        expect(lo).toBeLessThanOrEqual(r.attempts.mean.estimate);
        expect(hi).toBeGreaterThanOrEqual(r.attempts.mean.estimate);
      });
      const tests = totals(group, 'tests').reduce((a, b) => a + b, 0);
      const refutations = totals(group, 'refutations').reduce((a, b) => a + b, 0);
      if (tests > 0) expect(g.refutationRate.estimate).toBeCloseTo(refutations / tests, 12);
      else expect(g.refutationRate.ci95).toBeNull();
    }
  });

  it('pairs every two arms of a reproduction (same seed, world and replicates), round by round', () => {
    const s = summarize(reproduce, { seed: 3, resamples: 400 });
    const arms = reproduce.groups.length;
    expect(s.paired).toHaveLength(((arms * (arms - 1)) / 2) * 5);
    const d = s.paired.find((p) => p.a === 'random' && p.b === 'threshold75' && p.round === 5)!;
    const a = byId(reproduce, 'random').values('meanAttempts', 4)!;
    const b = byId(reproduce, 'threshold75').values('meanAttempts', 4)!;
    expect(d.difference.estimate).toBeCloseTo(mean(a) - mean(b), 12);
    // Two learned bits against none: far more attempts without a library, clear of zero.
    expect(d.difference.ci95![0]).toBeGreaterThan(0);
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const a = summaryRows(reproduce, summarize(reproduce, { seed: 5, resamples: 300 }));
    const b = summaryRows(reproduce, summarize(reproduce, { seed: 5, resamples: 300 }));
    const c = summaryRows(reproduce, summarize(reproduce, { seed: 6, resamples: 300 }));
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });

  it('keeps a reproduction’s arms in their published order, the arm id last', () => {
    const rows = summaryRows(reproduce, summarize(reproduce, { seed: 1, resamples: 100 })).filter(
      (r) => r.versus === '',
    );
    expect([...new Set(rows.map((r) => r.arm))]).toEqual(reproduce.groups.map((g) => g.id));
    expect(Object.keys(rows[0]!).at(-1)).toBe('arm');
  });

  it('writes one row per figure, the swept parameters first, the cell id last, cells in value order', () => {
    const s = summarize(sweep, { seed: 1, resamples: 200 });
    const rows = summaryRows(sweep, s);
    const pairs = (4 * 3) / 2;
    expect(rows).toHaveLength(4 * (5 * 5 + 3) + pairs * 5);
    expect(Object.keys(rows[0]!)).toEqual([
      'threshold',
      'explore',
      'versus',
      'round',
      'metric',
      'statistic',
      'replicates',
      'estimate',
      'ci95Lo',
      'ci95Hi',
      'bootstrapSeed',
      'resamples',
      'scope',
      'cell',
    ]);
    const order = rows.filter((r) => r.versus === '').map((r) => [Number(r.threshold), Number(r.explore)]);
    const sorted = [...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    expect(order).toEqual(sorted);
    expect(new Set(order.map(String)).size).toBe(4);
    // round is a numeric column: whole-run figures leave it empty and say so in scope.
    for (const r of rows)
      expect(r.round === '' ? r.scope === 'run' : typeof r.round === 'number' && r.scope === 'round').toBe(true);
    expect(rows.filter((r) => r.scope === 'run').map((r) => r.metric)).toEqual(
      Array(4).fill(['tests', 'refutations', 'refutationRate']).flat(),
    );
    const final = rows.filter((r) => r.round === 5 && r.metric === 'meanAttempts' && r.statistic === 'mean');
    expect(final).toHaveLength(4);
    for (const r of final) expect(Number(r.ci95Lo)).toBeLessThanOrEqual(Number(r.estimate));
  });
});

describe('summarizeFolder', () => {
  it('makes, while the rows stream past, the summary of the folder read whole', async () => {
    for (const dir of [reproduce.dir, sweep.dir, wideSweep]) {
      const whole = loadResultFolder(dir);
      const options = { seed: 4, resamples: 150 };
      const streamed = await summarizeFolder(dir, () => options);
      const summary = summarize(whole, options);
      const info = ({ id, params, replicates, rounds }: GroupInfo): GroupInfo => ({ id, params, replicates, rounds });
      expect(streamed.summary).toEqual({
        ...summary,
        groups: summary.groups.map((g) => ({ ...g, group: info(g.group) })),
      });
      expect(summaryRows(streamed.data, streamed.summary)).toEqual(summaryRows(whole, summary));
      const { groups: _, ...described } = whole;
      const { groups, ...rest } = streamed.data;
      expect(rest).toEqual(described);
      expect(groups).toEqual(whole.groups.map(info));
    }
  });

  it('is the same summarised on two threads, and refuses a broken folder there as on one', async () => {
    const options = { seed: 4, resamples: 150 };
    const one = await summarizeFolder(wideSweep, () => options, undefined, { threads: 1 });
    const two = await summarizeFolder(wideSweep, () => options, undefined, { threads: 2, fromBytes: 0 });
    expect(two).toEqual(one);
    const lines = readFileSync(join(wideSweep, 'results.csv'), 'utf8').split('\n');
    const broken = join(root, 'broken');
    mkdirSync(broken);
    copyFileSync(join(wideSweep, 'manifest.json'), join(broken, 'manifest.json'));
    withoutChecksums(broken);
    writeFileSync(
      join(broken, 'results.csv'),
      lines.map((l, i) => (i === 60 ? l.replace(/,\d+$/, ',x') : l)).join('\n'),
    );
    await expect(summarizeFolder(broken, () => options, undefined, { threads: 2, fromBytes: 0 })).rejects.toThrow(
      /line 61: breakerTrips is 'x', not a number$/,
    );
  });

  it('gives the options the manifest seed, and says how far it has read', async () => {
    const seen: (number | null)[] = [];
    const progress: [number, number, string][] = [];
    const { summary } = await summarizeFolder(
      sweep.dir,
      (head) => {
        seen.push(head.seed);
        return { seed: 9, resamples: 100 };
      },
      (done, total, what) => progress.push([done, total, what]),
    );
    expect(seen).toEqual([1]);
    expect(summary.seed).toBe(9);
    expect(progress.at(-1)).toEqual([0, 0, 'MB of results.csv']);
  });
});

describe('pairing', () => {
  it('finds the world columns that configColumns places before the agent settings', () => {
    expect(worldColumns(reproduce.parameters)).toEqual(['env', 'bits', 'truth', 'rounds', 'tasks', 'cap', 'seed']);
    expect(worldColumns(['seed', 'threshold'])).toEqual(['seed']);
    expect(worldColumns(['threshold'])).toEqual([]);
  });

  it('does not pair groups with different seeds, worlds or replicates', () => {
    const a = byId(reproduce, 'exploit');
    const world = worldColumns(reproduce.parameters);
    const withParams = (params: Record<string, string>, replicates = a.replicates): Group => ({
      ...a,
      params: { ...a.params, ...params },
      replicates,
    });
    expect(sharesRandomNumbers(a, byId(reproduce, 'explore'), world)).toBe(true);
    expect(sharesRandomNumbers(a, withParams({ seed: '2' }), world)).toBe(false);
    expect(sharesRandomNumbers(a, withParams({ bits: '5' }), world)).toBe(false);
    expect(
      sharesRandomNumbers(
        a,
        withParams(
          {},
          a.replicates.map((r) => r + 1),
        ),
        world,
      ),
    ).toBe(false);
    expect(sharesRandomNumbers(a, a, [])).toBe(false); // no seed column: cannot know
  });
});
