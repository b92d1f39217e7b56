/**
 * A page worker: runs the replicates a job names with the engine, checking its settings with the CLI's own
 * reading (`runOf`), and answers each job as soon as it is done. Started from the page's own script (a Blob URL),
 * so a page opened from file:// needs no second file.
 */
import { envSpecOf } from '../../../sim/experiment/experiment.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';
import type { Run } from '../../../sim/experiment/config.js';
import { cliLine, runOf } from '../link.js';
import type { Answer, Job } from './jobs.js';

/** The part of a worker's global scope used here. */
interface WorkerScope {
  onmessage: ((event: { data: Job }) => void) | null;
  postMessage(message: Answer): void;
}

/** The last configuration read, reused while jobs name the same settings. */
let last: { key: string; run: Run } | null = null;

function runFor(job: Job): Run {
  const key = JSON.stringify([job.settings, job.params]);
  if (last?.key !== key) last = { key, run: runOf(job.settings, job.params) };
  return last.run;
}

/** A job's answer; its `ms` times the engine's work alone (the bench times Node's engine with this same function). */
export function answer(job: Job): Answer {
  let run: Run;
  try {
    run = runFor(job);
  } catch (e) {
    return { job, error: cliLine(e) };
  }
  const spec = envSpecOf(run);
  const started = performance.now();
  const replicates = [];
  let attempts = 0;
  for (let r = job.from; r < job.to; r++) {
    const rounds = runReplicate(run, spec, r);
    for (const m of rounds) attempts += m.attempts;
    replicates.push(rounds);
  }
  return { job, replicates, ms: performance.now() - started, attempts };
}

/** Serve jobs in this worker; a failure of the engine is answered as its message, never thrown away. */
export function serveJobs(scope: WorkerScope): void {
  scope.onmessage = (event) => {
    try {
      scope.postMessage(answer(event.data));
    } catch (e) {
      scope.postMessage({ job: event.data, error: `hexa: ${e instanceof Error ? e.message : String(e)}` });
    }
  };
}
