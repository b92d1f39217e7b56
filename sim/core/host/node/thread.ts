/**
 * Where every worker thread Node's host starts begins (threads.ts): it installs the host in the new thread, as
 * its parent has it, then runs the worker's entry, which serves the pool's jobs.
 */
import { workerData } from 'node:worker_threads';
import { installNodeHost } from './index.js';
import type { StartData } from './threads.js';

installNodeHost();
await import((workerData as StartData).entry);
