/**
 * The worker thread's side of the pool (pool.ts): run the jobs it posts, one at a time in the order they
 * came, and post each result back as soon as it is made — before the next job starts, so the pool hears of
 * every result while this thread works on the next job it holds.
 */
import { beatInto, restBeat } from '../guard/heartbeat.js';
import { holdThread, threadTrespass } from '../guard/sandbox.js';
import { host } from '../host/host.js';
import type { Reply } from './pool.js';

/** Serve the pool's jobs with `run`; `transfer` names buffers of a result to hand over instead of copying. */
export function serveJobs<Job, Result>(
  run: (job: Job) => Result | Promise<Result>,
  transfer: (result: Result) => ArrayBuffer[] = () => [],
): void {
  const port = host('a worker thread').parentThread();
  if (port === null) throw new Error('serveJobs runs in a worker thread');
  // A watched pool (plugin code) reads this thread's heartbeat from the buffer it made; the plugin code that
  // runs here is held (its exits, output and changes to the built-ins: sandbox.ts).
  const heartbeat = (port.data as { heartbeat?: unknown } | undefined)?.heartbeat;
  if (heartbeat instanceof SharedArrayBuffer) {
    beatInto(heartbeat, (note) => port.post(note));
    holdThread();
  }
  const waiting: Job[] = [];
  let busy = false;
  const answer = (reply: Reply<Result>, buffers: ArrayBuffer[] = []): void => port.post(reply, buffers);
  const drain = async (): Promise<void> => {
    busy = true;
    for (let job = waiting.shift(); job !== undefined; job = waiting.shift()) {
      try {
        restBeat();
        const result = await run(job);
        restBeat();
        // A job whose plugin code changed the built-ins (put back now) or called process.exit fails.
        const trespass = threadTrespass();
        if (trespass !== null) throw trespass;
        answer({ result }, transfer(result));
      } catch (e) {
        answer(e instanceof Error ? { error: e.message, stack: e.stack } : { error: String(e) });
      }
    }
    busy = false;
  };
  port.listen((job) => {
    waiting.push(job as Job);
    if (!busy) void drain();
  });
}
