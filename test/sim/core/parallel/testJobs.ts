/** Jobs for the pool's tests: a number to square, or an instruction to fail in one of two ways. */
import { threadId } from 'node:worker_threads';

export interface TestJob {
  readonly n: number;
  /** 'throw': the job throws; 'exit': the worker thread running it ends (on this thread it throws). */
  readonly fail?: 'throw' | 'exit';
  /** Only worker threads may run it. */
  readonly far?: boolean;
}

export interface TestResult {
  readonly square: number;
  /** The thread that ran it (0: the main thread). */
  readonly thread: number;
}

export function runTestJob(job: TestJob): TestResult {
  if (job.fail === 'exit' && threadId !== 0) process.exit(3);
  if (job.fail !== undefined) throw new Error(`job ${job.n} failed`);
  let spin = 0;
  for (let i = 0; i < 20_000; i++) spin += i % 7; // long enough that the threads share the work
  return { square: job.n * job.n + (spin < 0 ? 1 : 0), thread: threadId };
}
