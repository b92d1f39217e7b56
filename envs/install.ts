/**
 * Importing this module hands the built-in worlds and the environment checker to this thread's module store
 * (sim/agent/moduleStore.ts): what the command line, both APIs and every worker thread do before they run
 * anything. The checker is loaded the first time a module world is checked.
 */
import { moduleStore } from '../sim/agent/moduleStore.js';
import { BUILT_IN_ENVS } from './registry.js';

moduleStore.useWorlds({
  builtIns: BUILT_IN_ENVS,
  async check(spec, deadlineSeconds) {
    const { checkEnv, firstFailure } = await import('./check/checker.js');
    return firstFailure(checkEnv(spec, { deadlineSeconds }));
  },
});
