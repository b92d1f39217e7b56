/**
 * How a thread running plugin code says where it is, for the thread that watches it (pool.ts). A synchronous
 * loop that never returns cannot be interrupted on its own thread, so plugin code runs on worker threads and
 * the pool watches each through a small shared buffer of two numbers:
 *
 *   [0] a counter that moves with every call into plugin code: a hook (a policy's, a world's reset or create)
 *       adds 1 on the way in and 1 on the way out, so it is odd while the hook runs; a world's step, called
 *       on every attempt, only adds 2 on the way in — a world's steps follow one another in microseconds —
 *       and the Actor's word loop adds 2 once a task and once a run of steps (StepBeat, below);
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
const MOST_STEPS = 64;
/** Steps that took less than this (ms) together may be followed by twice as many before the next beat. */
const QUICK_MS = 4;

/**
 * The heartbeat of a loop of a world's steps, counted in runs: a store to the shared counter in every attempt
 * costs the loop around it a twentieth of its speed (the compiler reloads what the store might have changed),
 * so the loop counts once a task (adding 2 to `cells[0]` itself) and beats once every `run` steps. A task's
 * first beat doubles the run (up to MOST_STEPS), as do its later beats while runs take less than QUICK_MS; a
 * slower run falls back to one step. A step that never returns still stops the counter: what goes unbeaten
 * is at most one run, which outgrows a task's length only by steps that were quick. (Asking the time at a
 * task's start, to judge its first run too, would cost a short task more than the guard's checks.)
 */
export class StepBeat {
  /** Steps in the next run: 1, 2, 4, … MOST_STEPS. */
  run = 1;
  /** When the last run ended (ms). */
  private since = 0;

  constructor(readonly cells: Int32Array) {}

  /** Between two runs of a task's steps (`first`: after its first run): count; the next run's length. */
  beat(first: boolean): number {
    this.cells[0]! += 2;
    const now = performance.now();
    this.run = !first && now - this.since >= QUICK_MS ? 1 : Math.min(this.run * 2, MOST_STEPS);
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
    announce?.({ hook: [mark, name] });
  }
  return mark;
}
