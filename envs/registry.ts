/**
 * The worlds this package ships, under their versioned ids. Worlds from outside join them in the module
 * store (sim/agent/moduleStore.ts, which envs/install.ts hands them to), which is where ids are looked up.
 */
import { apiContractV1 } from './apiContract.js';
import { driftLockV1 } from './driftLock.js';
import type { EnvSpec } from '../sim/core/world/env.js';
import { flakyToolsV1 } from './flakyTools.js';
import { lockV1 } from './lock.js';
import { mastermindV1 } from './mastermind.js';
import { noisyLockV1 } from './noisyLock.js';

export const BUILT_IN_ENVS: readonly EnvSpec[] = [
  lockV1,
  driftLockV1,
  noisyLockV1,
  mastermindV1,
  apiContractV1,
  flakyToolsV1,
];
