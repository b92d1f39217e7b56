import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningCurveSpec } from '../../../reports/charts/learning.js';
import { paletteFor } from '../../../reports/charts/theme.js';
import { referenceLines } from '../../../reports/references.js';
import { DEFAULT_PNG_SCALE, hasReportFont, renderChart, svgToPng } from '../../../reports/render/render.js';
import { loadResultFolder } from '../../../reports/resultFolder.js';
import { summarize } from '../../../reports/summary.js';
import { runFolder, tempDir } from '../fixtures.js';
import type { ChartSpec } from '../../../reports/charts/theme.js';

let root: string;
let spec: ChartSpec;

beforeAll(async () => {
  root = tempDir();
  const data = loadResultFolder(runFolder(join(root, 'run'), 10));
  spec = learningCurveSpec(
    summarize(data, { seed: 1, resamples: 100 }).groups,
    paletteFor(['run']),
    await referenceLines(data),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Pixels darker than mid-grey, and pixels that are not white. */
function ink(png: Buffer): { dark: number; nonWhite: number; width: number; height: number } {
  const image = PNG.sync.read(png);
  let dark = 0;
  let nonWhite = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const luma = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    if (luma < 128) dark++;
    if (luma < 250) nonWhite++;
  }
  return { dark, nonWhite, width: image.width, height: image.height };
}

describe('renderChart', () => {
  it('renders SVG with the marks and the axis text', async () => {
    const { svg } = await renderChart(spec);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('mark-line');
    expect(svg).toContain('mark-area');
    expect(svg).toContain('role-axis-title');
    expect(svg).toContain('>Mean attempts per task</text>');
    expect(svg).toContain('>Round (30 tasks each)</text>');
    expect(svg).toMatch(/random guessing<\/tspan><tspan[^>]*>11\.599/); // words, then the value under them
    expect(svg).toContain('font-family="DejaVu Sans');
  });

  it('renders a PNG at twice the SVG’s size by default, or at any scale asked for, with its text drawn', async () => {
    expect(await hasReportFont()).toBe(true);
    const { svg, png, width, height } = await renderChart(spec);
    const full = ink(png);
    expect([full.width, full.height]).toEqual([width, height]);
    const [, w, h] = /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svg)!.map(Number);
    expect(Math.abs(width - DEFAULT_PNG_SCALE * w!)).toBeLessThanOrEqual(1);
    expect(Math.abs(height - DEFAULT_PNG_SCALE * h!)).toBeLessThanOrEqual(1);
    const small = await svgToPng(svg, 0.5);
    expect(Math.abs(small.width - 0.5 * w!)).toBeLessThanOrEqual(1);
    // Not blank: lines, bands and text cover a visible share of the image.
    expect(full.nonWhite / (full.width * full.height)).toBeGreaterThan(0.03);
    // Text is present: the same chart with every <text> removed has far fewer dark pixels.
    const textless = ink((await svgToPng(svg.replace(/<text\b[^>]*>[^<]*<\/text>/g, ''))).png);
    expect(textless.nonWhite).toBeGreaterThan(0);
    expect(full.dark - textless.dark).toBeGreaterThan(0.005 * full.width * full.height);
  });
});
