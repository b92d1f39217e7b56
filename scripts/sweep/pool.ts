/**
 * Run sweep tasks on a pool of worker threads (piscina), started once for the sweep. Only a few tasks per
 * worker are in flight at a time, so the queue — and memory — stays small however many cells the grid
 * has. Each worker publishes its cells' files itself; results.csv is assembled afterwards in canonical
 * order, so the output does not depend on the number of workers or on which finished first.
 */
import { Piscina } from 'piscina';
import { availableCores } from '../../sim/reproduction/workerPool.js';
import type { SliceOutcome, SweepTask } from './worker.js';

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

/** Worker threads started for a sweep; start them early, so they load while the main thread prepares. */
export interface SweepPool {
  readonly workers: number;
  readonly piscina: Piscina<SweepTask, SliceOutcome[]>;
}

export function startPool(workers: number): SweepPool {
  const { filename, execArgv } = workerSource();
  const piscina = new Piscina<SweepTask, SliceOutcome[]>({
    filename,
    execArgv,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
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

/** Run the tasks on the pool, then close it; returns false if it stopped early (fail-fast) with tasks left unstarted. */
export async function runTasks(started: SweepPool, tasks: Iterable<SweepTask>, options: PoolOptions): Promise<boolean> {
  const pool = started.piscina;
  const limit = started.workers * 4;
  const inFlight = new Set<Promise<void>>();
  let stop = false;
  let completed = true;
  try {
    for (const task of tasks) {
      if (stop) {
        completed = false;
        break;
      }
      const job: Promise<void> = pool
        .run(task)
        .catch((e: unknown): SliceOutcome[] => task.slices.map(() => ({ ok: false, error: e instanceof Error ? e.message : String(e) })))
        .then((outcomes) => {
          inFlight.delete(job);
          if (options.failFast && outcomes.some((o) => !o.ok)) stop = true;
          options.onOutcome(task, outcomes);
        });
      inFlight.add(job);
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await pool.destroy();
  }
  return completed;
}
