/**
 * A bank's further runs (sim/reproduction/calibration/furtherRuns.ts) with the bank's jobs: a `--update merge`
 * simulation's runs are made with its `replace` twin's, so a publication reading the twin later finds them made;
 * and what either hands out is the runs each simulation gives made on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truthOf } from '../../../../sim/reproduction/calibration/calibrate.js';
import { countingPool, type CountingPool } from './countingPool.js';
import { FurtherRuns } from '../../../../sim/reproduction/calibration/furtherRuns.js';
import { freshBank, type Bank } from '../../../../sim/reproduction/calibration/judge.js';
import { simulationPool, type AuditJob, type SimulationPool } from '../../../../sim/reproduction/simulationJobs.js';

const BANK = 30;
let pool: SimulationPool;
/** A pool of one thread counting the jobs handed to it. */
let counted: CountingPool;
let counting: SimulationPool;
let bank: Bank;
let replace: AuditJob;
let merge: AuditJob;

/** Runs 0 … `to` − 1 after the bank's own of `job`, as a reserve reads them. */
const read = async (runs: FurtherRuns, job: AuditJob, to: number) =>
  new Map([...(await runs.read([{ job, from: 0, to, room: to }])).get(job.key)!].map(([id, v]) => [id, Array.from(v)]));

beforeAll(async () => {
  pool = simulationPool(1);
  counted = countingPool();
  counting = counted.pool;
  // Under --cadence task replace drops skills in many replicates, so the merge twin's runs are played again there.
  bank = await freshBank([truthOf({ cadence: 'task' }), truthOf({ cadence: 'task', update: 'merge' })], 5, BANK, pool);
  const exploit = bank.jobs.filter((j) => j.arm === 'exploit');
  replace = exploit.find((j) => j.hidden.update === 'replace')!;
  merge = exploit.find((j) => j.hidden.update === 'merge')!;
}, 120_000);
afterAll(async () => {
  await pool.close();
  await counting.close();
});

describe("a bank's further runs", () => {
  it('makes a merge simulation with its replace twin, each run what it is made alone', async () => {
    expect(replace.key).not.toBe(merge.key);
    const runs = new FurtherRuns(bank.simulations, counting, false, bank.jobs);
    const before = counted.handed();
    const merged = await read(runs, merge, 2 * BANK);
    expect(counted.handed()).toBeGreaterThan(before);
    const after = counted.handed();
    const replaced = await read(runs, replace, 2 * BANK);
    // The twin's runs were made with the merge simulation's: reading them simulates nothing.
    expect(counted.handed()).toBe(after);
    const alone = new FurtherRuns(bank.simulations, pool);
    expect(merged).toEqual(await read(alone, merge, 2 * BANK));
    expect(replaced).toEqual(await read(alone, replace, 2 * BANK));
    // The two differ (replace dropped skills in some runs): the comparisons could fail.
    expect(merged).not.toEqual(replaced);
  }, 120_000);

  it('makes a twin as far as the simulation read, and on from there with it', async () => {
    const runs = new FurtherRuns(bank.simulations, counting, false, bank.jobs);
    await read(runs, replace, BANK);
    const before = counted.handed();
    await read(runs, merge, BANK);
    expect(counted.handed()).toBe(before);
    const longer = await read(runs, merge, 3 * BANK);
    expect(counted.handed()).toBeGreaterThan(before);
    const after = counted.handed();
    expect(await read(runs, replace, 3 * BANK)).toEqual(
      await read(new FurtherRuns(bank.simulations, pool), replace, 3 * BANK),
    );
    expect(counted.handed()).toBe(after);
    expect(longer.get('exploit.firstSkillRound')?.length).toBe(3 * BANK);
  }, 120_000);
});
