import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTicks, distributionSpec, histogram } from '../../../reports/charts/distribution.js';
import { figureSamples } from '../../../reports/figures.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { summarize, type GroupSummary } from '../../../reports/summary.js';
import { reproduceFolder, tempDir } from '../fixtures.js';
import { compileChart, dataRows } from './compile.js';
import { drawChart } from './scene.js';

let root: string;
let data: ResultData;
/** Each arm's summary: figureSamples reads the figures' values from it. */
let groups: readonly GroupSummary[];

beforeAll(async () => {
  root = tempDir();
  data = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 25));
  groups = summarize(data, { seed: 1, resamples: 100 }).groups;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('histogram', () => {
  it('puts every run in exactly one bin, the shares summing to 1, the published value within the bins', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 20, noNaN: true }), { minLength: 1, maxLength: 80 }),
        fc.option(fc.double({ min: 0, max: 30, noNaN: true }), { nil: null }),
        (xs, published) => {
          const values = Float64Array.from(xs);
          const bins = histogram(values, published, false);
          expect(bins.reduce((s, b) => s + b.share, 0)).toBeCloseTo(1, 9);
          for (const v of xs)
            expect(bins.filter((b) => b.start <= v + 1e-9 && v < b.end + 1e-9).length).toBeGreaterThanOrEqual(1);
          for (let i = 1; i < bins.length; i++) expect(bins[i]!.start).toBeGreaterThanOrEqual(bins[i - 1]!.end - 1e-9);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives identical or nearly identical runs one bin', () => {
    for (const xs of [
      [0.0173, 0.0173],
      [0, 5e-324],
      [12, 12, 12],
    ]) {
      const bins = histogram(Float64Array.from(xs), null, false);
      expect(bins).toHaveLength(1);
      expect(bins[0]!.share).toBe(1);
      expect(bins[0]!.end).toBeGreaterThan(bins[0]!.start);
    }
  });

  it('bins small counts by unit, centred on the whole numbers', () => {
    const bins = histogram(Float64Array.from([0, 0, 1, 2, 2, 2]), 2, true);
    expect(bins.map((b) => [b.start, b.end, b.share])).toEqual([
      [-0.5, 0.5, 2 / 6],
      [0.5, 1.5, 1 / 6],
      [1.5, 2.5, 3 / 6],
    ]);
  });
});

describe('figureSamples', () => {
  it('gives, for every published figure, the single-run values reproduce compares it with', () => {
    const { samples, skipped } = figureSamples(data.table!, groups);
    expect(skipped).toEqual([]);
    expect(samples.map((s) => s.id)).toEqual(FIGURES.map((f) => f.id));
    const final = samples.find((s) => s.id === 'exploit.final')!;
    const exploit = data.groups.find((g) => g.id === 'exploit')!;
    expect(Array.from(final.values)).toEqual(Array.from(exploit.values('meanAttempts', 4)!));
    expect(final.published).toBe(4.2);
    expect(samples.find((s) => s.id === 'threshold75.skills')!.claim).toBe('atLeast');
    // The table's own mean and single-run percentile for a figure come from exactly these runs.
    const col = (name: string): number => data.table!.header.indexOf(name);
    for (const s of samples) {
      const row = data.table!.rows.find((r) => r[col('id')] === s.id)!;
      expect(s.values.length).toBe(Number(row[col('n')]));
      expect(s.values.reduce((a, b) => a + b, 0) / s.values.length).toBeCloseTo(Number(row[col('mean')]), 9);
    }
  });

  it('finds arms by their settings when they carry other names, and skips what it cannot place', () => {
    const renamed = groups.map((g) => ({ ...g, group: { ...g.group, id: `arm-${g.group.id}` } }));
    const width = data.table!.header.length;
    const extra = (id: string): string[] => [id, ...Array.from({ length: width - 1 }, () => '1')];
    const { samples, skipped } = figureSamples(
      { ...data.table!, rows: [...data.table!.rows, extra('exploit.colour'), extra('mystery.final')] },
      renamed,
    );
    expect(samples.find((s) => s.id === 'separate.final')!.arm).toBe('arm-separate');
    expect(samples.find((s) => s.id === 'threshold90.skills')!.arm).toBe('arm-threshold90');
    expect(samples.find((s) => s.id === 'random.round1')!.arm).toBe('arm-random');
    expect(skipped).toEqual(['exploit.colour', 'mystery.final']);
  });
});

describe('distributionSpec', () => {
  it('one panel per figure with its bars and the published value, compiling without warnings', () => {
    const { samples } = figureSamples(data.table!, groups);
    const spec = distributionSpec(samples);
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec);
    const published = rows.filter((r) => r.kind === 'published');
    expect(published.map((r) => r.value)).toEqual(samples.map((s) => s.published));
    const panels = new Set(rows.map((r) => r.figure));
    expect([...panels]).toEqual(samples.map((s) => s.id));
  });

  it('titles every panel in full and its x axis with the measure; counts tick at whole numbers', async () => {
    const { samples } = figureSamples(data.table!, groups);
    const drawn = await drawChart(distributionSpec(samples));
    const titles = drawn.captions.join('\n');
    expect(titles).not.toContain('…');
    for (const s of samples) expect(titles).toContain(s.id);
    const labelled = drawn.axes.filter((a) => a.labels.length > 0 && a.title !== 'Share of runs');
    expect(labelled.map((a) => a.title)).toContain('first round a task starts with skills (never = 6)');
    expect(labelled).toHaveLength(samples.length);
    const skills = labelled.filter((a) => a.title === 'skills after round 5');
    expect(skills.length).toBeGreaterThanOrEqual(3);
    for (const a of skills) for (const label of a.labels) expect(label).toMatch(/^\d+$/);
  });
});

describe('countTicks', () => {
  it('puts whole-number ticks inside the unit bins, thinned to about six', () => {
    const bins = (lo: number, hi: number) =>
      Array.from({ length: hi - lo + 1 }, (_, i) => ({
        start: lo + i - 0.5,
        end: lo + i + 0.5,
        share: 0,
        inside: true,
      }));
    expect(countTicks(bins(0, 2))).toEqual([0, 1, 2]);
    expect(countTicks(bins(0, 33))).toEqual([0, 6, 12, 18, 24, 30]);
    expect(countTicks([])).toBeNull();
  });
});

describe('a figure no run defines', () => {
  it('keeps its panel and says why it is empty', async () => {
    const { samples } = figureSamples(data.table!, groups);
    const rate = samples.find((x) => x.id === 'exploit.refutationRate')!;
    const none = { ...rate, values: new Float64Array(0), undefinedRuns: 25 };
    const spec = distributionSpec([samples[0]!, none]);
    expect(compileChart(spec).warnings).toEqual([]);
    const said = (await drawChart(spec)).items
      .filter((i) => i.marktype === 'text' && i.role === 'mark')
      .map((i) => (Array.isArray(i.text) ? i.text.join(' ') : String(i.text)));
    expect(said).toContain('None of the 25 runs defines it (e.g. a rate with no skill tests).');
  });
});
