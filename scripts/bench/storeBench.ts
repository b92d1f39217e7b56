/**
 * The sweep store's figures for `hexa bench`: rows per second and bytes per row of results.csv and of the
 * Parquet tables, assembled from the same finished cells of a small sweep; and the memory the Parquet writer
 * takes over 100 000 cells' rows (the cells of that sweep repeated under new ids), which must not grow with
 * the number of cells.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { HashingWriter } from '../../reports/store/checksums.js';
import { join } from 'node:path';
import { SweepTables } from '../../reports/parquet/sweepTables.js';
import { planSweep, idAt } from '../sweep/cells.js';
import { readCellRows } from '../sweep/folder/cellFile.js';
import { readSweepManifest } from '../sweep/folder/manifest.js';
import { doneFile, fileRows } from '../sweep/folder/store.js';
import { assembleResults } from '../sweep/folder/results.js';
import { timeHexa } from './wall.js';

/** 20 cells of 200 replicates × 5 rounds: 20 000 rows. */
export const STORE_SWEEP = [
  '--explore',
  '0:0.2:0.05',
  '--threshold',
  '0.75,0.85',
  '--bits',
  '4,6',
  '--replicates',
  '200',
];
const PEAK_CELLS = 100_000;

export interface TableFigure {
  readonly rowsPerSecond: number;
  readonly bytesPerRow: number;
}

export interface StoreBench {
  readonly rows: number;
  readonly csv: TableFigure;
  readonly parquet: TableFigure;
  /** The Parquet writer over 100 000 cells (by default) of one replicate each: rows, and the growth of peak RSS. */
  readonly peak: {
    readonly cells: number;
    readonly rows: number;
    /** Peak RSS growth writing the same rows as CSV, before; then what the Parquet tables add over it. */
    readonly csvGrowthMb: number;
    readonly rssGrowthMb: number;
    readonly seconds: number;
  };
}

export function benchStore(dir: string, peakCells = PEAK_CELLS): StoreBench {
  const source = join(dir, 'cells-source');
  // The finished cells are the source: kept, not compacted into results.csv.
  timeHexa(['sweep', ...STORE_SWEEP, '--out', source, '--quiet', '--workers', '1', '--format', 'csv', '--keep-cells']);
  const head = readSweepManifest(source)!;
  const plan = planSweep({ axes: head.grid.axes ?? [] });
  const files = Array.from({ length: plan.ids.length }, (_, p) => doneFile(source, idAt(plan, p)));
  const figure = (format: 'csv' | 'parquet'): { rows: number; figure: TableFigure } => {
    const out = join(dir, format);
    mkdirSync(out, { recursive: true });
    const start = performance.now();
    const sums = assembleResults(out, plan, format, files.map(fileRows));
    const seconds = (performance.now() - start) / 1000;
    const names = format === 'csv' ? ['results.csv'] : ['results.parquet', 'cells.parquet'];
    const rows = sums[names[0]!]!.rows ?? 0;
    const bytes = names.reduce((n, name) => n + sums[name]!.bytes, 0);
    return { rows, figure: { rowsPerSecond: rows / seconds, bytesPerRow: bytes / rows } };
  };
  const csv = figure('csv');
  const parquet = figure('parquet');
  return {
    rows: csv.rows,
    csv: csv.figure,
    parquet: parquet.figure,
    peak: peakMemory(join(dir, 'peak'), plan, files, peakCells),
  };
}

/** Feed the Parquet writer `count` cells (replicate 0 of the sweep's cells, in turn, under new ids). */
function peakMemory(
  dir: string,
  plan: ReturnType<typeof planSweep>,
  files: readonly string[],
  count: number,
): StoreBench['peak'] {
  mkdirSync(dir, { recursive: true });
  const cells = files.map((file) => {
    const chunks: Buffer[] = [];
    readCellRows(file, (c) => chunks.push(Buffer.from(c)));
    return Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .filter((line) => /^[0-9a-f]{16},/.test(line) && line.split(',')[plan.columns.indexOf('replicate')] === '0')
      .map((line) => line.slice(16));
  });
  const feed = (each: (chunk: Buffer) => void): number => {
    let rows = 0;
    for (let c = 0; c < count; c++) {
      const id = c.toString(16).padStart(16, '0');
      const lines = cells[c % cells.length]!;
      each(Buffer.from(lines.map((rest) => `${id}${rest}\n`).join('')));
      rows += lines.length;
    }
    return rows;
  };
  // The same rows as results.csv first: what the Parquet tables add is measured over what writing CSV takes.
  const base = process.resourceUsage().maxRSS;
  const csv = new HashingWriter(openSync(join(dir, 'results.csv'), 'w'));
  feed((chunk) => csv.write(chunk));
  closeSync(csv.fd);
  const csvGrowthMb = (process.resourceUsage().maxRSS - base) / 1024;
  const start = performance.now();
  const before = process.resourceUsage().maxRSS;
  const tables = new SweepTables(dir, plan.columns, plan.envKinds);
  const rows = feed((chunk) => {
    tables.add(chunk);
    tables.endCell();
  });
  tables.finish();
  const rssGrowthMb = (process.resourceUsage().maxRSS - before) / 1024;
  return { cells: count, rows, csvGrowthMb, rssGrowthMb, seconds: (performance.now() - start) / 1000 };
}

export function storeLines(s: StoreBench): string[] {
  const k = (x: number): string => (x / 1000).toFixed(1);
  return [
    `results written from ${s.rows} finished cell rows: CSV ${k(s.csv.rowsPerSecond)} k rows/s, ` +
      `${s.csv.bytesPerRow.toFixed(1)} bytes a row; ` +
      `Parquet ${k(s.parquet.rowsPerSecond)} k rows/s, ${s.parquet.bytesPerRow.toFixed(1)} bytes a row ` +
      `(${(s.csv.bytesPerRow / s.parquet.bytesPerRow).toFixed(0)}× smaller)`,
    `Parquet writer over ${s.peak.cells} cells (${s.peak.rows} rows): ` +
      `peak memory grew ${s.peak.rssGrowthMb.toFixed(0)} MB over the CSV writer's ` +
      `(${s.peak.csvGrowthMb.toFixed(0)} MB for the same rows), ${s.peak.seconds.toFixed(1)} s`,
  ];
}
