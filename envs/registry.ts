/**
 * The registry of versioned environment ids: the built-in worlds, then any registered from outside
 * (`registerEnv`, or a module given as `--env FILE`), as Gymnasium's `register` / `make` do.
 */
import { msg } from '../sim/core/messages.js';
import { apiContractV1 } from './apiContract.js';
import { driftLockV1 } from './driftLock.js';
import type { EnvSpec } from './env.js';
import { flakyToolsV1 } from './flakyTools.js';
import { lockV1 } from './lock.js';
import { mastermindV1 } from './mastermind.js';
import { noisyLockV1 } from './noisyLock.js';

const SPECS: readonly EnvSpec[] = [lockV1, driftLockV1, noisyLockV1, mastermindV1, apiContractV1, flakyToolsV1];
const registered: EnvSpec[] = [];

export function envIds(): string[] {
  return allEnvs().map((s) => s.id);
}

export function allEnvs(): readonly EnvSpec[] {
  return registered.length === 0 ? SPECS : [...SPECS, ...registered];
}

/** The spec for an id, or undefined (callers report the unknown id). */
export function findEnv(id: string): EnvSpec | undefined {
  return SPECS.find((s) => s.id === id) ?? registered.find((s) => s.id === id);
}

/** Whether `id` is one of the worlds this package ships. */
export function isBuiltInEnv(id: string): boolean {
  return SPECS.some((s) => s.id === id);
}

/**
 * Make a world available under its id (for this process). Registering the same spec again does nothing;
 * another spec under a taken id throws, so an id always names one world.
 */
export function registerEnv(spec: EnvSpec): void {
  const known = findEnv(spec.id);
  if (known === spec) return;
  if (known !== undefined) throw new Error(msg.envIdTaken(spec.id, isBuiltInEnv(spec.id)));
  registered.push(spec);
}
