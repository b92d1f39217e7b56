/**
 * How long one call into plugin code may take (`--step-timeout`), and a way to hold code on this thread to
 * it. Runs hold plugin code to the limit from the thread that watches the worker running it (pool.ts); the
 * environment checker, which steps a world on the command's own thread before any run, holds each check to
 * it with V8's own interruption (`vm`'s timeout), which stops even a synchronous loop.
 */
import { Script, createContext } from 'node:vm';

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

const runner = new Script('run()');

/**
 * Run `run` on this thread, stopped after `seconds` (DeadlineExceeded). What it throws is thrown as it is.
 * Starting the timer costs a thread of V8's: for calls that take a while (a check), not for every step.
 */
export function withinDeadline<T>(seconds: number, run: () => T): T {
  const box: { value?: T; error?: unknown; threw: boolean } = { threw: false };
  const context = createContext({
    run: () => {
      try {
        box.value = run();
      } catch (e) {
        box.error = e;
        box.threw = true;
      }
    },
  });
  try {
    runner.runInContext(context, { timeout: Math.max(1, Math.round(seconds * 1000)) });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new DeadlineExceeded(seconds);
    throw e;
  }
  if (box.threw) throw box.error;
  return box.value as T;
}
