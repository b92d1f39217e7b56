import { describe, expect, it } from 'vitest';
import { fitToWidth } from '../../../reports/render/fit.js';

const legend = { orient: 'bottom', columns: 2, labelLimit: 520 };
const single = {
  title: {
    text: 'Attempts per task, round by round',
    subtitle: ['Lines: mean over 200 replicates; bands: 95 % intervals.'],
  },
  width: 620,
  height: 380,
  encoding: {
    color: { field: 'arm', legend },
    x: { field: 'round', title: 'Round (30 tasks each, the last counted)' },
  },
};
const grid = { columns: 4, spacing: { column: 22 }, concat: [{ width: 215 }, { width: 215 }, { width: 215 }] };
const facet = { facet: { field: 'panel' }, columns: 3, spec: { width: 320 } };
const sideBySide = { hconcat: [{ width: 320 }, { width: 240 }], spacing: 40 };

describe('fitToWidth', () => {
  it('gives a single plot the container’s width, and leaves the spec it was given alone', () => {
    const before = JSON.stringify(single);
    const fitted = fitToWidth(single, 1200);
    expect(fitted.width).toBe('container');
    expect(fitted.autosize).toEqual({ type: 'fit-x', contains: 'padding' });
    expect(JSON.stringify(single)).toBe(before);
  });

  it('on a phone: legends in one column under the chart, titles and x titles broken between words', () => {
    const fitted = fitToWidth(single, 342) as typeof single & { title: { text: string[]; subtitle: string[] } };
    expect(fitted.encoding.color.legend).toEqual({ orient: 'bottom', columns: 1, labelLimit: 342 - 130 });
    expect(fitted.title.text.join(' ')).toBe(single.title.text);
    for (const line of fitted.title.text) expect(line.length * 16 * 0.66).toBeLessThanOrEqual(342 - 24);
    expect(fitted.title.subtitle.length).toBeGreaterThan(1);
    expect((fitted.encoding.x.title as unknown as string[]).length).toBeGreaterThan(1);
    // Wide, nothing is broken.
    expect(fitToWidth(single, 1200).encoding).toEqual(single.encoding);
  });

  it('keeps as many columns of panels as fit, then narrows the panels', () => {
    expect(fitToWidth(grid, 1200).columns).toBe(3); // (1200 + 22) / (215 + 70 + 22) → 3, never more than there were
    expect(fitToWidth({ ...grid, columns: 2 }, 1200).columns).toBe(2);
    expect(fitToWidth(grid, 700).columns).toBe(2);
    const phone = fitToWidth(grid, 342) as typeof grid;
    expect(phone.columns).toBe(1);
    expect(phone.concat.map((p) => p.width)).toEqual([215, 215, 215]); // 215 + 70 fits 342
    const tiny = fitToWidth(grid, 250) as typeof grid;
    expect(tiny.concat.map((p) => p.width)).toEqual([180, 180, 180]);
    const faceted = fitToWidth(facet, 342) as typeof facet & { facet: { header: { labelExpr: string } } };
    expect(faceted.columns).toBe(1);
    expect(faceted.spec.width).toBe(342 - 70);
    expect(faceted.facet.header.labelExpr).toBe("split(datum.label, ', ')");
  });

  it('on a phone: a legend stays inside the frame — a long row in columns, entries too long on lines of their own, \
a gradient shortened', () => {
    const row = {
      field: 's',
      scale: { domain: ['0', '0.05', '0.1', '0.15', '0.2'] },
      legend: { direction: 'horizontal' },
    };
    const arms = ['random control (no library)', '20 % exploration, separated samples'];
    const long = { field: 'arm', scale: { domain: arms }, legend: { columns: 2 } };
    const gradient = { field: 'mean', legend: { gradientLength: 320 } };
    const fitted = fitToWidth({ width: 600, encoding: { color: row, stroke: long, fill: gradient } }, 340) as {
      encoding: Record<string, { legend: Record<string, unknown> }>;
    };
    const [r, l, g] = ['color', 'stroke', 'fill'].map((k) => fitted.encoding[k]!.legend);
    expect(r!.columns).toBeGreaterThan(1);
    expect(Number(r!.columns) * (40 + 40)).toBeLessThanOrEqual(340 - 100);
    expect(l!.columns).toBe(1);
    expect(l!.labelExpr).toContain('split(');
    expect(g!.gradientLength).toBe(340 - 130);
    // Wide, none of it.
    expect(fitToWidth({ width: 600, encoding: { color: row } }, 1200).encoding).toEqual({ color: row });
  });

  it("breaks titles by the width the page measures, and runs a subtitle's unfinished lines on before", () => {
    const spec = {
      width: 600,
      title: {
        text: 'Wide title',
        subtitle: ["Bars: intervals; dashed lines: the article's decision lines", '(below 2 %).'],
      },
    };
    // A font twice as wide as DejaVu Sans breaks sooner.
    const wide = (text: string, px: number): number => text.length * px * 1.2;
    const narrowFont = fitToWidth(spec, 390) as { title: { subtitle: string[] } };
    const wideFont = fitToWidth(spec, 390, 0, wide) as { title: { subtitle: string[] } };
    expect(wideFont.title.subtitle.length).toBeGreaterThan(narrowFont.title.subtitle.length);
    for (const line of wideFont.title.subtitle) expect(wide(line, 12)).toBeLessThanOrEqual(390 - 24);
    // The first line ends without a stop, so the second runs on from it before breaking again.
    expect(narrowFont.title.subtitle.join(' ')).toBe(spec.title.subtitle.join(' '));
    expect(narrowFont.title.subtitle.some((l) => l.includes('lines (below'))).toBe(true);
  });

  it('stacks views that do not fit side by side', () => {
    expect(fitToWidth(sideBySide, 1200).hconcat).toBeDefined();
    const stacked = fitToWidth(sideBySide, 342);
    expect(stacked.hconcat).toBeUndefined();
    expect(stacked.vconcat).toEqual([{ width: 272 }, { width: 240 }]);
  });

  it('keeps more room free when asked (the page’s second try after an overflow)', () => {
    expect(fitToWidth(grid, 700, 0).columns).toBe(2);
    expect(fitToWidth(grid, 700, 200).columns).toBe(1);
  });

  it('refers to nothing outside itself, so its source runs in the page on its own', () => {
    const __name = <T>(target: T): T => target; // the page's helper for compilers that keep function names
    const standalone = new Function('__name', `return (${fitToWidth.toString()});`)(__name) as typeof fitToWidth;
    for (const [spec, width] of [
      [single, 342],
      [grid, 700],
      [facet, 342],
      [sideBySide, 342],
    ] as const)
      expect(standalone(spec, width)).toEqual(fitToWidth(spec, width));
  });
});
