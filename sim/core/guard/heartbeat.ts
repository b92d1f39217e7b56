/**
 * How a thread running plugin code says where it is, for the thread that watches it (pool.ts). A synchronous
 * loop that never returns cannot be interrupted on its own thread, so plugin code runs on worker threads and
 * the pool watches each through a small shared buffer: a counter, odd while the thread is inside a plugin's
 * hook (incremented on the way in and on the way out), and the name of that hook as text. Writing it costs
 * two stores a call, and the name only when the hook called differs from the last one.
 *
 * On a thread nobody watches (the main thread, the API) the buffer is an ordinary one that nobody reads.
 */

/** Int32 slots: [0] the counter (odd: inside a hook), [1] which hook (a mark), [2] the length of its name. */
const SLOTS = 3;
/** The longest name kept (in UTF-16 units); longer names are cut. */
const NAME_UNITS = 1024;

export const HEARTBEAT_BYTES = SLOTS * 4 + NAME_UNITS * 2;

export class Heartbeat {
  /** [0] counter, [1] mark, [2] name length: the guards write slot 0 and compare slot 1 themselves. */
  readonly cells: Int32Array;
  private readonly name: Uint16Array;

  constructor(buffer: ArrayBufferLike = new ArrayBuffer(HEARTBEAT_BYTES)) {
    this.cells = new Int32Array(buffer, 0, SLOTS);
    this.name = new Uint16Array(buffer, SLOTS * 4, NAME_UNITS);
  }

  /** Say which hook is entered next: `mark` identifies it in this thread, `name` is what a timeout reports. */
  mark(mark: number, name: string): void {
    const n = Math.min(name.length, NAME_UNITS);
    for (let i = 0; i < n; i++) this.name[i] = name.charCodeAt(i);
    this.cells[2] = n;
    this.cells[1] = mark;
  }

  /** The name of the hook last marked (read by the watching thread). */
  hookName(): string {
    const n = Math.min(Math.max(this.cells[2]!, 0), NAME_UNITS);
    let out = '';
    for (let i = 0; i < n; i++) out += String.fromCharCode(this.name[i]!);
    return out;
  }
}

let current = new Heartbeat();
let marks = 0;

/** This thread's heartbeat (read by a guard when it is made). */
export function threadHeartbeat(): Heartbeat {
  return current;
}

/** A worker thread: write the heartbeat into the buffer its pool watches. */
export function beatInto(buffer: SharedArrayBuffer): void {
  current = new Heartbeat(buffer);
}

/** A new mark, unique in this thread, for one hook of one guard. */
export function nextMark(): number {
  marks = (marks + 1) | 0 || 1;
  return marks;
}
