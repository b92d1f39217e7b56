/**
 * Where every worker thread Node's host starts begins (threads.ts): it installs the host in the new thread, as
 * its parent has it, imports what the parent's program imported to be ready (the built-in worlds: envs/install.ts),
 * then runs the worker's entry, which serves the pool's jobs.
 */
import { workerData } from 'node:worker_threads';
import { installNodeHost } from './index.js';
import type { StartData } from './threads.js';

const { setup, entry } = workerData as StartData;
installNodeHost(setup);
for (const module of setup) await import(module);
await import(entry);
