/**
 * The one pool of threads for parallel work — a sweep's cells, the audit's simulations, the reproduction's
 * runs: this thread and `threads` − 1 worker threads, started once and kept for several runs of jobs, so a
 * later run pays no thread start and runs on code the compiler has already optimised.
 *
 * This thread runs jobs too, between taking the workers' results in: a further worker thread would cost its
 * own start and its own warm-up of the compiler, CPU the jobs need when there are as many threads as cores.
 * Each worker is kept `queued` jobs ahead, so it never waits while this thread is busy with a job of its
 * own; more would leave this thread idle at the end, waiting on the workers' queues.
 *
 * Each result is handed back with its job, whichever thread ran it; callers file results by job, so the
 * outcome does not depend on the number of threads or on the order results arrive in.
 *
 * A worker's entry is a module calling `serveJobs` (serve.ts) with the function this thread runs jobs with.
 * From dist/ it is plain JavaScript. From the sources (tsx, vitest) it is a .ts file, and on Node 20 a worker
 * thread's `import` does not go through the hooks `--import tsx` registers — neither the parent's nor those
 * of `--import tsx` in the worker's own execArgv (a worker that `require`s its file gets by, an `import`
 * fails) — so there each worker registers tsx's hooks itself, then imports its entry.
 */
import { Worker } from 'node:worker_threads';

export interface PoolOptions {
  /** Jobs each worker thread is kept ahead (default 2). */
  readonly queued?: number;
  /** Each worker thread's young generation, in MB (V8's default when absent). */
  readonly youngGenerationMb?: number;
}

export interface RunOptions<Job, Result> {
  /** Whether this thread may run a job itself (default: every job); the others go to the worker threads. */
  readonly here?: (job: Job) => boolean;
  /** Asked after each result: once true, no further job is handed out (those running still report). */
  readonly stop?: () => boolean;
  /**
   * What a job that failed — it threw, or the worker holding it died — yields as its result. Without it a
   * failure ends the run with that error.
   */
  readonly failed?: (job: Job, error: Error) => Result;
}

/** What a worker posts back for each job (serve.ts). */
export type Reply<Result> = { readonly result: Result } | { readonly error: string };

interface Thread<Job> {
  readonly worker: Worker;
  /** Jobs posted to it and not yet answered, oldest first (a worker answers in order). */
  readonly held: Job[];
}

interface RunState<Job, Result> {
  reply(thread: Thread<Job>, message: Reply<Result>): void;
  lost(thread: Thread<Job>, error: Error): void;
}

const FROM_SOURCES = import.meta.url.endsWith('.ts');

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

function startWorker(entry: URL, options: PoolOptions): Worker {
  const resourceLimits =
    options.youngGenerationMb === undefined ? undefined : { maxYoungGenerationSizeMb: options.youngGenerationMb };
  if (!FROM_SOURCES) return new Worker(entry, { resourceLimits });
  const source = JSON.stringify(entry.href.replace(/\.js$/, '.ts'));
  // Resolved here: an eval'd worker would look the package up from the current folder.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${source}); });`, {
    eval: true,
    resourceLimits,
  });
}

export class WorkerPool<Job, Result> {
  /** Threads in all, this one among them. */
  readonly threads: number;
  private readonly queued: number;
  private workers: Thread<Job>[];
  private current: RunState<Job, Result> | null = null;
  /** Why the pool cannot be trusted any more: a worker ended between runs, or a run failed midway. */
  private broken: Error | null = null;

  /**
   * Start the worker threads now (they load while the caller prepares). `entry` is the worker module's
   * compiled URL (`new URL('./worker.js', import.meta.url)`); `runHere` runs a job on this thread, as the
   * entry's `serveJobs` does on a worker.
   */
  constructor(
    entry: URL,
    threads: number,
    private readonly runHere: (job: Job) => Result | Promise<Result>,
    options: PoolOptions = {},
  ) {
    this.threads = Math.max(1, Math.floor(threads));
    this.queued = Math.max(1, options.queued ?? 2);
    this.workers = Array.from({ length: this.threads - 1 }, () => ({ worker: startWorker(entry, options), held: [] }));
    for (const thread of this.workers) {
      thread.worker.on('message', (message: Reply<Result>) => this.current?.reply(thread, message));
      thread.worker.on('error', (e: Error) => this.lose(thread, e));
      thread.worker.on('exit', (code: number) =>
        this.lose(thread, new Error(`worker thread exited with code ${code}`)),
      );
    }
  }

