/**
 * Sweep speed-up benchmark (`npm run bench:sweep`): the same sweep of a few seconds with 1 and with 2
 * workers, alternating, RUNS times each (default 3). The machine may be shared, so each run also reports
 * how much CPU other processes took meanwhile, and the summary uses the least disturbed run of each.
 * Checks the two outputs are byte-identical.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { disturbance, loadAverage } from './wall.js';
import { ceilingText, sweepSpeedup } from './wallFigures.js';

const GRID = ['--explore', '0:0.19:0.01', '--threshold', '0.8,0.9', '--replicates', '1000'];
const runs = Number(process.env.RUNS ?? 3);

const dir = mkdtempSync(join(tmpdir(), 'hexa-bench-sweep-'));
try {
  process.stdout.write(`load average ${loadAverage()}\n`);
  const s = sweepSpeedup(dir, runs, GRID, (workers, r) =>
    process.stdout.write(`${workers} worker(s): ${r.seconds.toFixed(2)} s (${disturbance(r)})\n`),
  );
  process.stdout.write(
    `least disturbed: 1 worker ${s.one.seconds.toFixed(2)} s, ${disturbance(s.one)}; 2 workers ` +
      `${s.two.seconds.toFixed(2)} s, ${disturbance(s.two)}; ` +
      `speed-up ${s.speedup.toFixed(2)}× (results.csv ${s.identical ? 'identical' : 'DIFFERENT'}); ` +
      `${ceilingText(s)}; load average ${loadAverage()}\n`,
  );
  if (!s.identical) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
