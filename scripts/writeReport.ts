/**
 * Writing a report folder, shared by `hexa report` and `hexa reproduce --report`: build everything in
 * memory from a result folder's summary (made as its rows streamed past), then write the files (into a
 * temporary folder renamed into place).
 */
import { join } from 'node:path';
import type { HeatmapAxes } from '../reports/charts/heatmap.js';
import type { ResultFolder } from '../reports/resultFolder.js';
import type { Summary } from '../reports/summary.js';
import { publishFolder, writeFileAtomic } from './output.js';

export const DEFAULT_RESAMPLES = 2000;

export interface WriteReportOptions {
  readonly axes: HeatmapAxes | null;
  /** The result folder as the user named it. */
  readonly source: string;
  /** PNG pixels per SVG pixel (`--png-scale`). */
  readonly pngScale: number;
}

/** Builds and writes the report into `outDir` (already checked); returns the chart file stems. */
export async function writeReport(
  data: ResultFolder,
  summary: Summary,
  outDir: string,
  options: WriteReportOptions,
): Promise<string[]> {
  const { reportOf } = await import('../reports/report.js');
  const report = await reportOf(data, summary, {
    ...options,
    seed: summary.seed,
    resamples: summary.resamples,
    outDir,
  });
  // All at once: a report that fails half-way (a full disk) leaves no partial report behind.
  publishFolder(outDir, (staging) => {
    for (const [name, content] of report.files) writeFileAtomic(join(staging, name), content);
  });
  const { hasReportFont } = await import('../reports/render/render.js');
  if (!(await hasReportFont()))
    process.stderr.write(
      'hexa: warning: DejaVu Sans not found (Debian: fonts-dejavu-core); PNG text uses system fonts\n',
    );
  return report.charts.map((c) => c.name);
}
