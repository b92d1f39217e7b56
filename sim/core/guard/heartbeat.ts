/**
 * How a thread running plugin code says where it is, for the thread that watches it (pool.ts). A synchronous
 * loop that never returns cannot be interrupted on its own thread, so plugin code runs on worker threads and
 * the pool watches each through a small shared buffer of two numbers:
 *
 *   [0] a counter that moves with every call into plugin code: a hook (a policy's, a world's reset or create)
 *       adds 1 on the way in and 1 on the way out, so it is odd while the hook runs; a world's step, called
 *       on every attempt, only adds 2 on the way in — a world's steps follow one another in microseconds;
 *   [1] which hook is running, as a number — for steps, the world's step from its reset on; 0 when the
 *       thread is in no plugin's business.
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

  constructor(buffer: ArrayBufferLike = new ArrayBuffer(HEARTBEAT_BYTES)) {
    this.cells = new Int32Array(buffer, 0, 2);
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
