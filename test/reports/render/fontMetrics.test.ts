import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { findDejaVu, FontMetrics } from '../../../reports/render/fontMetrics.js';

const fonts = findDejaVu();

/** Ink width of `text` drawn by resvg with the same font file. */
function inkWidth(text: string, file: string, size: number): number {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="300"><text x="10" y="200" ` +
    `font-family="DejaVu Sans" font-size="${size}">${text}</text></svg>`;
  const box = new Resvg(svg, {
    font: { fontFiles: [file], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).getBBox();
  return box!.width;
}

describe('FontMetrics', () => {
  it('finds DejaVu Sans (Debian fonts-dejavu-core, installed by .ci/run)', () => {
    expect(fonts).not.toBeNull();
  });

  it('gives the advance width resvg lays the text out with', () => {
    const { regular, bold } = fonts!;
    for (const [file, text] of [
      [regular, 'Mean attempts per round'],
      [regular, 'Refutation rate (%)'],
      [bold, 'Learning curves 0123'],
    ] as const) {
      const metrics = FontMetrics.load(file);
      // Between two H's the side bearings cancel: ink(H s H) − ink(H H) is exactly the advance of s.
      const measured = inkWidth(`H${text}H`, file, 100) - inkWidth('HH', file, 100);
      expect(Math.abs(metrics.width(text, 100) - measured) / measured).toBeLessThan(0.015);
    }
  });

  it('scales with the font size and tells narrow from wide glyphs', () => {
    const m = FontMetrics.load(fonts!.regular);
    expect(m.width('attempts', 24)).toBeCloseTo(2 * m.width('attempts', 12), 9);
    expect(m.width('iiii', 12)).toBeLessThan(m.width('WWWW', 12) / 2);
    expect(FontMetrics.load(fonts!.bold).width('attempts', 12)).toBeGreaterThan(m.width('attempts', 12));
    expect(m.width('', 12)).toBe(0);
  });
});
