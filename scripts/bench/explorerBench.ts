/**
 * The explorer's figures, in `npm run bench` (suite.ts) and alone in `npm run bench:explorer` (after `npm run
 * build`): the page's size and gzipped size; the time from opening it to its first curve and to the complete curve
 * of 200 replicates (the median of several loads); the engine's attempts per second in one of the page's Web
 * Workers beside Node's engine in this thread; and a sweep's grid (88 cells × 200 replicates) in the page beside
 * `hexa sweep` of the same grid. Debian's chromium through playwright-core (a development dependency): where either
 * is missing, the figures say so in one line. Every figure is wall-clock and the machine may be shared: the load
 * average is printed beside them.
 *
 * The speed figure compares the engines, so both sides do the same thing: each times one job with the worker's own
 * `answer` (scripts/explorer/page/worker.ts: the run's replicates, nothing else inside the timed span), on the same
 * replicates, after the same warm-up, alternating. The page's worker is started from the page's script as its pool
 * starts one and, like the pool's, kept from job to job — once the page's own first run has finished, so neither its
 * workers nor its drawing share the cores with the timed jobs. (The first version made a worker afresh for each
 * figure right after opening the page, beside a Node thread every figure before had warmed: it timed the page's first
 * run and the worker's warm-up as much as the engine — docs/performance.md, the explorer.)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
// Node's engine as the CLI runs it: Node's host (its SHA-256) and the built-in worlds.
import '../program/nodeProgram.js';
import { answer } from '../explorer/page/worker.js';
import type { Job } from '../explorer/page/jobs.js';
import { PAGE_FILE } from '../explorer/pageFile.js';
import { disturbance, loadAverage, timeHexa, type WallRun } from './wall.js';

/** Debian's chromium, as the tests use it. */
export const CHROMIUM = '/usr/bin/chromium';
/** The engine's timed work: replicates SPEED … 2·SPEED − 1 of the published arm, after a warm-up on 0 … SPEED − 1. */
const SPEED = 4000;
/** Timed jobs on each side, alternating. */
const SPEED_RUNS = 5;
const GRID = { explore: '0:0.5:0.05', threshold: '0.6:0.95:0.05', replicates: '200' };

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface PageSize {
  readonly bytes: number;
  readonly gzipped: number;
}

export interface BrowserFigures {
  /** Milliseconds from opening the page to its first curve and to its complete curve, one of each a load. */
  readonly firstCurveMs: readonly number[];
  readonly completeMs: readonly number[];
  /** Attempts per second of the same jobs in a page worker and in Node (this thread), alternating. */
  readonly browserRates: readonly number[];
  readonly nodeRates: readonly number[];
  /** The grid in the page (seconds, as the page reports it, and its workers) and `hexa sweep` of it. */
  readonly sweep: { readonly pageSeconds: number; readonly workers: number; readonly cli: WallRun };
}

/** The page's size and, unless Chromium (or playwright-core) is missing, its figures in Chromium. */
export interface ExplorerBench {
  readonly page: PageSize | null;
  readonly browser: BrowserFigures | { readonly missing: string };
}

/** A job of the published arm: replicates `from` … `to` − 1. */
const job = (from: number, to: number): Job => ({
  request: 1,
  config: 0,
  settings: { replicates: String(to) },
  params: {},
  from,
  to,
});

/** Attempts per second of a job's answer (a refused job is a fault of the bench). */
function rateOf(a: { attempts: number; ms: number } | { error: string }): number {
  if ('error' in a) throw new Error(`the explorer's bench job was refused: ${a.error}`);
  return (a.attempts / a.ms) * 1000;
}

/** A worker started from the page's script, as the page's pool starts them (a Blob URL of its text). */
const START_WORKER = `(() => {
  const source = document.getElementById('hexa-app').textContent;
  window.hexaBenchWorker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
})()`;

/** That worker's answer to a job, without its replicates (only what the rate needs crosses back). */
const askWorker = (j: Job): string => `new Promise((resolve) => {
  window.hexaBenchWorker.onmessage = (e) => resolve(e.data.error === undefined
    ? { attempts: e.data.attempts, ms: e.data.ms } : { error: e.data.error });
  window.hexaBenchWorker.postMessage(${JSON.stringify(j)});
})`;

/** The engine's speed: the page worker and Node alternating on the same jobs, after the same warm-up. */
async function speed(tab: Page): Promise<Pick<BrowserFigures, 'browserRates' | 'nodeRates'>> {
  await tab.evaluate(START_WORKER);
  const inWorker = async (j: Job): Promise<number> =>
    rateOf((await tab.evaluate(askWorker(j))) as { attempts: number; ms: number } | { error: string });
  await inWorker(job(0, SPEED));
  rateOf(answer(job(0, SPEED)));
  const browserRates: number[] = [];
  const nodeRates: number[] = [];
  for (let i = 0; i < SPEED_RUNS; i++) {
    browserRates.push(await inWorker(job(SPEED, 2 * SPEED)));
    nodeRates.push(rateOf(answer(job(SPEED, 2 * SPEED))));
  }
  await tab.evaluate('window.hexaBenchWorker.terminate()');
  return { browserRates, nodeRates };
}

