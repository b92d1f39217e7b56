/**
 * Writing a report folder, shared by `hexa report` and `hexa reproduce --report`: build everything in
 * memory from an already validated result folder, then write the files (atomically, one by one).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HeatmapAxes } from '../reports/charts/heatmap.js';
import type { ResultData } from '../reports/resultFolder.js';
import { writeFileAtomic } from './output.js';

export const DEFAULT_RESAMPLES = 2000;

export interface WriteReportOptions {
  readonly seed: number;
  readonly resamples: number;
  readonly axes: HeatmapAxes | null;
  /** The result folder as the user named it. */
  readonly source: string;
  /** PNG pixels per SVG pixel (`--png-scale`). */
  readonly pngScale: number;
}

/** Builds and writes the report into `outDir` (already checked); returns the chart file stems. */
export async function writeReport(data: ResultData, outDir: string, options: WriteReportOptions): Promise<string[]> {
  const { buildReport } = await import('../reports/report.js');
  const report = await buildReport(data, { ...options, outDir });
  mkdirSync(outDir, { recursive: true });
  for (const [name, content] of report.files) writeFileAtomic(join(outDir, name), content);
  const { hasReportFont } = await import('../reports/render/render.js');
  if (!(await hasReportFont()))
    process.stderr.write(
      'hexa: warning: DejaVu Sans not found (Debian: fonts-dejavu-core); PNG text uses system fonts\n',
    );
  return report.charts.map((c) => c.name);
}
