/**
 * What the engine borrows from the program it runs in: files, a SQLite driver, threads, module files, a deadline
 * on code of its own thread, and a compiler's report of a syntax error. A run, a sweep's cells and the exact
 * bounds need none of it (the package's `hexa-sim/engine` runs in a browser's worker as it is); what a
 * command adds to a run — a plugin module, a saved library, worker threads, a deadline on checking a world — asks
 * the host installed in this thread, and without one is refused in one line naming what was missing.
 *
 * Node's host is in ./node/: the command line and the Node API install it, and so does every worker thread it
 * starts. A page brings its own.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { installSha256, type Sha256 } from '../digest/sha256.js';
import { msg } from '../messages.js';

/** A thread started by the host: messages both ways, and its end. */
export interface HostThread {
  /** Send it a message (structured-cloned). */
  post(message: unknown): void;
  /** Hear its messages, an error it died of, its exit (each at most once for errors and exits). */
  listen(events: ThreadEvents): void;
  /** Stop hearing it and end it. */
  stop(): Promise<void>;
}

/** What a started thread tells: a message, the error it died of, its exit. */
export interface ThreadEvents {
  /** A message it posted. */
  message(message: unknown): void;
  /** It died of an uncaught error. */
  error(error: Error): void;
  /** It ended, with this exit code. */
  exit(code: number): void;
}

/** This thread's side of a thread the host started: what it was started with, and messages both ways. */
export interface ParentThread {
  /** The `data` it was started with. */
  readonly data: unknown;
  /** Send the parent a message; `transfer` names buffers handed over instead of copied. */
  post(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  /** Hear the parent's messages. */
  listen(onMessage: (message: unknown) => void): void;
}

/** How a thread is started. */
export interface ThreadOptions {
  /** Handed to the thread as `ParentThread.data` (structured-cloned; shared buffers are shared). */
  readonly data?: unknown;
  /** The thread's young generation, in MB (the engine's default when absent). */
  readonly youngGenerationMb?: number;
}

/** How an interrupted call ended. */
export type Interrupted<T> = { readonly finished: true; readonly value: T } | { readonly finished: false };

/** What the plugin sandbox (sim/core/guard/sandbox.ts) is asked when a process's exit or output is touched. */
export interface ProcessGuard {
  /** Whether the code running now is a plugin's. */
  inPlugin(): boolean;
  /** Plugin code called the process's exit with `code`: the error to throw in its place. */
  exitCalled(code: unknown): Error;
  /** Plugin code wrote `text` on standard output: what to write on standard error in its place. */
  printed(text: string): string;
}

/** How a module file's load on a thread of its own went (Host.probeImport). */
export type LoadProbe =
  | { readonly outcome: 'loaded' | 'threw' | 'timedOut' | 'unsettled' }
  | { readonly outcome: 'exited'; readonly code: number };

/** What a host lends the engine (see the top of this file); Node's is `nodeHost` in ./node/. */
export interface Host {
  /** Its name in messages ('Node'). */
  readonly name: string;

  // Files, by path.
  /** The absolute form of `path` (relative to the working folder). */
  resolvePath(path: string): string;
  /** An absolute path as messages show it: relative to the working folder when it lies under it. */
  shownPath(full: string): string;
  /** Whether `path` names a file that exists (false for a folder or anything unreadable). */
  isFile(path: string): boolean;
  /** A file's bytes; throws when it cannot be read. */
  readFile(path: string): Uint8Array;

  // Module files.
  /** Run a module file (absolute path) and give its exports; `version` tells apart two contents of one path. */
  importModule(full: string, version: string): Promise<Record<string, unknown>>;
  /** A stack frame's or report's file URL as a path (as written: a plain path stays one). */
  pathOfUrl(url: string): string;
  /**
   * A compiler's report of the syntax error in a module file ("FILE:LINE", the line, a caret under the place), or
   * undefined where it compiles (Node runs `node --check` in a child process).
   */
  syntaxReport(full: string): string | undefined;

  // Deadlines.
  /** Run `run` on this thread, interrupted after `ms` milliseconds even inside a synchronous loop. */
  interruptAfter<T>(ms: number, run: () => T): Interrupted<T>;

  // SQLite.
  /**
   * The SQLite driver (better-sqlite3's interface), loaded on first use; without it, an error coded
   * MODULE_NOT_FOUND.
   */
  sqliteDriver(): typeof BetterSqlite3;

  // Threads.
  /** The cores this process may really use. */
  cores(): number;
  /** Start a thread running the module at `entry` (compiled: a .js URL). */
  startThread(entry: URL, options?: ThreadOptions): HostThread;
  /** This thread's parent, where the host started this thread; null on the main thread. */
  parentThread(): ParentThread | null;
  /** Resolve once messages waiting for this thread have been taken in. */
  nextTurn(): Promise<void>;
  /** Call `tick` every `ms` milliseconds until the returned function is called; it keeps no process alive. */
  every(ms: number, tick: () => void): () => void;

  // Plugin code's hold (sim/core/guard/sandbox.ts); a host without a process to end or print on (a page) has
  // nothing to guard here, and the sandbox treats an absent method as "nothing to do".
  /** From now on send this thread's exits and standard output through `guard` (called once a thread). */
  guardProcess?(guard: ProcessGuard): void;
  /**
   * Import a module file (as `importModule`) on a thread of its own, stopped after `seconds`, and say how its
   * load went there — so a top-level loop cannot hang the thread that must import it after.
   */
  probeImport?(full: string, version: string, seconds: number): Promise<LoadProbe>;

  /** A SHA-256 of the host's own, faster than the portable one and giving the same digests, if it has one. */
  readonly sha256?: Sha256;
}

let installed: Host | null = null;

/** Use `h` in this thread from now on (with its SHA-256, checked against the portable one's digests). */
export function installHost(h: Host): void {
  if (h.sha256 !== undefined) installSha256(h.sha256);
  installed = h;
}

/** The host of this thread, or null where none was installed (for what works without one, as the sandbox). */
export const installedHost = (): Host | null => installed;

/**
 * The host of this thread; throws where none was installed, naming what needed one (`what`: "a module file", "a
 * saved library", "worker threads" …).
 */
export function host(what: string): Host {
  if (installed === null) throw new Error(msg.noHost(what));
  return installed;
}
