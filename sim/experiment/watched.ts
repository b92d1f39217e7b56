/**
 * Where a command's runs execute. A run whose code is all this package's runs here, as it always has. A run
 * that calls plugin modules (a world or a policy from a file) runs on a worker thread that this thread
 * watches (sim/core/parallel/pool.ts): a synchronous loop in plugin code cannot be interrupted on its own
 * thread, but a watched worker inside one hook for longer than `--step-timeout` is stopped, and the run ends
 * with one line naming the hook. The results are the same wherever a run executes.
 */
import { stepTimeoutSeconds } from '../core/guard/deadline.js';
import { WorkerPool } from '../core/parallel/pool.js';
import type { Run } from './config.js';
import { runExperiment, type ExperimentResult } from './experiment.js';

/** Whether a run calls plugin code. */
export const callsPlugins = (config: Run): boolean => (config.modules?.length ?? 0) > 0;

/**
 * Run each configuration, in order (`onRun` after each); on a watched worker thread if any calls plugin code.
 * The first failure ends them all and is thrown.
 */
export async function runExperiments(
  configs: readonly Run[],
  onRun?: (done: number, total: number) => void,
): Promise<ExperimentResult[]> {
  if (!configs.some(callsPlugins)) {
    return configs.map((config, i) => {
      const result = runExperiment(config);
      onRun?.(i + 1, configs.length);
      return result;
    });
  }
  const pool = new WorkerPool<Run, ExperimentResult>(
    new URL('./runWorker.js', import.meta.url),
    1,
    () => {
      throw new Error('a watched run does not run on this thread');
    },
    { watch: { seconds: stepTimeoutSeconds() } },
  );
  const results = new Map<Run, ExperimentResult>();
  try {
    await pool.run(configs, (config, result) => {
      results.set(config, result);
      onRun?.(results.size, configs.length);
    });
  } finally {
    await pool.close();
  }
  return configs.map((config) => results.get(config)!);
}
