/**
 * How a thread running plugin code says where it is, for the thread that watches it (pool.ts). A synchronous
 * loop that never returns cannot be interrupted on its own thread, so plugin code runs on worker threads and
 * the pool watches each through a small shared buffer of two numbers:
 *
 *   [0] a counter that moves with every call into plugin code: a hook (a policy's, a world's reset or create)
 *       adds 1 on the way in and 1 on the way out, so it is odd while the hook runs; a world's step, called
 *       on every attempt, only adds 2 on the way in — a world's steps follow one another in microseconds —
 *       and the Actor's word loop adds 2 once a run of steps, runs spanning tasks (StepBeat, below);
 *   [1] which hook is running, as a number — for a world, 'reset() or step()' from its making on; 0 when
 *       the thread is in no plugin's business.
 *
 * A counter that has not moved for the limit, while the thread is inside a hook (odd) or stepping a world
 * (a mark set), is a call that has not returned. A hook's number is given once per name in a thread and the
 * name sent to the watching thread then (`announce`), so a step costs one addition in memory.
 *
 * On a thread nobody watches (the main thread, the API) the buffer is an ordinary one that nobody reads.
 */

export const HEARTBEAT_BYTES = 8;

export class Heartbeat {
  /** [0] the counter (odd: inside a hook), [1] the hook's number. */
  readonly cells: Int32Array;
  /** How a loop of a world's steps counts them (the Actor's word loop: sim/core/guard/watchedWords.ts). */
  readonly steps: StepBeat;

  constructor(buffer: ArrayBufferLike = new ArrayBuffer(HEARTBEAT_BYTES)) {
    this.cells = new Int32Array(buffer, 0, 2);
    this.steps = new StepBeat(this.cells);
  }
}

/** The most steps a loop takes between two beats. */
const MOST_STEPS = 65_536;
/** Beats less than this (ms) apart double the run to the next. */
const QUICK_MS = 4;

/**
 * The heartbeat of a loop of a world's steps, counted in runs: a store to the shared counter costs the loop
 * around it more than the steps' checks (the compiler reloads what the store might have changed — once a task
 * was 3.6 instructions an attempt of the 4-bit arm), so the loop beats once every `run` steps, its runs
 * spanning tasks (`left`: the steps before the next beat). The run doubles, up to MOST_STEPS, while beats come
 * less than QUICK_MS apart, and falls back to one step when they do not. A step or a reset that never returns
 * stops the counter; one that returns is stopped only if a run's steps turn, at once, limit / QUICK_MS times
 * slower than the run before (250× for a limit of 1 s, 2500× for the default 10 s).
 */
export class StepBeat {
  /** Steps from one beat to the next: 1, 2, 4, … MOST_STEPS. */
  run = 1;
  /** Steps before the next beat (the loop keeps it while it runs, and leaves it here between calls). */
  left = 1;
  /** When the last beat was (ms). */
  private since = 0;

  constructor(readonly cells: Int32Array) {}

  /** A run of steps is over: count, and the length of the next. */
  beat(): number {
    this.cells[0]! += 2;
    const now = performance.now();
    this.run = now - this.since >= QUICK_MS ? 1 : Math.min(this.run * 2, MOST_STEPS);
    this.since = now;
    return this.run;
  }
}

/** What a watched worker sends its pool when it numbers a hook. */
export interface HookNote {
  readonly hook: readonly [mark: number, name: string];
}

export const isHookNote = (message: unknown): message is HookNote =>
  typeof message === 'object' && message !== null && 'hook' in message;

let current = new Heartbeat();
let announce: ((note: HookNote) => void) | null = null;
const marks = new Map<string, number>();
/** Each mark's name, by number (index 0 unused). */
const names: string[] = [''];

/** This thread's heartbeat (read by a guard when it is made). */
export function threadHeartbeat(): Heartbeat {
  return current;
}

/** A worker thread: write the heartbeat into the buffer its pool watches, and send it the hooks' names. */
export function beatInto(buffer: SharedArrayBuffer, send: (note: HookNote) => void): void {
  current = new Heartbeat(buffer);
  announce = send;
  for (const [name, mark] of marks) send({ hook: [mark, name] });
}

/** Between jobs: the thread is in no plugin's business (a world's step mark lasts only to the end of its job). */
export function restBeat(): void {
  current.cells[1] = 0;
}

/** The number of the hook named `name` (`file: world 'my-lock-v1' step()`) in this thread. */
export function hookMark(name: string): number {
  let mark = marks.get(name);
  if (mark === undefined) {
    mark = marks.size + 1;
    marks.set(name, mark);
    names.push(name);
    announce?.({ hook: [mark, name] });
  }
  return mark;
}

/** The name of the hook numbered `mark` in this thread, or undefined. */
export const hookName = (mark: number): string | undefined => (mark > 0 ? names[mark] : undefined);
