/**
 * The worker thread's side of the pool (pool.ts): run the jobs it posts, one at a time in the order they
 * came, and post each result back as soon as it is made — before the next job starts, so the pool hears of
 * every result while this thread works on the next job it holds.
 */
import { parentPort } from 'node:worker_threads';
import type { Reply } from './pool.js';

/** Serve the pool's jobs with `run`; `transfer` names buffers of a result to hand over instead of copying. */
export function serveJobs<Job, Result>(
  run: (job: Job) => Result | Promise<Result>,
  transfer: (result: Result) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (port === null) throw new Error('serveJobs runs in a worker thread');
  const waiting: Job[] = [];
  let busy = false;
  const answer = (reply: Reply<Result>, buffers: ArrayBuffer[] = []): void => port.postMessage(reply, buffers);
  const drain = async (): Promise<void> => {
    busy = true;
    for (let job = waiting.shift(); job !== undefined; job = waiting.shift()) {
      try {
        const result = await run(job);
        answer({ result }, transfer(result));
      } catch (e) {
        answer({ error: e instanceof Error ? e.message : String(e) });
      }
    }
    busy = false;
  };
  port.on('message', (job: Job) => {
    waiting.push(job);
    if (!busy) void drain();
  });
}
