import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecdf, profileSpec } from '../../../reports/charts/profile.js';
import { paletteFor } from '../../../reports/charts/theme.js';
import { loadResultFolder } from '../../../reports/resultFolder.js';
import { summarize } from '../../../reports/summary.js';
import { reproduceFolder, sweepFolder, tempDir } from '../fixtures.js';
import { referenceLines } from '../../../reports/references.js';
import { compileChart, dataRows } from './compile.js';
import { drawChart } from './scene.js';

let root: string;
beforeAll(() => {
  root = tempDir();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ecdf', () => {
  it('starts at 0, never decreases, ends at 1, and counts values at or below each step', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 60 }), (xs) => {
        const steps = ecdf(xs);
        expect(steps[0]!.share).toBe(0);
        expect(steps.at(-1)!.share).toBe(1);
        for (let i = 1; i < steps.length; i++) {
          expect(steps[i]!.share).toBeGreaterThan(steps[i - 1]!.share);
          expect(steps[i]!.share).toBe(xs.filter((x) => x <= steps[i]!.attempts).length / xs.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('profileSpec', () => {
  it('over single runs: one curve per arm, each reaching 100 %', async () => {
    const data = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 10));
    const summary = summarize(data, { seed: 1, resamples: 100 });
    const palette = paletteFor(data.groups.map((g) => g.id));
    const spec = profileSpec(summary.groups, 'runs', palette, data.swept, []);
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec);
    for (const label of palette.labels)
      expect(Math.max(...rows.filter((r) => r.arm === label).map((r) => Number(r.share)))).toBe(1);
  });

  it('labels its reference lines in words, not as bare numbers', async () => {
    const data = loadResultFolder(await reproduceFolder(join(root, 'labelled'), 4));
    const summary = summarize(data, { seed: 1, resamples: 100 });
    const spec = profileSpec(
      summary.groups,
      'runs',
      paletteFor(data.groups.map((g) => g.id)),
      [],
      referenceLines(data),
    );
    const texts = (await drawChart(spec)).items
      .filter((i) => i.marktype === 'text' && i.role === 'mark')
      .map((i) => String(i.text));
    for (const words of ['random guessing: 11.599', 'one bit known: 7.446', 'two bits known: 3.987'])
      expect(texts).toContain(words);
    expect(texts.filter((t) => /^[\d.]+$/.test(t))).toEqual([]);
  });

  it('over sweep cells: one step per cell', () => {
    const data = loadResultFolder(
      sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.85, 0.9] }, 3),
    );
    const summary = summarize(data, { seed: 1, resamples: 100 });
    const spec = profileSpec(summary.groups, 'cells', paletteFor(data.groups.map((g) => g.id)), data.swept, []);
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec).filter((r) => r.cell !== '');
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.share)).toEqual([1, 2, 3, 4, 5, 6].map((k) => k / 6));
  });
});