  private lose(thread: Thread<Job>, error: Error): void {
    if (!this.workers.includes(thread)) return; // its 'error' came first
    this.workers = this.workers.filter((t) => t !== thread);
    if (this.current !== null) this.current.lost(thread, error);
    else this.broken ??= error;
  }

  /**
   * Run the jobs, taken from `jobs` in order as threads free up; `onResult` with each job's result, in this
   * thread. Resolves when every job handed out has reported (all of them, unless `stop` said so).
   */
  async run(
    jobs: Iterable<Job>,
    onResult: (job: Job, result: Result) => void,
    options: RunOptions<Job, Result> = {},
  ): Promise<void> {
    if (this.current !== null) throw new Error('the pool is already running jobs');
    if (this.broken !== null && options.failed === undefined) throw this.broken;
    const source = jobs[Symbol.iterator]();
    let exhausted = false;
    const pull = (): Job | undefined => {
      if (exhausted) return undefined;
      const next = source.next();
      if (next.done === true) exhausted = true;
      return next.done === true ? undefined : next.value;
    };
    /** Jobs this thread may not run, passed over in order: the workers take them first. */
    const passedOver: Job[] = [];
    let stopped = false;
    let failure: Error | null = null;
    let wake = (): void => {};
    const open = (): boolean => !stopped && failure === null;
    const forWorker = (): Job | undefined => (open() ? (passedOver.shift() ?? pull()) : undefined);
    const forHere = (): Job | undefined => {
      if (!open()) return undefined;
      const here = options.here;
      // With no worker left, this thread takes everything.
      if (here === undefined || this.workers.length === 0) return passedOver.shift() ?? pull();
      for (let job = pull(); job !== undefined; job = pull()) {
        if (here(job)) return job;
        passedOver.push(job);
      }
      return undefined;
    };
    const deliver = (job: Job, result: Result): void => {
      try {
        onResult(job, result);
      } catch (e) {
        failure ??= asError(e); // the caller's own error: no `failed` result stands for it
        return;
      }
      if (options.stop?.() === true) stopped = true;
    };
    const fail = (job: Job, e: unknown): void => {
      if (options.failed === undefined) failure ??= asError(e);
      else deliver(job, options.failed(job, asError(e)));
    };
    const post = (thread: Thread<Job>): void => {
      const job = forWorker();
      if (job === undefined) return;
      thread.held.push(job);
      thread.worker.postMessage(job);
    };
    const idle = (): boolean => this.workers.every((t) => t.held.length === 0);
    const done = (): boolean => failure !== null || (idle() && (stopped || (exhausted && passedOver.length === 0)));
    this.current = {
      reply: (thread, message) => {
        const job = thread.held.shift();
        if (job === undefined) return;
        post(thread);
        if ('error' in message) fail(job, new Error(message.error));
        else deliver(job, message.result);
        wake();
      },
      lost: (thread, error) => {
        for (const job of thread.held.splice(0)) fail(job, error);
        wake();
      },
    };
    try {
      for (const thread of this.workers) for (let q = 0; q < this.queued; q++) post(thread);
      for (;;) {
        const job = forHere();
        if (job !== undefined) {
          let result: Result;
          try {
            result = await this.runHere(job);
          } catch (e) {
            fail(job, e);
            continue;
          }
          deliver(job, result);
          await new Promise((resolve) => setImmediate(resolve)); // take the workers' results in, post them more
          continue;
        }
        if (done()) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      this.current = null;
    }
    if (failure !== null) {
      // Workers may still hold jobs of this run: the pool is not used again.
      this.broken = failure;
      throw failure;
    }
  }

  /** Stop the worker threads (idempotent). */
  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    for (const t of workers) t.worker.removeAllListeners();
    await Promise.all(workers.map((t) => t.worker.terminate()));
  }
}
