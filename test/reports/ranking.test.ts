import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalMean, rankCells } from '../../reports/ranking.js';
import { loadResultFolder, type ResultData } from '../../reports/resultFolder.js';
import { summarize, type Summary } from '../../reports/summary.js';
import { ResamplePlan } from '../../sim/core/bootstrap.js';
import { sweepFolder, tempDir } from './fixtures.js';

let root: string;
let data: ResultData;
let summary: Summary;

beforeAll(() => {
  root = tempDir();
  // Exploration 0 makes routing irrelevant, so those cells are identical: a certain tie.
  data = loadResultFolder(
    sweepFolder(
      join(root, 'sweep'),
      { explore: [0, 0.2], threshold: [0.75, 0.9], routing: ['shared', 'separate'] },
      12,
    ),
  );
  summary = summarize(data, { seed: 3, resamples: 400 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('rankCells', () => {
  it('puts the fewest final-round attempts first and the most last, in one world', () => {
    const [world, ...others] = rankCells(data, summary);
    expect(others).toEqual([]);
    expect(world!.world).toBe('');
    const means = world!.standings.map((s) => finalMean(s.cell).estimate);
    expect(means).toEqual([...means].sort((a, b) => a - b));
    expect(world!.best).toBe(world!.standings[0]!.cell);
    expect(world!.worst).toBe(world!.standings.at(-1)!.cell);
    expect(world!.baseline?.value.toFixed(3)).toBe('11.599');
    expect(world!.settings).toEqual(data.swept);
  });

  it('ties a cell with the best when the paired interval of their difference includes 0', () => {
    const [world] = rankCells(data, summary);
    const best = world!.best;
    for (const s of world!.standings.slice(1)) {
      expect(s.paired).toBe(true);
      const plan = new ResamplePlan(best.group.replicates.length, summary.resamples, summary.seed);
      const last = (g: typeof best): Float64Array =>
        data.groups.find((d) => d.id === g.group.id)!.values('meanAttempts', 4)!;
      const difference = plan.pairedDifference(last(s.cell), last(best));
      expect(s.difference).toEqual(difference);
      expect(s.tied).toBe(difference.ci95![0] <= 0);
    }
    // The routing twin of an exploration-0 best is the same run: tied.
    if (best.group.params.explore === '0') {
      const twin = world!.standings.find(
        (s) =>
          s.cell !== best &&
          s.cell.group.params.explore === '0' &&
          s.cell.group.params.threshold === best.group.params.threshold,
      )!;
      expect(twin.tied).toBe(true);
      expect(world!.tied).toContain(twin.cell);
    }
    expect(world!.tied).not.toContain(best);
  });

  it('ranks each world apart, and compares cells of different seeds by their intervals', () => {
    const mixed: ResultData = {
      ...data,
      swept: [...data.swept, 'bits'],
      groups: data.groups.map((g, i) => ({ ...g, params: { ...g.params, bits: i % 2 === 0 ? '4' : '5' } })),
    };
    const worlds = rankCells(mixed, summarize(mixed, { seed: 3, resamples: 200 }));
    expect(worlds.map((w) => w.world).sort()).toEqual(['bits 4', 'bits 5']);
    for (const w of worlds) {
      expect(w.standings).toHaveLength(data.groups.length / 2);
      expect(w.settings).not.toContain('bits');
    }
    const reseeded: ResultData = {
      ...data,
      groups: data.groups.map((g, i) => ({ ...g, params: { ...g.params, seed: String(i + 1) } })),
    };
    const [world] = rankCells(reseeded, summarize(reseeded, { seed: 3, resamples: 200 }));
    for (const s of world!.standings.slice(1)) {
      expect(s.paired).toBe(false);
      const [a, b] = [finalMean(s.cell).ci95!, finalMean(world!.best).ci95!];
      expect(s.tied).toBe(a[0] <= b[1]);
    }
  });

  it('breaks exact ties by the settings in their natural order and shows them as ties, needing no interval', () => {
    // Thresholds 0.6 … 0.75 extract the same skills here: the same runs, the same final-round mean exactly. The
    // folder lists them in the order of their cell ids; the best is the lowest threshold, the others exact ties.
    const dir = sweepFolder(join(root, 'ties'), { threshold: [0.75, 0.6, 0.7, 0.65, 0.9] }, 4);
    const ties = loadResultFolder(dir);
    const [world] = rankCells(ties, summarize(ties, { seed: 3, resamples: 200 }));
    const tied = world!.standings.filter((s) => s.exact);
    expect(tied.map((s) => s.cell.group.params.threshold)).toEqual(['0.6', '0.65', '0.7', '0.75']);
    expect(tied.every((s) => s.tied)).toBe(true);
    expect(world!.best.group.params.threshold).toBe('0.6');
    expect(world!.tied.map((c) => c.group.params.threshold)).toEqual(['0.65', '0.7', '0.75']);
    // The folder's order is not the rule: some other cell comes first there.
    expect(ties.groups[0]!.params.threshold).not.toBe('0.6');
  });

  it('claims no tie without intervals (one replicate a cell), only exact ones', () => {
    const dir = sweepFolder(join(root, 'single'), { threshold: [0.6, 0.7], explore: [0, 0.5] }, 1);
    const single = loadResultFolder(dir);
    const [world] = rankCells(single, summarize(single, { seed: 3, resamples: 200 }));
    for (const s of world!.standings) {
      expect(finalMean(s.cell).ci95).toBeNull();
      expect(s.tied).toBe(s.exact);
      expect(s.exact).toBe(finalMean(s.cell).estimate === finalMean(world!.best).estimate);
    }
  });

  it('lists worlds in the natural order of their settings (numbers numerically)', () => {
    const bits = ['10', '4', '6'];
    const worlds: ResultData = {
      ...data,
      swept: [...data.swept, 'bits'],
      groups: data.groups.map((g, i) => ({ ...g, params: { ...g.params, bits: bits[i % 3]! } })),
    };
    const ranked = rankCells(worlds, summarize(worlds, { seed: 3, resamples: 100 }));
    expect(ranked.map((w) => w.world)).toEqual(['bits 4', 'bits 6', 'bits 10']);
  });
});
