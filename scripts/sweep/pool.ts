/**
 * Run sweep tasks on this thread and a pool of worker threads (piscina), started once for the sweep. Only a
 * few tasks per worker are in flight at a time, so the queue — and memory — stays small however many cells
 * the grid has. Each thread publishes its cells' files itself; results.csv is assembled in canonical order,
 * so the output does not depend on the number of workers or on which finished first.
 */
import { Piscina } from 'piscina';
import { availableCores } from '../../sim/reproduction/workerPool.js';
import runTask, { type SliceOutcome, type SweepTask } from './worker.js';

/** Default worker count: the cores really available (CPU quota included). */
export const defaultWorkers = (): number => availableCores();

/**
 * The worker module beside this one. From sources (tsx, vitest) it is a .ts file, which Node 20 workers
 * cannot load by themselves, so they get tsx as a loader; from dist/ it is plain JavaScript.
 */
function workerSource(): { filename: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  return {
    filename: new URL(fromSources ? './worker.ts' : './worker.js', import.meta.url).href,
    // Resolved here, not by the worker: `--import tsx` alone would be looked up from the current folder.
    execArgv: fromSources ? ['--import', import.meta.resolve('tsx')] : [],
  };
}

/**
 * The threads a sweep runs on: this one and `workers` − 1 worker threads (none for one worker), started
 * early so they load while the main thread prepares. This thread runs cells too, between taking the workers'
 * results in: a second worker thread would cost a second start and a second warm-up of the compiler, which on
 * two cores compete with the cells themselves (2 threads and this one: 1.59×; this one and 1 thread: see docs/performance.md).
 */
export interface SweepPool {
  readonly workers: number;
  readonly piscina: Piscina<SweepTask, SliceOutcome[]> | null;
}

export function startPool(workers: number): SweepPool {
  if (workers <= 1) return { workers: 1, piscina: null };
  const { filename, execArgv } = workerSource();
  const piscina = new Piscina<SweepTask, SliceOutcome[]>({
    filename,
    execArgv,
    minThreads: workers - 1,
    maxThreads: workers - 1,
    idleTimeout: 60_000,
    // Both of a worker's tasks go to it at once, so it starts the second as the first ends, without waiting
    // for this thread (busy with a cell of its own) to hand it over; a worker runs them one after the other.
    concurrentTasksPerWorker: 2,
    // A cell allocates almost nothing per attempt, so a small young generation costs no speed and keeps
    // each worker's memory from growing with the length of the sweep (measured: 276 → 170 MB at 30k cells).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return { workers, piscina };
}

export interface PoolOptions {
  readonly failFast: boolean;
  /** Called in the main thread as each task ends, with one outcome per slice. */
  readonly onOutcome: (task: SweepTask, outcomes: readonly SliceOutcome[]) => void;
}

const failed = (task: SweepTask, e: unknown): SliceOutcome[] =>
  task.slices.map(() => ({ ok: false, error: e instanceof Error ? e.message : String(e) }));

/**
 * Run the tasks on the pool and this thread, then close the pool; returns false if it stopped early
 * (fail-fast) with tasks left unstarted. Tasks go to the worker threads while they have fewer than 2 each in
 * hand; otherwise this thread runs the next one itself. Which thread runs a cell does not change its files.
 */
export async function runTasks(started: SweepPool, tasks: Iterable<SweepTask>, options: PoolOptions): Promise<boolean> {
  const pool = started.piscina;
  // Two tasks in hand per worker thread: one running, one waiting for when it ends while this thread is busy
  // with a cell of its own; more would leave this thread idle at the end, waiting on the workers' queues.
  const limit = (started.workers - 1) * 2;
  const inFlight = new Set<Promise<void>>();
  let stop = false;
  let completed = true;
  const ended = (task: SweepTask, outcomes: SliceOutcome[]): void => {
    if (options.failFast && outcomes.some((o) => !o.ok)) stop = true;
    options.onOutcome(task, outcomes);
  };
  try {
    for (const task of tasks) {
      if (stop) {
        completed = false;
        break;
      }
      if (pool !== null && inFlight.size < limit) {
        const job: Promise<void> = pool
          .run(task)
          .catch((e: unknown) => failed(task, e))
          .then((outcomes) => {
            inFlight.delete(job);
            ended(task, outcomes);
          });
        inFlight.add(job);
        continue;
      }
      ended(task, await runTask(task).catch((e: unknown) => failed(task, e)));
      // Let the workers' results in (and hand them more) before this thread takes another cell.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(inFlight);
  } finally {
    await pool?.destroy();
  }
  return completed;
}
