/**
 * The verdict's two charts: each hidden choice's posterior with its interval and state, and the rank histogram
 * of simulation-based calibration — compiled without warnings, drawing what their captions name, and holding
 * the numbers they are given.
 */
import { describe, expect, it } from 'vitest';
import { COLOUR_NAMES, COLOUR_WORDS } from '../../../../reports/charts/conventions.js';
import { posteriorSpec } from '../../../../reports/charts/verdict/posterior.js';
import { RANK_BINS, ranksSpec } from '../../../../reports/charts/verdict/ranks.js';
import type { ChartSpec } from '../../../../reports/charts/theme.js';
import { compileChart, dataRows } from '../compile.js';
import { drawChart } from '../scene.js';
import { BARS, RANKS } from './verdictBars.js';

/** Every colour word a caption uses names a colour the chart draws. */
async function captionsMatch(spec: ChartSpec): Promise<void> {
  const drawn = await drawChart(spec);
  const names = new Set(
    drawn.items
      .flatMap((i) => [i.fill, i.stroke])
      .filter((x): x is string => typeof x === 'string')
      .map((x) => Object.entries(COLOUR_NAMES).find(([hex]) => hex.toLowerCase() === x.toLowerCase())?.[1])
      .filter((x): x is string => x !== undefined),
  );
  const colours = [...names].join(' | ');
  for (const caption of drawn.captions)
    for (const word of COLOUR_WORDS)
      if (new RegExp(`\\b${word}\\b`, 'i').test(caption)) expect(colours, caption).toMatch(new RegExp(`\\b${word}\\b`));
}

describe('the posterior chart', () => {
  it('compiles without warnings and draws what its caption names', async () => {
    const spec = posteriorSpec(BARS, 0.95);
    expect(compileChart(spec).warnings).toEqual([]);
    await captionsMatch(spec);
  });

  it('holds every value with its interval and state, and the line to clear', () => {
    const rows = dataRows(posteriorSpec(BARS, 0.95));
    expect(rows.filter((r) => 'label' in r).map((r) => r.label)).toEqual(BARS.map((b) => `${b.choice} ${b.value}`));
    expect(rows.find((r) => r.label === 'window round')).toMatchObject({ low: 0.99, state: 'held open' });
    expect(rows).toContainEqual({ line: 0.95 });
  });
});

describe('the rank histogram', () => {
  it('compiles without warnings and draws what its caption names', async () => {
    const spec = ranksSpec(RANKS);
    expect(compileChart(spec).warnings).toEqual([]);
    await captionsMatch(spec);
  });

  it("keeps each panel's x title within the panel (it would run into the next panel's)", () => {
    const spec = ranksSpec(RANKS) as { spec: { width: number; layer: { encoding: { x: { title?: unknown } } }[] } };
    const title = spec.spec.layer[0]!.encoding.x.title;
    const lines = (Array.isArray(title) ? title : [title]).map(String);
    // DejaVu Sans's average glyph is about 0.58 of the size; the axis titles are 13 px (reports/charts/theme.ts).
    for (const line of lines) expect(line.length * 13 * 0.58, line).toBeLessThanOrEqual(spec.spec.width);
  });

  it('draws an x axis under every panel, and none under an empty cell', async () => {
    // Seven panels, one per hidden choice, in rows of four: with a shared axis each column had one, under its last
    // panel, so the fourth column's stood under the empty eighth cell.
    const seven = ['cadence', 'window', 'update', 'samples', 'explore-unit', 'test-unit', 'test-at'].map(
      (choice, k) => ({
        choice,
        values: RANKS[k % RANKS.length]!.values,
      }),
    );
    const drawn = await drawChart(ranksSpec(seven));
    expect(drawn.axes.filter((a) => a.title.startsWith('Place of the truth'))).toHaveLength(seven.length);
  });

  it(`counts each choice's ranks into ${RANK_BINS} bins, with the band a flat histogram keeps`, () => {
    const rows = dataRows(ranksSpec(RANKS));
    const cadence = rows.filter((r) => r.choice === 'cadence');
    expect(cadence).toHaveLength(RANK_BINS);
    expect(cadence.map((r) => r.count)).toEqual(new Array(RANK_BINS).fill(10));
    expect(cadence.reduce((s, r) => s + (r.count as number), 0)).toBe(100);
    for (const r of cadence) {
      expect(r.expected).toBe(10);
      expect(r.low as number).toBeLessThan(10);
      expect(r.high as number).toBeGreaterThan(10);
    }
  });
});
