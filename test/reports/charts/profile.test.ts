import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalRoundDistribution } from '../../../reports/aggregate/runDistribution.js';
import { aggregateSelection } from '../../../reports/aggregate/selection.js';
import { profileSpec } from '../../../reports/charts/profile.js';
import { REFERENCE_STROKE } from '../../../reports/charts/conventions.js';
import { reportPalette } from '../../../reports/charts/theme.js';
import { referenceLines } from '../../../reports/references.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { summarize } from '../../../reports/summary.js';
import { reproduceFolder, sweepFolder, tempDir } from '../fixtures.js';
import { compileChart, dataRows, nodes } from './compile.js';
import { drawChart } from './scene.js';

let root: string;
let reproduce: ResultData;
beforeAll(async () => {
  root = tempDir();
  reproduce = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 10));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const selectionOf = (data: ResultData) =>
  aggregateSelection(data, summarize(data, { seed: 1, resamples: 100 }), reportPalette(data), (g) =>
    finalRoundDistribution(g),
  );

describe('profileSpec', () => {
  it('over runs: one curve per arm reaching 100 %, each step inside its band, as the runs say', () => {
    const selection = selectionOf(reproduce);
    const spec = profileSpec(selection.lines, selection.over, []);
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec);
    for (const line of selection.lines) {
      const own = rows.filter((r) => r.arm === line.label);
      expect(Math.max(...own.map((r) => Number(r.share)))).toBe(1);
      for (const r of own) {
        expect(Number(r.lo)).toBeLessThanOrEqual(Number(r.share));
        expect(Number(r.hi)).toBeGreaterThanOrEqual(Number(r.share));
      }
      // The share at each step is the share of the arm's runs at or below it.
      const runs = line.summary.finalAttempts;
      for (const r of own.slice(1))
        expect(r.share).toBe(runs.filter((v) => v <= Number(r.attempts) + 1e-9).length / runs.length);
    }
    // Bands drawn as areas, the same colours as the lines.
    const marks = nodes(spec).map((n) => (n.mark as { type?: string } | undefined)?.type);
    expect(marks).toContain('area');
  });

  it('labels its reference lines in words, over the curves', async () => {
    const selection = selectionOf(reproduce);
    const spec = profileSpec(selection.lines, selection.over, referenceLines(reproduce));
    const drawn = await drawChart(spec);
    const texts = drawn.items.filter((i) => i.marktype === 'text' && i.role === 'mark').map((i) => String(i.text));
    for (const words of ['random guessing: 11.599', 'one bit known: 7.446', 'two bits known: 3.987'])
      expect(texts).toContain(words);
    expect(texts.filter((t) => /^[\d.]+$/.test(t))).toEqual([]);
    // The labels' layer comes after the curves', so no curve is drawn over a label.
    const layers = (spec.layer as object[]).map((l) => JSON.stringify(l));
    const curves = layers.findIndex((l) => l.includes('"step-after"'));
    const labels = layers.findIndex((l) => l.includes('"angle":270'));
    const rules = layers.findIndex((l) => l.includes(`"color":"${REFERENCE_STROKE.color}"`));
    expect(rules).toBeLessThan(curves);
    expect(labels).toBeGreaterThan(curves);
  });

  it("over a sweep: each world's best, runner-up, median and worst cell, a panel a world", async () => {
    const swept = loadResultFolder(
      sweepFolder(join(root, 'sweep'), { explore: [0, 0.1, 0.2, 0.3, 0.4], threshold: [0.75, 0.9] }, 3),
    );
    // Two worlds of five cells each: the threshold 0.9 cells relabelled as a 5-bit lock's.
    const data: ResultData = {
      ...swept,
      swept: ['bits', ...swept.swept],
      groups: swept.groups.map((g) =>
        g.params.threshold === '0.9' ? { ...g, id: g.id, params: { ...g.params, bits: '5' } } : g,
      ),
    };
    const selection = selectionOf(data);
    expect(selection.over).toBe('cells');
    // (The worlds' order is ranking.ts's.)
    expect(selection.lines.map((l) => `${l.panel}: ${l.label}`).sort()).toEqual(
      ['bits 4', 'bits 5'].flatMap((w) => ['best', 'median', 'runner-up', 'worst'].map((r) => `${w}: ${r}`)),
    );
    // Within each world the cells are in the order of their final-round means.
    for (const world of ['bits 4', 'bits 5']) {
      const means = selection.lines
        .filter((l) => l.panel === world)
        .map((l) => l.summary.rounds.at(-1)!.attempts.mean.estimate);
      expect(means).toEqual([...means].sort((a, b) => a - b));
    }
    const spec = profileSpec(selection.lines, selection.over, []);
    expect(compileChart(spec).warnings).toEqual([]);
    expect((spec.facet as { field: string }).field).toBe('panel');
    expect(selection.pairs.map((p) => /^bits \d: best vs [a-z-]+/.exec(p.label.join(' '))?.[0]).sort()).toEqual(
      ['bits 4', 'bits 5'].flatMap((w) => ['median', 'runner-up', 'worst'].map((r) => `${w}: best vs ${r}`)),
    );
  });
});
