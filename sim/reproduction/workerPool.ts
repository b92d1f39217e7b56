/**
 * Run the reproduction's simulations on a few threads — this one among them, and worker threads started
 * once and handed the next job as each takes its result in. Results are collected by key, so the outcome
 * is the same whatever the number of workers.
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
  if (v2 !== undefined && v2[0] !== 'max' && Number(v2[0]) > 0 && Number(v2[1]) > 0)
    return Number(v2[0]) / Number(v2[1]);
  const quota = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'));
  const period = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'));
  return quota > 0 && period > 0 ? quota / period : null;
}

/** Jobs each worker thread is kept ahead. */
const QUEUED = 2;

/** Workers to use by default: every available core, at most 8. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(8, availableCores()));
}

function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./simulationWorker.js', import.meta.url));
  const entry = JSON.stringify(new URL('./simulationWorker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`, {
    eval: true,
  });
}

/**
 * Run the jobs on `workers` threads — this one, and workers − 1 worker threads; `onDone` after each, and
 * `onResult` with each result as it comes in (in this thread, between its own jobs).
 */
export async function runJobs(
  jobs: readonly SimulationJob[],
  workers: number,
  onDone?: (done: number, total: number) => void,
  onResult?: (result: SimulationResult) => void,
): Promise<Map<string, SimulationResult>> {
  const threads = new SimulationThreads(Math.min(workers, jobs.length));
  try {
    return await threads.run(jobs, onDone, onResult);
  } finally {
    await threads.close();
  }
}

/**
 * This thread and `threads` − 1 worker threads, started once and kept for several runs of jobs (the audit's
 * two stages), so a later run pays no thread start and runs on code the compiler has already optimised.
 */
export class SimulationThreads {
  private readonly pool: Worker[];
  /** Set when a worker ended between runs (a run's own failures are its own). */
  private lostBetweenRuns: Error | null = null;

  constructor(readonly threads: number) {
    this.pool = Array.from({ length: Math.max(0, threads - 1) }, startWorker);
    for (const w of this.pool) {
      w.on('error', (e: Error) => (this.lostBetweenRuns ??= e));
      w.on('exit', (code) => (this.lostBetweenRuns ??= new Error(`simulation worker exited with code ${code}`)));
    }
  }

  /** Run the jobs (see `runJobs`); results by key. */
  async run(
    jobs: readonly SimulationJob[],
    onDone?: (done: number, total: number) => void,
    onResult?: (result: SimulationResult) => void,
  ): Promise<Map<string, SimulationResult>> {
    const results = new Map<string, SimulationResult>();
    const collect = (result: SimulationResult): void => {
      results.set(result.key, result);
      onResult?.(result);
      onDone?.(results.size, jobs.length);
    };
    if (this.pool.length === 0 || jobs.length <= 1) {
      for (const job of jobs) collect(runSimulation(job));
      return results;
    }
    if (this.lostBetweenRuns !== null) throw this.lostBetweenRuns;
    await runShared(this.pool.slice(0, jobs.length - 1), jobs, collect);
    return results;
  }

  async close(): Promise<void> {
    for (const w of this.pool) w.removeAllListeners();
    await Promise.all(this.pool.map((w) => w.terminate()));
  }
}

/** Run the jobs on this thread and `pool`, handing each result to `collect` in this thread. */
async function runShared(
  pool: readonly Worker[],
  jobs: readonly SimulationJob[],
  collect: (result: SimulationResult) => void,
): Promise<void> {
  // This thread runs jobs too: `workers` threads in all, this one and workers − 1 more. Each of those is
  // kept QUEUED jobs ahead, so it never waits while this thread is busy with a job of its own.
  // Jobs go out in order; this thread skips runs kept whole (the longest jobs), since while it is busy with
  // one job the workers wait on its event loop once their queue runs dry.
  const taken = new Uint8Array(jobs.length);
  let left = jobs.length;
  let next = 0;
  let nextOwn = 0;
  const take = (): SimulationJob | undefined => {
    while (next < jobs.length && taken[next] === 1) next++;
    if (next >= jobs.length) return undefined;
    taken[next] = 1;
    left--;
    return jobs[next++];
  };
  const takeOwn = (): SimulationJob | undefined => {
    while (nextOwn < jobs.length && (taken[nextOwn] === 1 || jobs[nextOwn]!.kind === 'run')) nextOwn++;
    if (nextOwn >= jobs.length) return undefined;
    taken[nextOwn] = 1;
    left--;
    return jobs[nextOwn++];
  };
  let outstanding = 0;
  let failure: Error | null = null;
  let settle: () => void = () => {};
  let fail: (e: Error) => void = () => {};
  const allIn = new Promise<void>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  allIn.catch(() => {}); // a failure is rethrown below, whether or not it is awaited
  const post = (worker: Worker): void => {
    const job = take();
    if (job === undefined) return;
    outstanding++;
    worker.postMessage(job);
  };
  const lost = (e: Error): void => {
    failure ??= e;
    fail(e);
  };
  const exited = (code: number): void => {
    if (outstanding > 0 || left > 0) lost(new Error(`simulation worker exited with code ${code}`));
  };
  const listeners = pool.map((worker) => {
    const onMessage = (message: SimulationResult | 'ready'): void => {
      if (message === 'ready') return;
      outstanding--;
      post(worker);
      collect(message);
      if (outstanding === 0 && left === 0) settle();
    };
    worker.on('message', onMessage);
    worker.on('error', lost);
    worker.on('exit', exited);
    return onMessage;
  });
  try {
    for (const worker of pool) for (let q = 0; q < QUEUED; q++) post(worker);
    for (let job = takeOwn(); job !== undefined && failure === null; job = takeOwn()) {
      collect(runSimulation(job));
      await new Promise((resolve) => setImmediate(resolve)); // take the workers' results in, post them more
    }
    if (outstanding > 0 || left > 0) await allIn;
    if (failure !== null) throw failure;
  } finally {
    pool.forEach((worker, i) => {
      worker.off('message', listeners[i]!);
      worker.off('error', lost);
      worker.off('exit', exited);
    });
  }
}
