import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../../sim/core/parallel/pool.js';
import { runTestJob, type TestJob, type TestResult } from './testJobs.js';

const ENTRY = new URL('./poolWorker.js', import.meta.url);
const open: WorkerPool<TestJob, TestResult>[] = [];
const pool = (threads: number): WorkerPool<TestJob, TestResult> => {
  const p = new WorkerPool<TestJob, TestResult>(ENTRY, threads, runTestJob);
  open.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

const jobs = (count: number, extra: Partial<TestJob> = {}): TestJob[] =>
  Array.from({ length: count }, (_, n) => ({ n, ...extra }));

/** Run and collect each job's result by job (the caller's side of "results keyed"). */
async function collect(
  p: WorkerPool<TestJob, TestResult>,
  list: readonly TestJob[],
  options: Parameters<WorkerPool<TestJob, TestResult>['run']>[2] = {},
): Promise<Map<TestJob, TestResult>> {
  const results = new Map<TestJob, TestResult>();
  await p.run(
    list,
    (job, result) => {
      expect(results.has(job)).toBe(false);
      results.set(job, result);
    },
    options,
  );
  return results;
}

describe('the worker pool', () => {
  it('runs every job once, on this thread and the workers, with the same results for any thread count', async () => {
    const list = jobs(200);
    for (const threads of [1, 2, 3]) {
      const results = await collect(pool(threads), list);
      expect(list.map((j) => results.get(j)?.square)).toEqual(list.map((j) => j.n * j.n));
      const threadsUsed = new Set([...results.values()].map((r) => r.thread));
      expect(threadsUsed.has(0)).toBe(true);
      expect(threadsUsed.size).toBe(threads);
    }
  });

  it('keeps its threads for a second run, and leaves the jobs this thread may not take to the workers', async () => {
    const p = pool(2);
    await collect(p, jobs(20));
    const list = [...jobs(4, { far: true }), ...jobs(40)];
    const results = await collect(p, list, { here: (job) => job.far !== true });
    expect(results.size).toBe(list.length);
    for (const job of list.slice(0, 4)) expect(results.get(job)?.thread).not.toBe(0);
  });

  it('ends the run with a job that throws, unless told what a failed job yields', async () => {
    await expect(collect(pool(2), [...jobs(10), { n: 99, fail: 'throw' }, ...jobs(10)])).rejects.toThrow(
      /job 99 failed/,
    );
    const list = [...jobs(10), { n: 99, fail: 'throw' as const }, ...jobs(10)];
    const results = await collect(pool(2), list, { failed: () => ({ square: -1, thread: -1 }) });
    expect(list.map((j) => results.get(j)?.square)).toEqual(list.map((j) => (j.fail ? -1 : j.n * j.n)));
  });

  it('carries on without a worker thread that died, failing only the jobs it held', async () => {
    const list = [{ n: 5, fail: 'exit' as const, far: true }, ...jobs(30)];
    const p = pool(2);
    const results = await collect(p, list, {
      here: (job) => job.far !== true,
      failed: (_, e) => ({ square: -1, thread: e.message.includes('exited with code 3') ? -3 : -2 }),
    });
    expect(results.get(list[0]!)).toEqual({ square: -1, thread: -3 });
    // The jobs the dead worker held (it is kept two ahead) failed with its exit; the rest ran, on this thread.
    const lost = list.filter((j) => results.get(j)?.square === -1);
    expect(lost.length).toBeLessThanOrEqual(2);
    expect(lost.every((j) => results.get(j)?.thread === -3)).toBe(true);
    const others = list.filter((j) => !lost.includes(j));
    expect(others.map((j) => results.get(j))).toEqual(others.map((j) => ({ square: j.n * j.n, thread: 0 })));
  });

  it('hands out no job once told to stop, and reports those already handed out', async () => {
    let seen = 0;
    const list = jobs(500);
    const results = await collect(pool(2), list, { stop: () => ++seen >= 3 });
    expect(results.size).toBeGreaterThanOrEqual(3);
    expect(results.size).toBeLessThan(10);
  });
});
