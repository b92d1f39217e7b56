/**
 * Run the reproduction's simulations on a few worker threads, started once and handed the next job as
 * each becomes idle. Results are collected by key, so the outcome is the same whatever the number of
 * workers.
 *
 * Node 20 cannot load a .ts worker by itself, and ignores `--import tsx` in a worker's execArgv: from the
 * sources (tsx, vitest) the worker first registers tsx's loader, then imports the .ts entry; from dist/
 * it is plain JavaScript. A worker posts 'ready' once its entry has loaded, then one result per job.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runSimulation, type SimulationJob, type SimulationResult } from './simulationJobs.js';

/**
 * The cores this process may really use: the CPUs it may run on, fewer if a container's CPU quota
 * (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`) allows less.
 */
export function availableCores(): number {
  let cores = availableParallelism();
  const quota = cgroupQuota();
  if (quota !== null) cores = Math.min(cores, Math.max(1, Math.ceil(quota)));
  return cores;
}

/** CPUs' worth of time the cgroup allows per period, or null when unlimited or unknown. */
function cgroupQuota(): number | null {
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const v2 = read('/sys/fs/cgroup/cpu.max')?.split(/\s+/);
  if (v2 !== undefined && v2[0] !== 'max' && Number(v2[0]) > 0 && Number(v2[1]) > 0) return Number(v2[0]) / Number(v2[1]);
  const quota = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'));
  const period = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'));
  return quota > 0 && period > 0 ? quota / period : null;
}

/** Workers to use by default: every available core, at most 8. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(8, availableCores()));
}

function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./simulationWorker.js', import.meta.url));
  const entry = JSON.stringify(new URL('./simulationWorker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`, { eval: true });
}

/** Run the jobs, in this thread with one worker, else on `workers` threads; `onDone` after each. */
export async function runJobs(
  jobs: readonly SimulationJob[],
  workers: number,
  onDone?: (done: number, total: number) => void,
): Promise<Map<string, SimulationResult>> {
  const results = new Map<string, SimulationResult>();
  if (workers <= 1 || jobs.length <= 1) {
    for (const job of jobs) {
      results.set(job.key, runSimulation(job));
      onDone?.(results.size, jobs.length);
    }
    return results;
  }
  let next = 0;
  const pool = Array.from({ length: Math.min(workers, jobs.length) }, startWorker);
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next >= jobs.length) return resolve();
              worker.postMessage(jobs[next++]!);
            };
            worker.on('message', (message: SimulationResult | 'ready') => {
              if (message !== 'ready') {
                results.set(message.key, message);
                onDone?.(results.size, jobs.length);
              }
              feed();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (next < jobs.length) reject(new Error(`simulation worker exited with code ${code}`));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
}
