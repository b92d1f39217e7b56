import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHeatmapAxes, heatmapSpec, sortedValues } from '../../../reports/charts/heatmap.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { summarize, type Summary } from '../../../reports/summary.js';
import { sweepFolder, tempDir } from '../fixtures.js';
import { rankCells } from '../../../reports/ranking.js';
import { compileChart, dataRows, nodes } from './compile.js';
import { drawChart, luminance } from './scene.js';

let root: string;
let data: ResultData;
let summary: Summary;

beforeAll(() => {
  root = tempDir();
  data = loadResultFolder(
    sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.85, 0.9], topK: [1, 2] }, 3),
  );
  summary = summarize(data, { seed: 1, resamples: 100 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('heat map', () => {
  it('defaults to explore × threshold, else the first two swept parameters', () => {
    expect(defaultHeatmapAxes(['threshold', 'topK', 'explore'])).toEqual({ x: 'explore', y: 'threshold' });
    expect(defaultHeatmapAxes(['topK', 'bits'])).toEqual({ x: 'topK', y: 'bits' });
    expect(defaultHeatmapAxes(['topK'])).toBeNull();
  });

  it('sorts numbers numerically', () => {
    expect(sortedValues([10, 4, 0.5, 4])).toEqual([0.5, 4, 10]);
    expect(sortedValues(['task', 'round'])).toEqual(['round', 'task']);
  });

  it('has one tile per cell with its final-round mean, one panel per other swept value, and compiles cleanly', () => {
    const spec = heatmapSpec(summary.groups, data.swept, { x: 'explore', y: 'threshold' });
    expect(compileChart(spec).warnings).toEqual([]);
    const tiles = dataRows(spec);
    expect(tiles).toHaveLength(12);
    for (const g of summary.groups) {
      const tile = tiles.find((t) => t.cell === g.group.id)!;
      expect(tile.mean).toBe(g.rounds.at(-1)!.attempts.mean.estimate);
      expect(tile.x).toBe(Number(g.group.params.explore));
    }
    expect(new Set(tiles.map((t) => t.panel))).toEqual(new Set(['topK 1', 'topK 2']));
    expect((spec.facet as { field: string }).field).toBe('panel');
    const colour = nodes(spec).find((n) => (n.color as { field?: string } | undefined)?.field === 'mean')!.color as {
      scale: { scheme: string };
    };
    expect(colour.scale.scheme).toBe('viridis');
    expect((colour.scale as { reverse?: boolean }).reverse).toBe(true);
  });

  it('outlines the best cell and those tied with it; fewer attempts are brighter', async () => {
    const marks = new Map<string, 'best' | 'tied'>();
    const [world] = rankCells(data, summary);
    for (const c of world!.tied) marks.set(c.group.id, 'tied');
    marks.set(world!.best.group.id, 'best');
    const drawn = await drawChart(heatmapSpec(summary.groups, data.swept, { x: 'explore', y: 'threshold' }, marks));
    const outlines = drawn.items.filter((i) => i.marktype === 'rect' && i.stroke === '#000000');
    expect(outlines.map((o) => o.datum!.cell).sort()).toEqual([...marks.keys()].sort());
    const tiles = drawn.items.filter((i) => i.marktype === 'rect' && i.stroke === 'white');
    const fillOf = (id: string): number => luminance(tiles.find((t) => t.datum!.cell === id)!.fill!);
    expect(fillOf(world!.best.group.id)).toBeGreaterThan(fillOf(world!.worst.group.id));
  });

  it('shows each cell’s interval and n on hover, wherever the pointer is on it', () => {
    const spec = heatmapSpec(summary.groups, data.swept, { x: 'explore', y: 'threshold' });
    const drawnLayers = nodes(spec).filter((n) => ['rect', 'text'].includes((n.mark as { type?: string })?.type ?? ''));
    expect(drawnLayers.length).toBeGreaterThanOrEqual(4);
    for (const layer of drawnLayers) {
      const fields = ((layer.encoding as { tooltip: { field: string }[] }).tooltip ?? []).map((t) => t.field);
      expect(fields).toEqual(expect.arrayContaining(['mean', 'lo', 'hi', 'replicates']));
    }
    for (const t of dataRows(spec)) expect(t.interval).toMatch(/^\d+\.\d\d–\d+\.\d\d$/);
  });

  it('without other swept parameters it is a single layered chart', () => {
    const two = summary.groups.filter((g) => g.group.params.topK === '2');
    const spec = heatmapSpec(two, ['explore', 'threshold'], { x: 'threshold', y: 'explore' });
    expect(compileChart(spec).warnings).toEqual([]);
    expect(spec.facet).toBeUndefined();
    expect(dataRows(spec)).toHaveLength(6);
  });

  it('prints a figure only in a cell that holds it: both at print size, none in a phone-narrow cell', async () => {
    const grid = loadResultFolder(
      sweepFolder(join(root, 'wide'), { explore: [0, 0.1, 0.2, 0.3, 0.4, 0.5], threshold: [0.8, 0.9] }, 2),
    );
    const spec = heatmapSpec(summarize(grid, { seed: 1, resamples: 50 }).groups, grid.swept, {
      x: 'explore',
      y: 'threshold',
    });
    const shown = async (width: number): Promise<string[]> =>
      (await drawChart({ ...spec, width })).items
        .filter((i) => i.marktype === 'text' && i.role === 'mark' && (i as { opacity?: number }).opacity !== 0)
        .map((i) => String(i.text));
    const print = await shown(Number(spec.width));
    expect(print.filter((t) => /^\d+\.\d\d$/.test(t))).toHaveLength(12); // every mean
    expect(print.filter((t) => t.includes('–'))).toHaveLength(12); // every interval
    expect(await shown(6 * 26)).toEqual([]); // 26 px a cell: not even "4.02" fits
  });
});
