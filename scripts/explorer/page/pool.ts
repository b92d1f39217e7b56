/**
 * The page's workers: Web Workers started from the page's own script (a Blob URL), each given one job at a time.
 * A new request replaces the queue, so the latest setting wins: jobs of an older request are never started, and
 * answers to one still running are dropped when they come. Jobs are small (a few replicates), so a worker is
 * soon free for the new request.
 */
import type { Answer, Job } from './jobs.js';

export type JobSpec = Omit<Job, 'request'>;

export class PagePool {
  private readonly url: string;
  private workers: Worker[] = [];
  private idle: Worker[] = [];
  private queue: Job[] = [];
  private request = 0;
  private onAnswer: (answer: Answer) => void = () => {};

  constructor(source: string, count: number) {
    this.url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    this.resize(count);
  }

  get size(): number {
    return this.workers.length;
  }

  /** Use `count` workers from now on (stopping the extra ones, starting the missing ones). */
  resize(count: number): void {
    while (this.workers.length > count) {
      const w = this.workers.pop()!;
      w.terminate();
      this.idle = this.idle.filter((x) => x !== w);
    }
    while (this.workers.length < count) {
      const w = new Worker(this.url);
      w.onmessage = (event: MessageEvent<Answer>) => {
        this.idle.push(w);
        if (event.data.job.request === this.request) this.onAnswer(event.data);
        this.next();
      };
      this.workers.push(w);
      this.idle.push(w);
    }
    this.next();
  }

  /** Run these jobs in order, in place of whatever was asked before; returns the request's number. */
  submit(jobs: readonly JobSpec[], onAnswer: (answer: Answer) => void): number {
    this.request++;
    this.queue = jobs.map((j) => ({ ...j, request: this.request }));
    this.onAnswer = onAnswer;
    this.next();
    return this.request;
  }

  /** Drop every queued job (an invalid setting: nothing to run). */
  cancel(): void {
    this.request++;
    this.queue = [];
  }

  private next(): void {
    while (this.idle.length > 0 && this.queue.length > 0) this.idle.pop()!.postMessage(this.queue.shift()!);
  }
}

/**
 * Replicates 0 … n − 1 of each configuration cut into jobs, configurations interleaved so every arm's curve
 * refines at the same pace; about eight jobs a worker, so several reach the chart before the run ends, and none
 * of more than 25 replicates, so a replaced request frees the workers soon.
 */
export function chunkJobs(
  configs: readonly Pick<JobSpec, 'settings' | 'params'>[],
  replicates: number,
  workers: number,
): JobSpec[] {
  const size = Math.max(1, Math.min(25, replicates, Math.ceil((configs.length * replicates) / (workers * 8))));
  const out: JobSpec[] = [];
  for (let from = 0; from < replicates; from += size)
    configs.forEach((c, config) => out.push({ ...c, config, from, to: Math.min(replicates, from + size) }));
  return out;
}
