/**
 * How long one call into plugin code may take (`--step-timeout`), and a way to hold code on this thread to
 * it. Runs hold plugin code to the limit from the thread that watches the worker running it (pool.ts); the
 * environment checker, which steps a world on the command's own thread before any run, holds each check to
 * it with the host's interruption (Node's: V8's, through `vm`'s timeout), which stops even a synchronous loop.
 */
import { host } from '../host/host.js';

/** The default limit: a toy world's step takes microseconds; this only has to tell a hang from slowness. */
export const DEFAULT_STEP_TIMEOUT_SECONDS = 10;

let limitSeconds = DEFAULT_STEP_TIMEOUT_SECONDS;

/** Set the limit for this process (a command's `--step-timeout`, before it loads any plugin). */
export function setStepTimeout(seconds: number): void {
  limitSeconds = seconds;
}

export function stepTimeoutSeconds(): number {
  return limitSeconds;
}

/** Thrown by `withinDeadline` when the call was stopped. */
export class DeadlineExceeded extends Error {
  constructor(readonly seconds: number) {
    super(`did not finish within ${seconds} s`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Run `run` on this thread, stopped after `seconds` (DeadlineExceeded). What it throws is thrown as it is.
 * Starting the timer may cost a thread (Node's does): for calls that take a while (a check), not for every step.
 */
export function withinDeadline<T>(seconds: number, run: () => T): T {
  const ended = host('a deadline').interruptAfter(seconds * 1000, run);
  if (!ended.finished) throw new DeadlineExceeded(seconds);
  return ended.value;
}
