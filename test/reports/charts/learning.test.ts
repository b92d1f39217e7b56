import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_STROKE } from '../../../reports/charts/conventions.js';
import { learningCurveSpec } from '../../../reports/charts/learning.js';
import { paletteFor } from '../../../reports/charts/theme.js';
import { COLOUR_NAMES } from '../../../reports/charts/conventions.js';
import { publishedPoints } from '../../../reports/figures.js';
import { referenceLines } from '../../../reports/references.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { summarize, type Summary } from '../../../reports/summary.js';
import { uniformGuessing } from '../../../sim/core/analytics.js';
import { reproduceFolder, tempDir } from '../fixtures.js';
import { compileChart, dataRows, nodes } from './compile.js';
import { drawChart } from './scene.js';

let root: string;
let data: ResultData;
let summary: Summary;

beforeAll(async () => {
  root = tempDir();
  data = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 12));
  summary = summarize(data, { seed: 1, resamples: 200 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('learningCurveSpec', () => {
  it('draws one line per arm over every round, with its interval band, and compiles without warnings', async () => {
    const palette = paletteFor(data.groups.map((g) => g.id));
    const spec = learningCurveSpec(summary.groups, palette, await referenceLines(data));
    const { warnings } = compileChart(spec);
    expect(warnings).toEqual([]);
    const rows = dataRows(spec).filter((r) => 'arm' in r);
    expect(new Set(rows.map((r) => r.arm))).toEqual(new Set(palette.labels));
    expect(rows).toHaveLength(data.groups.length * 5);
    for (const r of rows) expect(Number(r.lo)).toBeLessThanOrEqual(Number(r.mean));
    const marks = nodes(spec)
      .map((n) => (n.mark as { type?: string } | undefined)?.type)
      .filter(Boolean);
    expect(marks).toEqual(expect.arrayContaining(['area', 'line', 'rule', 'text']));
    // The same arm → colour mapping as every other chart (the shared palette).
    const colour = nodes(spec).find((n) => (n.color as { field?: string } | undefined)?.field === 'arm')!.color as {
      scale: { range: string[] };
    };
    expect(colour.scale.range).toEqual(palette.colours);
  });

  it('draws the two openers, both ending on 13/4, distinguishably: wide and solid under narrow and dashed', () => {
    const palette = paletteFor(data.groups.map((g) => g.id));
    const spec = learningCurveSpec(summary.groups, palette, []);
    expect(compileChart(spec).warnings).toEqual([]);
    const dash = nodes(spec).find((n) => (n.strokeDash as { field?: string } | undefined)?.field === 'arm')!
      .strokeDash as { scale: { domain: string[]; range: number[][] } };
    const at = (id: string): number => dash.scale.domain.indexOf(palette.labelOf(id));
    expect(dash.scale.range[at('consistent')]).not.toEqual(dash.scale.range[at('optimal')]);
    const lines = nodes(spec).filter((n) => (n.mark as { type?: string } | undefined)?.type === 'line');
    const widths = lines.map((n) => (n.mark as { strokeWidth: number }).strokeWidth);
    expect(widths).toEqual([...widths].sort((a, b) => b - a)); // widest drawn first
    const widthOf = (id: string): number => dataRows(spec).find((r) => r.arm === palette.labelOf(id))!.width as number;
    expect(widthOf('consistent')).toBeGreaterThan(2 * widthOf('optimal'));
  });

  it('draws the optimal opener in neither the colour nor the dash of a reference line', async () => {
    const palette = paletteFor(data.groups.map((g) => g.id));
    const spec = learningCurveSpec(summary.groups, palette, referenceLines(data));
    const dash = nodes(spec).find((n) => (n.strokeDash as { field?: string } | undefined)?.field === 'arm')!
      .strokeDash as { scale: { domain: string[]; range: number[][] } };
    const at = dash.scale.domain.indexOf(palette.labelOf('optimal'));
    expect(dash.scale.range[at]).not.toEqual(REFERENCE_STROKE.strokeDash);
    expect(palette.colours[palette.labels.indexOf(palette.labelOf('optimal'))]).not.toBe(REFERENCE_STROKE.color);
    // As drawn: the reference rules are the only dark-grey dashed lines.
    const drawn = await drawChart(spec);
    const lines = drawn.items.filter((i) => i.marktype === 'line' && i.role === 'mark');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.stroke).not.toBe(REFERENCE_STROKE.color);
  });

  it('labels each reference line in words with its value', async () => {
    const spec = learningCurveSpec(summary.groups, paletteFor(data.groups.map((g) => g.id)), referenceLines(data));
    const labels = (await drawChart(spec)).items
      .filter((i) => i.marktype === 'text' && i.role === 'mark')
      .map((i) => (Array.isArray(i.text) ? i.text.join(' ') : String(i.text)));
    for (const words of ['random guessing 11.599', 'one bit known 7.446', 'two bits known 3.987'])
      expect(labels).toContain(words);
  });

  it('marks the exact analytic values 11.599, 7.446 and 3.987 as dashed reference lines', async () => {
    const references = await referenceLines(data);
    const exact = await Promise.all(
      [16, 8, 4].map((pool) => uniformGuessing({ space: 16, pool, explore: 0, cap: 20 })),
    );
    expect(references.map((r) => r.exact)).toEqual(exact.map((e) => e.expectedAttempts.exact));
    expect(references.map((r) => r.value.toFixed(3))).toEqual(['11.599', '7.446', '3.987']);
    const spec = learningCurveSpec(summary.groups, paletteFor(data.groups.map((g) => g.id)), references);
    const rule = nodes(spec).find((n) => (n.mark as { type?: string } | undefined)?.type === 'rule')!;
    expect((rule.mark as { strokeDash?: number[] }).strokeDash).toBeDefined();
    expect(
      dataRows(spec)
        .filter((r) => 'exact' in r)
        .map((r) => r.value),
    ).toEqual(references.map((r) => r.value));
  });

  it('leaves reference lines out when the groups play different worlds', async () => {
    const mixed: ResultData = {
      ...data,
      groups: [data.groups[0]!, { ...data.groups[1]!, params: { ...data.groups[1]!.params, bits: '5' } }],
    };
    expect(await referenceLines(mixed)).toEqual([]);
    const spec = learningCurveSpec(summary.groups, paletteFor(data.groups.map((g) => g.id)), []);
    expect(compileChart(spec).warnings).toEqual([]);
    expect(nodes(spec).some((n) => (n.mark as { type?: string } | undefined)?.type === 'rule')).toBe(false);
  });

  it("draws the article's round means as labelled diamonds at their arm and round", async () => {
    const points = publishedPoints(data.table!, data.groups);
    const at = (p: { group: string; round: number; text: string }): string => `${p.group} ${p.round}: ${p.text}`;
    expect(points.map(at)).toEqual([
      'random 1: 12.7',
      'random 2: 12.3',
      'random 3: 10.7',
      'random 4: 11.9',
      'random 5: 13.2',
      'exploit 1: 12.1',
      'exploit 2: 9.1',
      'exploit 5: 4.2',
      'explore 5: 10.0',
      'separate 5: 7.4',
    ]);
    const palette = paletteFor(data.groups.map((g) => g.id));
    const spec = learningCurveSpec(summary.groups, palette, referenceLines(data), points);
    expect(compileChart(spec).warnings).toEqual([]);
    const drawn = await drawChart(spec);
    const diamonds = drawn.items.filter((i) => i.marktype === 'symbol' && i.datum?.published !== undefined);
    expect(diamonds.map((d) => `${d.datum!.arm} ${d.datum!.round}`)).toEqual(
      points.map((p) => `${palette.labelOf(p.group)} ${p.round}`),
    );
    // Each in its arm's colour, so it reads as that arm's.
    for (const d of diamonds) expect(d.fill).toBe(palette.colours[palette.labels.indexOf(String(d.datum!.arm))]);
    const labels = drawn.items.filter((i) => i.marktype === 'text' && i.datum?.published !== undefined);
    expect(new Set(labels.map((l) => String(l.text)))).toEqual(new Set(points.map((p) => p.text)));
    expect(drawn.captions.join(' ')).toMatch(/Diamonds outlined in black: the article's values/);
    // Without published values (a run, a sweep) there is no diamond and no caption for them.
    const plain = await drawChart(learningCurveSpec(summary.groups, palette, []));
    expect(plain.items.some((i) => i.datum?.published !== undefined)).toBe(false);
    expect(plain.captions.join(' ')).not.toMatch(/Diamonds/);
  });

  it('tells arms of close colours apart by their line too, and draws pure exploitation over separated samples', () => {
    const palette = paletteFor(data.groups.map((g) => g.id));
    const style = (label: string): string => {
      const i = palette.labels.indexOf(label);
      return `${palette.strokes[i]!.dash.join(',')} ${palette.strokes[i]!.width}`;
    };
    // Hues some readers confuse: the blues and the oranges.
    const family = (colour: string): string => {
      const name = COLOUR_NAMES[colour] ?? colour;
      return /blue/.test(name) ? 'blue' : /orange|vermilion/.test(name) ? 'orange' : name;
    };
    palette.labels.forEach((a, i) =>
      palette.labels.slice(i + 1).forEach((b, k) => {
        if (family(palette.colours[i]!) === family(palette.colours[i + 1 + k]!))
          expect(style(a), `${a} / ${b}`).not.toBe(style(b));
      }),
    );
    // Lines are drawn widest first, so the narrow exploitation line lies on the wide separated one.
    const spec = learningCurveSpec(summary.groups, palette, []);
    const widthOf = (id: string): number => dataRows(spec).find((r) => r.arm === palette.labelOf(id))!.width as number;
    expect(widthOf('separate')).toBeGreaterThan(widthOf('exploit'));
  });
});
