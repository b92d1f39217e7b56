/**
 * Sweep speed-up benchmark (`npm run bench:sweep`): the same sweep of a few seconds with 1 and with 2
 * workers, alternating, RUNS times each (default 3). Reports every run, the best of each (the machine may
 * be shared: the best run is the one least disturbed), their ratio, and checks the outputs are identical.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HEXA = fileURLToPath(new URL('./hexa.js', import.meta.url));
const GRID = ['--explore', '0:0.19:0.01', '--threshold', '0.8,0.9', '--replicates', '250', '--quiet', '--force'];
const runs = Number(process.env.RUNS ?? 3);
const out = mkdtempSync(join(tmpdir(), 'hexa-bench-sweep-'));

try {
  const best: Record<number, number> = { 1: Infinity, 2: Infinity };
  for (let i = 1; i <= runs; i++) {
    for (const workers of [1, 2]) {
      const start = performance.now();
      const r = spawnSync(process.execPath, [HEXA, 'sweep', ...GRID, '--workers', String(workers), '--out', join(out, `w${workers}`)], { stdio: 'inherit' });
      const seconds = (performance.now() - start) / 1000;
      if (r.status !== 0) throw new Error(`sweep with ${workers} worker(s) exited ${r.status}`);
      process.stdout.write(`run ${i}, ${workers} worker(s): ${seconds.toFixed(2)} s\n`);
      best[workers] = Math.min(best[workers]!, seconds);
    }
  }
  const same = readFileSync(join(out, 'w1', 'results.csv')).equals(readFileSync(join(out, 'w2', 'results.csv')));
  process.stdout.write(
    `best: 1 worker ${best[1]!.toFixed(2)} s, 2 workers ${best[2]!.toFixed(2)} s, speed-up ${(best[1]! / best[2]!).toFixed(2)}× ` +
      `(results.csv ${same ? 'identical' : 'DIFFERENT'}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`,
  );
  if (!same) process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
