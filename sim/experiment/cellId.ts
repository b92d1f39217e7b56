/**
 * A cell's id: 16 hex digits of SHA-256 over the environment id and the *resolved* configuration
 * (defaults filled in, numbers parsed), without the seed or replicate count — so it does not depend on
 * flag order, on spelling (`0.10` vs `0.1`) or on whether a default was given, and the replicate axis
 * never leaks into the settings. Sweeps from the shell and from code name their cells alike.
 */
import { createHash } from 'node:crypto';
import type { RunConfig } from './config.js';

/** Canonical JSON: object keys sorted at every level, so equal values always hash alike. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** 16 hex digits of SHA-256: hex of the first 8 bytes (a fresh string; a slice of the full hex would keep it alive). */
const sha16 = (text: string): string => createHash('sha256').update(text).digest().subarray(0, 8).toString('hex');

/** The stable id of a cell: 16 hex digits of SHA-256 over (env id, resolved parameters). */
export function cellId(config: RunConfig): string {
  const { env, envParams, rounds, tasks, cap, agent } = config;
  return sha16(`hexa-sim/cell/v1\n${canonical({ env, envParams, rounds, tasks, cap, agent })}`);
}
