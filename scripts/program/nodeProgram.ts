/**
 * Importing this module readies this thread as a Node program: Node's host (sim/core/host/node/), and the
 * built-in worlds and the environment checker in the module store (envs/install.ts) — which every worker thread
 * the host starts imports too, before its entry. The command line, the Node API and the scripts that run
 * simulations import it first.
 */
import '../../envs/install.js';
import { installNodeHost } from '../../sim/core/host/node/index.js';

installNodeHost([new URL('../../envs/install.js', import.meta.url)]);