/** The figures in Chromium: `loads` openings of the page, the engine's speed, the sweep's grid. */
async function inChromium(
  file: string,
  loads: number,
  dir: string,
  executable: string,
): Promise<BrowserFigures | { missing: string }> {
  if (!existsSync(executable)) return { missing: `${executable} is missing (apt-get install chromium)` };
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { missing: 'playwright-core, a development dependency, is not installed' };
  }
  const browser = await chromium.launch({
    executablePath: executable,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const url = pathToFileURL(file).href;
    const firstCurveMs: number[] = [];
    const completeMs: number[] = [];
    for (let i = 0; i < loads; i++) {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await tab.goto(`${url}#replicates=200`);
      await tab.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
      const times = (await tab.evaluate('[document.body.dataset.firstDrawn, document.body.dataset.firstCurve]')) as [
        string,
        string,
      ];
      firstCurveMs.push(Number(times[0]));
      completeMs.push(Number(times[1]));
      await tab.close();
    }
    const tab = await browser.newPage();
    await tab.goto(url);
    // The page runs its first configuration on opening: the timed jobs wait until it is done.
    await tab.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
    const rates = await speed(tab);
    await tab.goto(
      `${url}#view=sweep&replicates=${GRID.replicates}&threshold=${GRID.threshold}&explore=${GRID.explore}`,
    );
    await tab.waitForSelector('body[data-sweep-done="true"]', { timeout: 600_000 });
    const status = (await tab.evaluate("document.getElementById('sweep-status').textContent")) as string;
    const said = /, ([\d.]+) s on (\d+) workers/.exec(status);
    if (said === null) throw new Error(`the sweep view's status was not understood: ${status}`);
    const flags = Object.entries(GRID).flatMap(([flag, text]) => [`--${flag}`, text]);
    const cli = timeHexa(['sweep', ...flags, '--out', join(dir, 'grid'), '--quiet']);
    return {
      firstCurveMs,
      completeMs,
      ...rates,
      sweep: { pageSeconds: Number(said[1]), workers: Number(said[2]), cli },
    };
  } finally {
    await browser.close();
  }
}

/** Where the figures are taken: the browser, and the page (by default the built one). */
export interface ExplorerBenchOptions {
  readonly executable?: string;
  readonly page?: string;
}

/** The explorer's figures; `loads`: openings of the page timed for its first curve. */
export async function benchExplorer(loads: number, o: ExplorerBenchOptions = {}): Promise<ExplorerBench> {
  const file = o.page ?? fileURLToPath(PAGE_FILE);
  if (!existsSync(file)) return { page: null, browser: { missing: `${file} is missing (npm run build writes it)` } };
  const bytes = readFileSync(file);
  const page = { bytes: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
  const dir = mkdtempSync(join(tmpdir(), 'hexa-bench-explorer-'));
  try {
    return { page, browser: await inChromium(file, loads, dir, o.executable ?? CHROMIUM) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;
const s = (ms: number): string => (ms / 1000).toFixed(2);
const loadsText = (n: number): string => `${n} load${n === 1 ? '' : 's'}`;

/** The figures as lines of `hexa bench`: one line when they could not be taken in a browser. */
export function explorerLines(r: ExplorerBench): string[] {
  const size =
    r.page === null
      ? 'explorer page: not built'
      : `explorer page (hexa explorer): ${kb(r.page.bytes)}, ${kb(r.page.gzipped)} gzipped ` +
        '(budget ≤ 1.5 MB, ≤ 450 KB gzipped)';
  const b = r.browser;
  if ('missing' in b) return [`${size}; not measured in a browser: ${b.missing}`];
  const browser = median(b.browserRates);
  const node = median(b.nodeRates);
  const pairs = b.browserRates.map((x, i) => x / b.nodeRates[i]!);
  const sweep = b.sweep;
  return [
    size,
    `explorer in Chromium, 200 replicates: first curve ${s(median(b.firstCurveMs))} s after opening (budget ≤ 1 s), ` +
      `complete ${s(median(b.completeMs))} s (medians of ${loadsText(b.firstCurveMs.length)}; each first curve: ` +
      `${b.firstCurveMs.map(s).join(', ')} s)`,
    `explorer engine, wall-clock: ${(browser / 1e6).toFixed(1)} M attempts/s in a page worker against ` +
      `${(node / 1e6).toFixed(1)} M in Node (this thread): ${(browser / node).toFixed(2)} of Node's (target ≥ 0.8; ` +
      `medians of ${pairs.length} alternating jobs of replicates ${SPEED}–${2 * SPEED - 1} after a warm-up on 0–` +
      `${SPEED - 1}, each side timed by the worker's own job; pairs ${Math.min(...pairs).toFixed(2)}–` +
      `${Math.max(...pairs).toFixed(2)})`,
    `explorer sweep view, 88 cells × 200 replicates: ${sweep.pageSeconds.toFixed(2)} s on ${sweep.workers} page ` +
      `workers against hexa sweep ${sweep.cli.seconds.toFixed(2)} s (${disturbance(sweep.cli)}): ` +
      `${(sweep.pageSeconds / sweep.cli.seconds).toFixed(2)}× (budget ≤ 2×)`,
  ];
}

async function main(): Promise<void> {
  process.stdout.write(`load average ${loadAverage()}\n`);
  const lines = explorerLines(await benchExplorer(Number(process.env.RUNS ?? 5)));
  process.stdout.write(`${lines.join('\n')}\nload average ${loadAverage()}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
