/**
 * Node's host (sim/core/host/host.ts): its files, module files, runtime, threads, the process's guard against
 * plugin code, and SHA-256. The command line and the Node API install it in their thread, and every worker thread it
 * starts installs it too (thread.ts).
 */
import { installHost, type Host } from '../host.js';
import { nodeFiles } from './files.js';
import { probeImport } from './loadProbe.js';
import { guardProcess } from './processGuard.js';
import { nodeRuntime } from './runtime.js';
import { nodeSha256 } from './sha256.js';
import { nodeThreads, setThreadSetup } from './threads.js';

export const nodeHost: Host = {
  name: 'Node',
  ...nodeFiles,
  ...nodeRuntime,
  ...nodeThreads,
  guardProcess,
  probeImport,
  sha256: nodeSha256,
};

/**
 * From now on this thread runs with Node's host (and hashes with Node's SHA-256). `setup` names the modules the
 * program imported to make the thread ready — the built-in worlds and the checker, envs/install.ts — which every
 * worker thread it starts imports too, before its entry.
 */
export function installNodeHost(setup: readonly (URL | string)[] = []): void {
  installHost(nodeHost);
  setThreadSetup(setup);
}
