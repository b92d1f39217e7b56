/** The registry of versioned environment ids. */
import { apiContractV1 } from './apiContract.js';
import { driftLockV1 } from './driftLock.js';
import type { EnvSpec } from './env.js';
import { flakyToolsV1 } from './flakyTools.js';
import { lockV1 } from './lock.js';
import { mastermindV1 } from './mastermind.js';
import { noisyLockV1 } from './noisyLock.js';

const SPECS: readonly EnvSpec[] = [lockV1, driftLockV1, noisyLockV1, mastermindV1, apiContractV1, flakyToolsV1];

export function envIds(): string[] {
  return SPECS.map((s) => s.id);
}

export function allEnvs(): readonly EnvSpec[] {
  return SPECS;
}

/** The spec for an id, or undefined (callers report the unknown id). */
export function findEnv(id: string): EnvSpec | undefined {
  return SPECS.find((s) => s.id === id);
}
