/**
 * Sweep speed-up benchmark (`npm run bench:sweep`): the same sweep of a few seconds with 1 and with 2
 * workers, alternating, RUNS times each (default 3). The machine may be shared, so each run also reports
 * how much CPU other processes took meanwhile (Linux: /proc/stat minus this sweep's own CPU time), and
 * the summary uses the least disturbed run of each. Checks the two outputs are byte-identical.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HEXA = fileURLToPath(new URL('../hexa.js', import.meta.url));
const GRID = ['--explore', '0:0.19:0.01', '--threshold', '0.8,0.9', '--replicates', '1000', '--quiet', '--force'];
const TICK = 0.01; // USER_HZ: /proc times are in 1/100 s on Linux
const runs = Number(process.env.RUNS ?? 3);

/** Busy CPU seconds of the whole machine, and CPU seconds of this process's finished children. */
function cpu(): { machine: number; children: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const busy = f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!; // all but idle and iowait
  const self = readFileSync('/proc/self/stat', 'utf8');
  const fields = self.slice(self.lastIndexOf(')') + 2).split(' ');
  return { machine: busy * TICK, children: (Number(fields[13]) + Number(fields[14])) * TICK };
}

interface Run {
  readonly seconds: number;
  /** CPU seconds other processes used during the run (undefined off Linux). */
  readonly others: number | undefined;
}

function run(workers: number, out: string): Run {
  const before = cpu();
  const start = performance.now();
  const r = spawnSync(process.execPath, [HEXA, 'sweep', ...GRID, '--workers', String(workers), '--out', out], { stdio: 'inherit' });
  const seconds = (performance.now() - start) / 1000;
  const after = cpu();
  if (r.status !== 0) throw new Error(`sweep with ${workers} worker(s) exited ${r.status}`);
  const others = before && after ? Math.max(0, after.machine - before.machine - (after.children - before.children)) : undefined;
  return { seconds, others };
}

const dir = mkdtempSync(join(tmpdir(), 'hexa-bench-sweep-'));
try {
  const all: Record<number, Run[]> = { 1: [], 2: [] };
  for (let i = 1; i <= runs; i++) {
    for (const workers of [1, 2]) {
      const r = run(workers, join(dir, `w${workers}`));
      all[workers]!.push(r);
      const note = r.others === undefined ? '' : ` (other processes used ${r.others.toFixed(2)} CPU-s meanwhile)`;
      process.stdout.write(`run ${i}, ${workers} worker(s): ${r.seconds.toFixed(2)} s${note}\n`);
    }
  }
  // The least disturbed run of each: fewest CPU-seconds taken by others, then fastest.
  const pick = (rs: Run[]): Run => [...rs].sort((a, b) => (a.others ?? 0) - (b.others ?? 0) || a.seconds - b.seconds)[0]!;
  const [one, two] = [pick(all[1]!), pick(all[2]!)];
  const same = readFileSync(join(dir, 'w1', 'results.csv')).equals(readFileSync(join(dir, 'w2', 'results.csv')));
  const others = (r: Run): string => (r.others === undefined ? '' : `, others ${r.others.toFixed(2)} CPU-s`);
  process.stdout.write(
    `least disturbed: 1 worker ${one.seconds.toFixed(2)} s${others(one)}; 2 workers ${two.seconds.toFixed(2)} s${others(two)}; ` +
      `speed-up ${(one.seconds / two.seconds).toFixed(2)}× (results.csv ${same ? 'identical' : 'DIFFERENT'})\n`,
  );
  if (!same) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
