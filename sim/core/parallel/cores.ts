/**
 * How many threads parallel work uses unless told: every core this process may really use (the host counts them:
 * Node's reads CPU affinity and a container's quota). One default for every command (sweeps, reproduce, the
 * audit), so `--workers` means the same everywhere.
 */
import { host } from '../host/host.js';

/** Threads to use by default (this one among them). */
export const defaultWorkers = (): number => Math.max(1, host('a count of cores').cores());
