/**
 * How many threads parallel work uses unless told: the cores this process may really use. One default for
 * every command (sweeps, reproduce, the audit), so `--workers` means the same everywhere.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * The cores this process may really use: the CPUs it may run on, fewer if a container's CPU quota
 * (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`) allows less.
 */
export function availableCores(): number {
  let cores = availableParallelism();
  const quota = cgroupQuota();
  if (quota !== null) cores = Math.min(cores, Math.max(1, Math.ceil(quota)));
  return cores;
}

/** Threads to use by default (this one among them): every available core. */
export const defaultWorkers = (): number => Math.max(1, availableCores());

/** CPUs' worth of time the cgroup allows per period, or null when unlimited or unknown. */
function cgroupQuota(): number | null {
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const v2 = read('/sys/fs/cgroup/cpu.max')?.split(/\s+/);
  if (v2 !== undefined && v2[0] !== 'max' && Number(v2[0]) > 0 && Number(v2[1]) > 0)
    return Number(v2[0]) / Number(v2[1]);
  const quota = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'));
  const period = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'));
  return quota > 0 && period > 0 ? quota / period : null;
}
