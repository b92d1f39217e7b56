/**
 * Calibration's reserve of further runs (sim/reproduction/calibration/reserve.ts): it holds only what was asked
 * for before the round began; what it hands out are the bank job's runs played whole, each simulated once however
 * many values it is read for; and for each value, the runs that reproduce it are the runs kept going for it alone,
 * figure for figure — what makes a reserve played whole read as one stopped early would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingPool, type CountingPool } from './countingPool.js';
import { REDUCED_TRUTHS } from './reducedGrid.js';
import { freshBank, type Bank } from '../../../../sim/reproduction/calibration/judge.js';
import type { Publication } from '../../../../sim/reproduction/calibration/publications.js';
import { FurtherRuns } from '../../../../sim/reproduction/calibration/furtherRuns.js';
import { Reserve } from '../../../../sim/reproduction/calibration/reserve.js';
import { figuresOf, type FigureId } from '../../../../sim/reproduction/figures.js';
import {
  runFigureJobs,
  simulationPool,
  type AuditJob,
  type SimulationPool,
} from '../../../../sim/reproduction/simulationJobs.js';

const BANK = 40;
let pool: SimulationPool;
/** A pool of one thread counting the jobs handed to it. */
let counted: CountingPool;
let counting: SimulationPool;
let bank: Bank;
let job: AuditJob;
const settled = figuresOf('exploit').find((f) => f.possible !== undefined)!.id;

/** A publication that reads the exploitation arm's settled figure as `value` (all the reserve looks at). */
const publication = (value: number): Publication =>
  new Map([['exploit', new Map([[settled, { lo: value, hi: value + 1, point: value }]])]]);

/** Runs `first` … of the job simulated anew, each kept going while it can give one of `values`. */
async function madeAnew(values: readonly number[], count: number): Promise<Map<string, Float64Array>> {
  const anew: AuditJob = {
    ...job,
    key: `${job.key}#anew`,
    first: BANK,
    replicates: count,
    rejectEarly: true,
    settledAt: { [settled]: [...values] } as Partial<Record<FigureId, number[]>>,
  };
  const { values: out } = await runFigureJobs(pool, [anew]);
  return new Map(out.get(anew.key)!.values);
}

/** Runs `first` … of the job simulated anew, played whole. */
async function madeWhole(count: number): Promise<Map<string, Float64Array>> {
  const whole: AuditJob = { ...job, key: `${job.key}#whole`, first: BANK, replicates: count };
  const { values: out } = await runFigureJobs(pool, [whole]);
  return new Map(out.get(whole.key)!.values);
}

/** What one publication reads of the reserve: `count` runs after the bank's own, or what it lacks. */
async function read(reserve: Reserve, value: number, count: number, cap = 8 * BANK) {
  let missing = false;
  const got = await reserve.source(publication(value), () => {
    missing = true;
  })([{ job, first: BANK, count, cap }]);
  return { missing, runs: got.get(job.key) };
}

const plain = (runs: ReadonlyMap<string, Float64Array> | undefined) =>
  new Map([...(runs ?? [])].map(([id, v]) => [id, Array.from(v)]));

beforeAll(async () => {
  pool = simulationPool(1);
  // A pool of its own, counting the jobs a reserve hands it.
  counted = countingPool();
  counting = counted.pool;
  bank = await freshBank(REDUCED_TRUTHS.slice(0, 1), 11, BANK, pool);
  job = bank.jobs.find((j) => j.arm === 'exploit')!;
}, 120_000);
afterAll(async () => {
  await pool.close();
  await counting.close();
});

describe('the reserve of further runs', () => {
  it('holds nothing until the round ends, then what was asked for, up to the cap', async () => {
    const reserve = new Reserve(new FurtherRuns(bank.simulations, pool));
    const first = await read(reserve, 3, BANK);
    expect(first.missing).toBe(true);
    expect(first.runs).toBeUndefined();
    expect(reserve.fill()).toBe(true);
    const after = await read(reserve, 3, 2 * BANK);
    expect(after.missing).toBe(false);
    expect(after.runs?.get(settled)?.length).toBe(2 * BANK);
    // Asked for nothing it lacked: the next round adds nothing.
    expect(reserve.fill()).toBe(false);
  }, 120_000);

  it('hands out the runs played whole, each simulated once, whatever values read them', async () => {
    const reserve = new Reserve(new FurtherRuns(bank.simulations, counting));
    await read(reserve, 3, BANK);
    reserve.fill();
    const early = await read(reserve, 3, BANK);
    const kept = plain(early.runs);
    const before = counted.handed();
    // Another value: held for it from the next round on, from the runs already made.
    expect((await read(reserve, 2, BANK)).missing).toBe(true);
    expect(reserve.fill()).toBe(true);
    expect(plain((await read(reserve, 2, BANK)).runs)).toEqual(kept);
    expect(counted.handed()).toBe(before);
    const both = await read(reserve, 2, 4 * BANK);
    expect(plain(both.runs)).toEqual(plain(await madeWhole(4 * BANK)));
    expect(plain((await read(reserve, 3, 4 * BANK)).runs)).toEqual(plain(both.runs));
    // What a publication read before stays as it read it.
    expect(plain(early.runs)).toEqual(kept);
  }, 120_000);

  it('simulates a run once for every reserve that reads the same further runs', async () => {
    const runs = new FurtherRuns(bank.simulations, counting);
    const one = new Reserve(runs);
    const other = new Reserve(runs);
    for (const reserve of [one, other]) {
      await read(reserve, 3, 2 * BANK);
      reserve.fill();
    }
    const first = await read(one, 3, 2 * BANK);
    const before = counted.handed();
    expect(plain((await read(other, 3, 2 * BANK)).runs)).toEqual(plain(first.runs));
    expect(counted.handed()).toBe(before);
  }, 120_000);

  it('reads, for each value, the runs kept going for it alone where they reproduce it', async () => {
    const whole = plain(await madeWhole(4 * BANK));
    const ids = [...whole.keys()];
    for (const value of [2, 3]) {
      const alone = plain(await madeAnew([value], 4 * BANK));
      const reproducing = (runs: Map<string, number[]>) =>
        runs.get(settled)!.flatMap((x, r) => (x === value ? [r] : []));
      const runs = reproducing(whole);
      // Some runs reproduce the value and some do not: the comparison could fail.
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.length).toBeLessThan(4 * BANK);
      expect(reproducing(alone)).toEqual(runs);
      for (const r of runs) expect(ids.map((id) => alone.get(id)![r])).toEqual(ids.map((id) => whole.get(id)![r]));
      // The runs that do not reproduce it were stopped there: the other values' runs differ.
      expect(alone).not.toEqual(whole);
    }
  }, 120_000);
});
