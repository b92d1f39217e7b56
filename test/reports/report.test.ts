import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHeatmapAxes } from '../../reports/charts/heatmap.js';
import { chartsFor } from '../../reports/report.js';
import { loadResultFolder } from '../../reports/resultFolder.js';
import { summarize } from '../../reports/summary.js';
import { reproduceFolder, runFolder, sweepFolder, tempDir } from './fixtures.js';

let root: string;
beforeAll(() => {
  root = tempDir();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function kinds(dir: string): Promise<string[]> {
  const data = loadResultFolder(dir);
  const summary = summarize(data, { seed: 1, resamples: 100 });
  const { charts } = await chartsFor(data, summary, data.kind === 'sweep' ? defaultHeatmapAxes(data.swept) : null);
  return charts.map((c) => c.kind);
}

describe('chartsFor', () => {
  it('a run: learning curves, refutation and skills per round, the profile over runs', async () => {
    expect(await kinds(runFolder(join(root, 'run'), 4))).toEqual(['learning', 'decision', 'profile']);
  });

  it("a reproduction: also the single-run distributions, the arms' aggregates and their comparisons", async () => {
    expect(await kinds(await reproduceFolder(join(root, 'reproduce'), 4))).toEqual([
      'learning',
      'decision',
      'distribution',
      'profile',
      'aggregate',
      'improvement',
    ]);
  });

  it('a sweep: a heat map, its cells ranked; learning curves only while they stay readable', async () => {
    expect(await kinds(sweepFolder(join(root, 'small'), { explore: [0, 0.2], threshold: [0.8, 0.9] }, 2))).toEqual([
      'learning',
      'heatmap',
      'decision',
      'profile',
      'cells',
      'improvement',
    ]);
    expect(
      await kinds(sweepFolder(join(root, 'large'), { explore: [0, 0.1, 0.2], threshold: [0.8, 0.85, 0.9] }, 2)),
    ).toEqual(['heatmap', 'decision', 'profile', 'cells', 'improvement']);
    expect(await kinds(sweepFolder(join(root, 'one'), { threshold: [0.8, 0.9] }, 2))).toEqual([
      'learning',
      'decision',
      'profile',
      'cells',
      'improvement',
    ]);
  });
});
