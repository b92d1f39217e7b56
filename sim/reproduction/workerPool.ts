/**
 * Run audit jobs on a few worker threads, handing each idle worker the next job. Results are collected by
 * key, so the outcome is the same whatever the number of workers.
 *
 * Node 20 cannot load a .ts worker by itself, and ignores `--import tsx` in a worker's execArgv: from the
 * sources (tsx, vitest) the worker first registers tsx's loader, then imports the .ts entry; from dist/
 * it is plain JavaScript. A worker posts 'ready' once its entry has loaded, then one result per job.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runAuditJob, type AuditJob, type AuditJobResult } from './auditJobs.js';

/** Workers to use by default: every core, at most 8. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./auditWorker.js', import.meta.url));
  const entry = JSON.stringify(new URL('./auditWorker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`, { eval: true });
}

export async function runJobs(
  jobs: readonly AuditJob[],
  workers: number,
  onDone?: (done: number, total: number) => void,
): Promise<Map<string, AuditJobResult>> {
  const results = new Map<string, AuditJobResult>();
  if (workers <= 1 || jobs.length <= 1) {
    for (const job of jobs) {
      results.set(job.key, runAuditJob(job));
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
            worker.on('message', (message: AuditJobResult | 'ready') => {
              if (message !== 'ready') {
                results.set(message.key, message);
                onDone?.(results.size, jobs.length);
              }
              feed();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (next < jobs.length) reject(new Error(`audit worker exited with code ${code}`));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
}
