/**
 * Node's probe of a module file's load (Host.probeImport, used by sim/agent/plugins/sandboxedLoad.ts): a
 * synchronous loop at a module's top level cannot be stopped on the thread that imports it, so the file is first
 * imported on a worker thread of its own, which is stopped past the deadline.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LoadProbe } from '../host.js';

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
 * Import the module file on a probe thread, under the URL `importModule` gives it, and say how it went. Its
 * output is dropped: the import on the asking thread prints it again, held.
 */
export function probeImport(full: string, version: string, seconds: number): Promise<LoadProbe> {
  const url = `${pathToFileURL(full).href}?sha256=${version}`;
  const state = new SharedArrayBuffer(8);
  const words = new Int32Array(state);
  const worker = new Worker(PROBE, { eval: true, workerData: { url, state }, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve({ outcome: 'timedOut' });
      void worker.terminate();
    }, seconds * 1000);
    const end = (): void => {
      clearTimeout(timer);
      const now = Atomics.load(words, 0);
      if (now === EXITED) resolve({ outcome: 'exited', code: Atomics.load(words, 1) });
      else if (now === LOADED) resolve({ outcome: 'loaded' });
      else if (now === THREW) resolve({ outcome: 'threw' });
      // The thread ran out of work with the import unsettled: a top-level await waits for what never comes.
      else resolve({ outcome: 'unsettled' });
    };
    worker.once('exit', end);
    worker.once('error', end);
  });
}
