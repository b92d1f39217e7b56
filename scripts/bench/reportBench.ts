/**
 * `hexa report`'s figures for `hexa bench`: the time and the peak memory of the report of a big sweep (the one
 * of docs/performance.md: 264 cells × 2000 replicates, 2.64 M rows) and of a sweep of about a tenth of its cells
 * with as many replicates each. A report streams its rows and holds a few cells' values at a time, so its peak
 * memory should not grow with the number of cells — only with what is drawn and with replicates per cell; the
 * two peaks side by side measure that claim. Goal: the big one within 60 s on two cores and 400 MB.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { timeHexa, type WallRun } from './wall.js';

/** The sweep: 11 × 8 × 3 = 264 cells. */
export const BIG_REPORT_SWEEP = [
  '--explore',
  '0:0.5:0.05',
  '--threshold',
  '0.6:0.95:0.05',
  '--top-k',
  '1,2,3',
] as const;
/** A tenth of its cells or so: 3 × 8 × 1 = 24. */
export const SMALL_REPORT_SWEEP = ['--explore', '0,0.25,0.5', '--threshold', '0.6:0.95:0.05', '--top-k', '2'] as const;
export const REPORT_REPLICATES = 2000;

export const REPORT_GOALS = { seconds: 60, peakMb: 400 } as const;

export interface ReportRun {
  readonly cells: number;
  readonly rows: number;
  readonly run: WallRun;
  /** Peak resident memory of the whole command, MB. */
  readonly peakMb: number;
}

export interface ReportBench {
  readonly replicates: number;
  readonly big: ReportRun;
  readonly small: ReportRun;
  /** The big report's peak over the small one's. */
  readonly peakRatio: number;
}

/**
 * Loaded before the command (`node --import`): at exit, the process's peak resident memory (all its threads) in
 * kB, into the file HEXA_PEAK_RSS_FILE names — what `/usr/bin/time -v` calls the maximum resident set size,
 * without depending on that tool.
 */
const PEAK_RSS =
  "data:text/javascript,import{writeFileSync}from'node:fs';process.on('exit',()=>" +
  'writeFileSync(process.env.HEXA_PEAK_RSS_FILE,String(process.resourceUsage().maxRSS)))';

/** Sweep `grid` into `dir`, then time its report and take its peak memory. */
function reportRun(
  dir: string,
  grid: readonly string[],
  replicates: number,
  onStep: (line: string) => void,
): ReportRun {
  const folder = join(dir, 'sweep');
  onStep(`a sweep of ${grid.join(' ')} --replicates ${replicates} for hexa report…`);
  timeHexa(['sweep', ...grid, '--replicates', String(replicates), '--out', folder, '--quiet']);
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
    summary?: { done?: number };
    checksums?: Record<string, { rows?: number }>;
  };
  const peakFile = join(dir, 'peak-rss');
  onStep('hexa report of it…');
  const run = timeHexa(['report', folder, '--out', join(dir, 'report'), '--quiet'], {
    node: ['--import', PEAK_RSS],
    env: { HEXA_PEAK_RSS_FILE: peakFile },
  });
  const peakMb = Number(readFileSync(peakFile, 'utf8')) / 1024;
  rmSync(folder, { recursive: true, force: true });
  return {
    cells: manifest.summary?.done ?? 0,
    rows: manifest.checksums?.['results.csv']?.rows ?? 0,
    run,
    peakMb,
  };
}

/** Both reports, the big sweep first (`grids` and `replicates` smaller in tests). */
export function benchReport(
  dir: string,
  onStep: (line: string) => void = () => {},
  grids: { readonly big: readonly string[]; readonly small: readonly string[] } = {
    big: BIG_REPORT_SWEEP,
    small: SMALL_REPORT_SWEEP,
  },
  replicates = REPORT_REPLICATES,
): ReportBench {
  const big = reportRun(join(dir, 'big'), grids.big, replicates, onStep);
  const small = reportRun(join(dir, 'small'), grids.small, replicates, onStep);
  return { replicates, big, small, peakRatio: big.peakMb / small.peakMb };
}

const mb = (x: number): string => `${Math.round(x)} MB`;

export function reportLine(r: ReportBench): string {
  const one = (x: ReportRun): string =>
    `${x.cells} cells (${(x.rows / 1e6).toFixed(2)} M rows): ${x.run.seconds.toFixed(1)} s (CPU ` +
    `${x.run.cpuSeconds.toFixed(1)} s; others ${x.run.others?.toFixed(1) ?? '?'} CPU-s), peak RSS ${mb(x.peakMb)}`;
  return (
    `hexa report of a sweep, ${r.replicates} replicates a cell: ${one(r.big)}; of ${one(r.small)}; peak ` +
    `${r.peakRatio.toFixed(2)}× for ${(r.big.cells / Math.max(1, r.small.cells)).toFixed(1)}× the cells (goal ≤ ` +
    `${REPORT_GOALS.seconds} s and ≤ ${REPORT_GOALS.peakMb} MB for the big one, about the same peak)`
  );
}
