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
 * A worker's entry is a module calling `serveJobs` (serve.ts) with the function this thread runs jobs with; the
 * host installed in this thread starts it (Node's: sim/core/host/node/threads.ts).
 */
import { Heartbeat, HEARTBEAT_BYTES, isHookNote, type HookNote } from '../guard/heartbeat.js';
import { at } from '../at.js';
import { hostJob } from '../guard/sandbox.js';
import { msg } from '../messages.js';
import { host, type Host, type HostThread } from '../host/host.js';

export interface PoolOptions {
  /** Jobs each worker thread is kept ahead (default 2). */
  readonly queued?: number;
  /** Each worker thread's young generation, in MB (V8's default when absent). */
  readonly youngGenerationMb?: number;
  /**
   * The jobs run plugin code, which may never return: this thread runs none of them (it has `threads` worker
   * threads instead) and watches each worker's heartbeat; a worker inside one plugin hook for longer than
   * `seconds` is stopped, the job it was running fails naming that hook, the jobs it held go to the others,
   * and a fresh worker takes its place.
   */
  readonly watch?: { readonly seconds: number };
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
export type Reply<Result> = { readonly result: Result } | { readonly error: string; readonly stack?: string };

interface Thread<Job> {
  readonly worker: HostThread;
  /** Jobs posted to it and not yet answered, oldest first (a worker answers in order). */
  readonly held: Job[];
  /** Under `watch`: its heartbeat, the names of its hooks by number, the count last seen and since when (ms). */
  readonly beat: Heartbeat | null;
  readonly hooks: Map<number, string>;
  seen: number;
  since: number;
}

interface RunState<Job, Result> {
  reply(thread: Thread<Job>, message: Reply<Result>): void;
  lost(thread: Thread<Job>, error: Error): void;
  /** A worker stopped by the watch: its first job failed with `error`, the others to be run elsewhere. */
  stopped(thread: Thread<Job>, error: Error): void;
  /** A fresh worker joined: give it jobs. */
  joined(thread: Thread<Job>): void;
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** A worker's failure as an Error here, with the worker's stack (shown by --debug). */
function replyError(reply: { readonly error: string; readonly stack?: string }): Error {
  const e = new Error(reply.error);
  if (reply.stack !== undefined) e.stack = reply.stack;
  return e;
}

export class WorkerPool<Job, Result> {
  /** Threads in all, this one among them. */
  readonly threads: number;
  private readonly queued: number;
  private workers: Thread<Job>[];
  private current: RunState<Job, Result> | null = null;
  /** Why the pool cannot be trusted any more: a worker ended between runs, or a run failed midway. */
  private broken: Error | null = null;
  private readonly watchMs: number | null;
  private stopWatch: (() => void) | null = null;
  private readonly host: Host = host('a worker pool');

  /**
   * Start the worker threads now (they load while the caller prepares). `entry` is the worker module's
   * compiled URL (`new URL('./worker.js', import.meta.url)`); `runHere` runs a job on this thread, as the
   * entry's `serveJobs` does on a worker.
   */
  constructor(
    private readonly entry: URL,
    threads: number,
    private readonly runHere: (job: Job) => Result | Promise<Result>,
    private readonly options: PoolOptions = {},
  ) {
    this.threads = Math.max(1, Math.floor(threads));
    this.queued = Math.max(1, options.queued ?? 2);
    this.watchMs = options.watch === undefined ? null : Math.max(1, options.watch.seconds * 1000);
    // Watched, this thread runs no job: as many workers as threads.
    const workers = this.watchMs === null ? this.threads - 1 : this.threads;
    this.workers = Array.from({ length: workers }, () => this.start());
  }

  private start(): Thread<Job> {
    const buffer = this.watchMs === null ? null : new SharedArrayBuffer(HEARTBEAT_BYTES);
    // A watched pool's worker beats into the buffer (serve.ts).
    const data = buffer === null ? undefined : { heartbeat: buffer };
    const worker = this.host.startThread(this.entry, { data, youngGenerationMb: this.options.youngGenerationMb });
    const thread: Thread<Job> = {
      worker,
      held: [],
      beat: buffer === null ? null : new Heartbeat(buffer),
      hooks: new Map(),
      seen: 0,
      since: Date.now(),
    };
    worker.listen({
      message: (message) => {
        const m = message as Reply<Result> | HookNote;
        if (isHookNote(m)) thread.hooks.set(m.hook[0], m.hook[1]);
        else this.current?.reply(thread, m);
      },
      error: (e) => this.lose(thread, e),
      exit: (code) => this.lose(thread, new Error(`worker thread exited with code ${code}`)),
    });
    return thread;
  }

  /**
   * The watch, every quarter of the limit: a worker holding jobs whose heartbeat has not moved for the limit
   * while it was in plugin code (inside a hook, or stepping a plugin world: see heartbeat.ts) is stopped and
   * replaced.
   */
  private watch(): void {
    const limit = this.watchMs;
    if (limit === null) return;
    const now = Date.now();
    for (const thread of this.workers) {
      if (thread.beat === null) continue;
      const cells = thread.beat.cells;
      const [count, mark] = [at(cells, 0, 'a heartbeat'), at(cells, 1, 'a heartbeat')];
      const inPlugin = (count & 1) === 1 || mark !== 0;
      if (thread.held.length === 0 || !inPlugin || count !== thread.seen) {
        thread.seen = count;
        thread.since = now;
        continue;
      }
      if (now - thread.since < limit) continue;
      const hook = thread.hooks.get(mark) ?? 'plugin code';
      const error = new Error(`${hook}: ${msg.plugin.timedOut(limit / 1000)}`);
      this.workers = this.workers.filter((t) => t !== thread);
      void thread.worker.stop();
      const fresh = this.start();
      this.workers.push(fresh);
      this.current?.stopped(thread, error);
      this.current?.joined(fresh);
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
      // Watched jobs run on workers only, while one is left.
      if (this.watchMs !== null && this.workers.length > 0) return undefined;
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
      thread.worker.post(job);
    };
    const idle = (): boolean => this.workers.every((t) => t.held.length === 0);
    const done = (): boolean => failure !== null || (idle() && (stopped || (exhausted && passedOver.length === 0)));
    this.current = {
      reply: (thread, message) => {
        const job = thread.held.shift();
        if (job === undefined) return;
        post(thread);
        if ('error' in message) fail(job, replyError(message));
        else deliver(job, message.result);
        wake();
      },
      lost: (thread, error) => {
        for (const job of thread.held.splice(0)) fail(job, error);
        wake();
      },
      stopped: (thread, error) => {
        const [running, ...waiting] = thread.held.splice(0);
        passedOver.unshift(...waiting);
        if (running !== undefined) fail(running, error);
        wake();
      },
      joined: (thread) => {
        for (let q = 0; q < this.queued; q++) post(thread);
        wake();
      },
    };
    if (this.watchMs !== null) {
      this.stopWatch = this.host.every(Math.max(1, Math.min(this.watchMs / 4, 1000)), () => this.watch());
    }
    try {
      for (const thread of this.workers) for (let q = 0; q < this.queued; q++) post(thread);
      for (;;) {
        const job = forHere();
        if (job !== undefined) {
          let result: Result;
          try {
            result = await hostJob(() => this.runHere(job));
          } catch (e) {
            fail(job, e);
            continue;
          }
          deliver(job, result);
          await this.host.nextTurn(); // take the workers' results in, post them more
          continue;
        }
        if (done()) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      this.current = null;
      this.stopWatch?.();
      this.stopWatch = null;
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
    await Promise.all(workers.map((t) => t.worker.stop()));
  }
}
