/**
 * The report pages — a reproduction, a run, a small sweep and an 88-cell one (11 exploration rates × 8
 * thresholds, as a phone must show) — built from fixture folders and written to disk. The 88-cell sweep has 4
 * replicates a cell: its page is there for its size on a screen, which is its cells', and it has every chart and
 * section of a sweep's page at any replicate count.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultHeatmapAxes } from '../../../reports/charts/heatmap.js';
import { buildReport, type BuiltReport } from '../../../reports/report.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { reproduceFolder, runFolder, sweepFolder } from '../fixtures.js';

export type PageKind = 'reproduce' | 'run' | 'sweep' | 'large';

export interface Page {
  readonly kind: PageKind;
  readonly data: ResultData;
  readonly report: BuiltReport;
  readonly html: string;
  /** The folder index.html is written in. */
  readonly dir: string;
}

/** from, from + step … to, as the CLI's a:b:step reads them (rounded as they print). */
const steps = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Number((from + i * step).toFixed(10)));

export async function buildPages(root: string): Promise<Record<PageKind, Page>> {
  const folders: Record<PageKind, string> = {
    reproduce: await reproduceFolder(join(root, 'reproduce'), 12, true),
    run: runFolder(join(root, 'run'), 20),
    sweep: sweepFolder(join(root, 'sweep'), { explore: [0, 0.2], threshold: [0.75, 0.9], topK: [1, 2] }, 6),
    large: sweepFolder(join(root, 'large'), { explore: steps(0, 0.5, 0.05), threshold: steps(0.6, 0.95, 0.05) }, 4),
  };
  const pages = {} as Record<PageKind, Page>;
  for (const [kind, folder] of Object.entries(folders) as [PageKind, string][]) {
    const data = loadResultFolder(folder);
    const dir = join(root, `${kind}-report`);
    const report = await buildReport(data, {
      seed: 1,
      resamples: 200,
      axes: data.kind === 'sweep' ? defaultHeatmapAxes(data.swept) : null,
      source: `fixtures/${kind}`,
      outDir: dir,
      // The page inlines each chart's SVG and loads nothing else; the PNGs beside it are for people and are not
      // looked at here, so they are drawn at the smallest scale the command allows.
      pngScale: 0.25,
    });
    mkdirSync(dir);
    for (const [name, content] of report.files) writeFileSync(join(dir, name), content);
    pages[kind] = { kind, data, report, html: report.files.get('index.html') as string, dir };
  }
  return pages;
}
