/** The registry of versioned environment ids. */
import type { EnvSpec } from './env.js';
import { lockV1 } from './lock.js';

const SPECS: readonly EnvSpec[] = [lockV1];

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
