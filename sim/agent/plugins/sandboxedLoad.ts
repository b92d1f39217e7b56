/**
 * A module file's first run, held like its hooks are (sim/core/guard/sandbox.ts): a deadline on its load
 * (`--step-timeout`, as for a hook), and what it prints, its exits and the built-ins it changes caught.
 *
 * A synchronous loop at a module's top level cannot be stopped on the thread that imports it, and a command's
 * own thread must import its modules (the checker and the flags read them). So on any thread but a watched
 * pool's worker, the file is first imported on a worker thread of its own — the probe — which is stopped past
 * the deadline; only a module that loaded there, without calling `process.exit`, is imported here. On a
 * watched pool's worker (a run's, a sweep's) the import is a hook like the others: the heartbeat names it
 * while it runs, and the pool stops it past the deadline. Every refusal is one UsageError naming the flag and
 * the file: a module that does not load is bad input, refused before any work (exit 2); on a worker, the work
 * it was for fails.
 */
import { Worker } from 'node:worker_threads';
import { stepTimeoutSeconds } from '../../core/guard/deadline.js';
import { asPlugin, PluginExit, threadIsHeld, trespassText } from '../../core/guard/sandbox.js';
import { msg, UsageError } from '../../core/messages.js';
import { HookGuard, shownPath } from './hookGuard.js';

/** The file being loaded (moduleFile.ts's ModuleFile): the flag and path that named it, its absolute path. */
interface Loading {
  readonly flag: string;
  readonly path: string;
  readonly full: string;
}

/** The probe's state in a shared word: 0 loading, 1 loaded, 2 its import threw, 3 it called process.exit. */
const LOADED = 1;
const THREW = 2;
const EXITED = 3;

/**
 * The probe: import the module, say how it went in the shared words ([0] the state, [1] an exit's code),
 * and end. Plain JavaScript, so it needs nothing of hexa's (nor tsx, from the sources).
 */
const PROBE = `
const { workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const exit = process.exit.bind(process);
process.exit = (code) => {
  Atomics.store(state, 1, Number(code ?? 0) | 0);
  Atomics.store(state, 0, ${EXITED});
  exit(code);
};
import(workerData.url).then(
  () => Atomics.compareExchange(state, 0, 0, ${LOADED}),
  () => Atomics.compareExchange(state, 0, 0, ${THREW}),
);
`;

/**
 * Import `url` on a probe thread: null when it loaded or threw (the import here says why), else why it is
 * refused. Its output is dropped: the import here prints it again, on standard error.
 */
function probe(url: string, seconds: number): Promise<string | null> {
  const state = new SharedArrayBuffer(8);
  const words = new Int32Array(state);
  const worker = new Worker(PROBE, { eval: true, workerData: { url, state }, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(msg.moduleLoadTimedOut(seconds));
      void worker.terminate();
    }, seconds * 1000);
    const end = (): void => {
      clearTimeout(timer);
      const now = Atomics.load(words, 0);
      if (now === EXITED) resolve(new PluginExit(Atomics.load(words, 1)).message);
      else if (now === LOADED || now === THREW) resolve(null);
      // The thread ran out of work with the import unsettled: a top-level await waits for what never comes.
      else resolve(msg.moduleLoadUnsettled());
    };
    worker.once('exit', end);
    worker.once('error', end);
  });
}

/** Refused: the flag, the file and why. */
const refused = (file: Loading, why: string): UsageError =>
  new UsageError(msg.moduleUnloadable(file.flag, file.path, why));

/**
 * Import the module at `url` (the file's, under its hash), held: its output to standard error, an exit or a
 * change of the built-ins refused, its load given `--step-timeout`. What its import throws is thrown as it is.
 */
export async function importHeld(file: Loading, url: string): Promise<Record<string, unknown>> {
  const seconds = stepTimeoutSeconds();
  const shown = shownPath(file.full);
  const held = threadIsHeld();
  if (!held) {
    const why = await probe(url, seconds);
    if (why !== null) throw refused(file, why);
  }
  // On a watched worker the pool stops a load past the deadline, naming it by the heartbeat.
  const guard = held ? new HookGuard(shown, 'module') : null;
  const mark = guard?.mark('top-level code') ?? 0;
  const outer = guard?.enter(mark) ?? 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(refused(file, msg.moduleLoadUnsettled())), seconds * 1000);
    });
    const [namespace, trespass] = await asPlugin(shown, () => Promise.race([import(url), late]));
    if (trespass !== null) throw refused(file, `${trespassText(trespass)}`);
    return namespace as Record<string, unknown>;
  } catch (e) {
    if (e instanceof PluginExit) throw refused(file, `${e.message}`);
    throw e;
  } finally {
    clearTimeout(timer);
    guard?.leave(outer);
  }
}
