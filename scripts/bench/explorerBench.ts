/**
 * The explorer's figures (`npm run bench:explorer`, after `npm run build`): the page's size and gzipped size;
 * the time from opening it to its first curve and to the complete curve of 200 replicates (the median of RUNS
 * loads, default 5); the engine's attempts per second in one of the page's Web Workers beside the same
 * replicates in Node in this process, alternating; and a sweep's grid (88 cells × 200 replicates) in the page
 * beside `hexa sweep` of the same grid. Debian's chromium through playwright-core (a development dependency). The
 * machine may be shared: the load average is printed before and after, and every figure is wall-clock.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import '../../envs/install.js';
import { installNodeHost } from '../../sim/core/host/node/index.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { runReplicate } from '../../sim/experiment/replicate.js';
import { runOf } from '../explorer/link.js';
import { PAGE_FILE } from '../explorer/pageFile.js';
import { loadAverage } from './wall.js';

const RUNS = Number(process.env.RUNS ?? 5);
/** The engine's timed work: the published arm, replicates after a warm-up of as many. */
const SPEED_REPLICATES = 2000;
const GRID = { explore: '0:0.5:0.05', threshold: '0.6:0.95:0.05', replicates: '200' };

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Node: attempts per second over replicates [from, to) of the published arm, in this thread. */
function nodeRate(from: number, to: number): number {
  const run = runOf({ replicates: String(to) }, {});
  const spec = envSpecOf(run);
  const started = performance.now();
  let attempts = 0;
  for (let r = from; r < to; r++) for (const m of runReplicate(run, spec, r)) attempts += m.attempts;
  return (attempts / (performance.now() - started)) * 1000;
}

/** Page-side: the same replicates in one Worker started from the page's script, as the page starts them. */
const WORKER_RATE = `(async ([from, to]) => {
  const url = URL.createObjectURL(new Blob([document.getElementById('hexa-app').textContent]));
  const worker = new Worker(url);
  const ask = (a, b) => new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.postMessage({ request: 1, config: 0, settings: { replicates: String(b) }, params: {}, from: a, to: b });
  });
  await ask(0, from);
  const answer = await ask(from, to);
  worker.terminate();
  return (answer.attempts / answer.ms) * 1000;
})`;

async function main(): Promise<void> {
  installNodeHost();
  const { chromium } = await import('playwright-core');
  const page = fileURLToPath(PAGE_FILE);
  const bytes = readFileSync(page);
  process.stdout.write(`load average ${loadAverage()}\n`);
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  process.stdout.write(`page: ${(bytes.length / 1024).toFixed(0)} KB, gzipped ${(gzipped / 1024).toFixed(0)} KB\n`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const url = pathToFileURL(page).href;
    const first: number[] = [];
    const complete: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await tab.goto(`${url}#replicates=200`);
      await tab.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
      const times = (await tab.evaluate('[document.body.dataset.firstDrawn, document.body.dataset.firstCurve]')) as [
        string,
        string,
      ];
      first.push(Number(times[0]));
      complete.push(Number(times[1]));
      await tab.close();
    }
    process.stdout.write(
      `200 replicates, ms after opening (median of ${RUNS}): first curve ${median(first)}, ` +
        `complete ${median(complete)} (each: ${first.join(', ')} / ${complete.join(', ')})\n`,
    );
    const tab = await browser.newPage();
    await tab.goto(url);
    const browserRates: number[] = [];
    const nodeRates: number[] = [];
    nodeRate(0, SPEED_REPLICATES);
    for (let i = 0; i < 3; i++) {
      browserRates.push(
        (await tab.evaluate(`${WORKER_RATE}([${SPEED_REPLICATES}, ${2 * SPEED_REPLICATES}])`)) as number,
      );
      nodeRates.push(nodeRate(SPEED_REPLICATES, 2 * SPEED_REPLICATES));
    }
    const b = median(browserRates);
    const n = median(nodeRates);
    process.stdout.write(
      `attempts/s, published arm, ${SPEED_REPLICATES} replicates after as many (median of 3, alternating): ` +
        `browser worker ${(b / 1e6).toFixed(1)} M, Node ${(n / 1e6).toFixed(1)} M, ratio ${(b / n).toFixed(2)}\n`,
    );
    await tab.goto(
      `${url}#view=sweep&replicates=${GRID.replicates}&threshold=${GRID.threshold}&explore=${GRID.explore}`,
    );
    await tab.waitForSelector('body[data-sweep-done="true"]', { timeout: 600_000 });
    const status = (await tab.evaluate("document.getElementById('sweep-status').textContent")) as string;
    const dir = mkdtempSync(join(tmpdir(), 'hexa-bench-explorer-'));
    try {
      const hexa = fileURLToPath(new URL('../hexa.js', import.meta.url));
      const started = performance.now();
      execFileSync(process.execPath, [
        hexa,
        'sweep',
        ...Object.entries(GRID).flatMap(([flag, text]) => [`--${flag}`, text]),
        '--out',
        join(dir, 'grid'),
        '--quiet',
      ]);
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`sweep: page ${status} hexa sweep (all cores) ${seconds.toFixed(2)} s\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`load average ${loadAverage()}\n`);
}

await main();
