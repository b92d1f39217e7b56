/**
 * A simulation pool of one thread that counts the jobs handed to it, for the tests of calibration's further runs
 * (reserve.test.ts, furtherRuns.test.ts): a read that simulates nothing hands it none.
 */
import { simulationPool, type SimulationPool } from '../../../../sim/reproduction/simulationJobs.js';

export interface CountingPool {
  readonly pool: SimulationPool;
  /** Jobs handed to the pool so far. */
  handed(): number;
}

export function countingPool(): CountingPool {
  const pool = simulationPool(1);
  let handed = 0;
  const run = pool.run.bind(pool);
  pool.run = (jobs, ...rest) => {
    const list = [...jobs];
    handed += list.length;
    return run(list, ...rest);
  };
  return { pool, handed: () => handed };
}
