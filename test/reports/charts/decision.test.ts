import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_LINES, decisionSpec } from '../../../reports/charts/decision.js';
import { type ChartSpec, paletteFor } from '../../../reports/charts/theme.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { summarize, type Summary } from '../../../reports/summary.js';
import { reproduceFolder, runFolder, sweepFolder, tempDir } from '../fixtures.js';
import { compileChart, dataRows, nodes } from './compile.js';
import { type DrawnItem, drawChart, luminance } from './scene.js';

let root: string;
const loaded: Record<string, { data: ResultData; summary: Summary }> = {};

beforeAll(async () => {
  root = tempDir();
  const dirs = {
    run: runFolder(join(root, 'run'), 8),
    reproduce: await reproduceFolder(join(root, 'reproduce'), 8),
    sweep: sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.9], topK: [1, 2] }, 3),
  };
  for (const [kind, dir] of Object.entries(dirs)) {
    const data = loadResultFolder(dir);
    loaded[kind] = { data, summary: summarize(data, { seed: 1, resamples: 100 }) };
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decisionRates = (spec: object): number[] =>
  nodes(spec)
    .filter((n) => (n.mark as { type?: string } | undefined)?.type === 'rule')
    .flatMap((n) => Object.values(n.encoding as Record<string, { datum?: number }>).map((e) => e.datum))
    .filter((d): d is number => d !== undefined);

describe('decisionSpec', () => {
  it('per arm (reproduce): every arm a row, rates over the whole run, the 2 % and 10 % lines', () => {
    const { data, summary } = loaded.reproduce!;
    const palette = paletteFor(data.groups.map((g) => g.id));
    const spec = decisionSpec(summary.groups, 'arms', palette);
    expect(compileChart(spec).warnings).toEqual([]);
    expect(new Set(decisionRates(spec))).toEqual(new Set(DECISION_LINES.map((d) => d.rate)));
    const rows = dataRows(spec).filter((r) => 'skills' in r);
    expect(new Set(rows.map((r) => r.key))).toEqual(new Set(palette.labels));
    const random = rows.find((r) => r.key === palette.labelOf('random'))!;
    expect(random.rate).toBeNull(); // no library: nothing tested, no rate
    const exploit = summary.groups.find((g) => g.group.id === 'exploit')!;
    expect(rows.find((r) => r.key === palette.labelOf('exploit'))!.skills).toBe(exploit.rounds.at(-1)!.skills.estimate);
  });

  it('over a sweep: against the threshold, one line per exploration rate, one panel per other setting', () => {
    const { data, summary } = loaded.sweep!;
    const spec = decisionSpec(summary.groups, 'grid', paletteFor(data.groups.map((g) => g.id)), data.swept);
    expect(compileChart(spec).warnings).toEqual([]);
    expect(new Set(decisionRates(spec))).toEqual(new Set([0.02, 0.1]));
    const rows = dataRows(spec).filter((r) => 'skills' in r);
    expect(new Set(rows.map((r) => r.key))).toEqual(new Set([0.75, 0.9]));
    expect(new Set(rows.map((r) => r.series))).toEqual(new Set([0, 0.2]));
    expect(new Set(rows.map((r) => r.panel))).toEqual(new Set(['topK 1', 'topK 2']));
    expect(nodes(spec).some((n) => (n.facet as { field?: string } | undefined)?.field === 'panel')).toBe(true);
  });

  it('over a sweep: swept values as categories labelled exactly, rates side by side in each, none moved', async () => {
    const { data, summary } = loaded.sweep!;
    const spec = decisionSpec(summary.groups, 'grid', paletteFor(data.groups.map((g) => g.id)), data.swept);
    // No point is placed on a numeric axis away from its value: the key is a category, the series an offset in it.
    const keys = nodes(spec).filter((n) => (n.x as { field?: string } | undefined)?.field !== undefined);
    expect(keys.length).toBeGreaterThan(0);
    for (const n of keys) expect((n.x as { type: string }).type).not.toBe('quantitative');
    expect(dataRows(spec).some((r) => 'at' in r)).toBe(false);
    const drawn = await drawChart(spec);
    const thresholdAxes = drawn.axes.filter((a) => a.title.startsWith('Evidence threshold'));
    expect(thresholdAxes.length).toBeGreaterThan(0);
    for (const a of thresholdAxes) expect(a.labels).toEqual(['0.75', '0.9']);
    // In each panel, both exploration rates at 0.75 lie left of both at 0.9, the lower rate first.
    const points = drawn.items.filter(
      (i) => i.marktype === 'symbol' && i.role === 'mark' && i.datum?.panel === 'topK 1' && i.datum.rate !== null,
    ) as (DrawnItem & { x: number })[];
    const x = (key: number, series: number): number[] =>
      points.filter((p) => p.datum!.key === key && p.datum!.series === series).map((p) => p.x);
    for (const [a, b] of [
      [x(0.75, 0), x(0.75, 0.2)],
      [x(0.75, 0.2), x(0.9, 0)],
      [x(0.9, 0), x(0.9, 0.2)],
    ] as const)
      for (const left of a) for (const right of b) expect(left).toBeLessThan(right);
  });

  it('says why where the rate panel has nothing to draw: a panel, a swept value, an arm', async () => {
    const said = async (spec: ChartSpec): Promise<string[]> =>
      (await drawChart(spec)).items
        .filter((i) => i.marktype === 'text' && i.role === 'mark' && i.stroke !== 'white')
        .map((i) => (Array.isArray(i.text) ? i.text.join(' ') : String(i.text)));
    // A run without a library tests no skill in any round.
    const dir = runFolder(join(root, 'nolibrary'), 4, { agent: { library: false } });
    const bare = loadResultFolder(dir);
    const bareSpec = decisionSpec(summarize(bare, { seed: 1, resamples: 100 }).groups, 'rounds', paletteFor(['run']));
    expect(compileChart(bareSpec).warnings).toEqual([]);
    expect(await said(bareSpec)).toContain('No skill was tested in these runs, so there is no refutation rate.');
    // A sweep whose threshold 0.9 cells tested nothing: said in that value's band, in each panel.
    const { data, summary } = loaded.sweep!;
    const untested = summary.groups.map((g) =>
      g.group.params.threshold === '0.9' ? { ...g, refutationRate: { estimate: NaN, ci95: null } } : g,
    );
    const gridSpec = decisionSpec(untested, 'grid', paletteFor(data.groups.map((g) => g.id)), data.swept);
    expect(compileChart(gridSpec).warnings).toEqual([]);
    const notes = (await drawChart(gridSpec)).items.filter(
      (i) => i.marktype === 'text' && i.text === 'no skill tests' && i.stroke !== 'white',
    );
    expect(notes.map((n) => `${n.datum!.panel} ${n.datum!.key}`).sort()).toEqual(['topK 1 0.9', 'topK 2 0.9']);
    // A reproduction's arms without a library or with an opener say so in their row.
    const r = loaded.reproduce!;
    const palette = paletteFor(r.data.groups.map((g) => g.id));
    const rows = (await drawChart(decisionSpec(r.summary.groups, 'arms', palette))).items.filter(
      (i) => i.marktype === 'text' && i.text === 'no skill tests' && i.stroke !== 'white',
    );
    const untestedArms = r.summary.groups.filter((g) => !Number.isFinite(g.refutationRate.estimate));
    expect(untestedArms.map((g) => g.group.id)).toEqual(expect.arrayContaining(['random', 'consistent', 'optimal']));
    expect(rows.map((n) => n.datum!.key)).toEqual(untestedArms.map((g) => palette.labelOf(g.group.id)));
  });

  it('colours an ordered parameter light to dark in value order, and caps its error bars', async () => {
    const { data } = loaded.sweep!;
    const grid = sweepFolder(join(root, 'three'), { explore: [0, 0.1, 0.2], threshold: [0.75, 0.9] }, 3);
    const three = loadResultFolder(grid);
    const summary = summarize(three, { seed: 1, resamples: 100 });
    const spec = decisionSpec(summary.groups, 'grid', paletteFor(data.groups.map((g) => g.id)), three.swept);
    const legend = (await drawChart(spec)).legends.find((l) => l.title.startsWith('Exploration rate'))!;
    expect(legend.labels).toEqual(['0', '0.1', '0.2']);
    const light = legend.colours.map(luminance);
    expect(light[0]).toBeGreaterThan(light[1]!);
    expect(light[1]).toBeGreaterThan(light[2]!);
    const bars = nodes(spec).filter((n) => (n.mark as { type?: string } | undefined)?.type === 'errorbar');
    expect(bars.length).toBeGreaterThan(0);
    for (const b of bars) expect((b.mark as { ticks?: unknown }).ticks).toBeTruthy();
  });

  it('for one run: per round', () => {
    const { data, summary } = loaded.run!;
    const spec = decisionSpec(summary.groups, 'rounds', paletteFor(data.groups.map((g) => g.id)));
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec).filter((r) => 'skills' in r);
    expect(rows.map((r) => r.key)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]); // both panels, every round
    const g = summary.groups[0]!;
    expect(rows.slice(0, 5).map((r) => r.skills)).toEqual(g.rounds.map((r) => r.skills.estimate));
  });
});
