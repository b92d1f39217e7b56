/**
 * Calibration's reserve of further runs (sim/reproduction/calibration/reserve.ts): it holds only what was asked
 * for before the round began, and what it hands out is, run for run, the reserve made anew for every value it is
 * kept going for — however many values were added since its first runs were simulated, and however much of it
 * was read before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDUCED_TRUTHS } from './reducedGrid.js';
import { freshBank, type Bank } from '../../../../sim/reproduction/calibration/judge.js';
import type { Publication } from '../../../../sim/reproduction/calibration/publications.js';
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
  bank = await freshBank(REDUCED_TRUTHS.slice(0, 1), 11, BANK, pool);
  job = bank.jobs.find((j) => j.arm === 'exploit')!;
}, 120_000);
afterAll(async () => {
  await pool.close();
});

describe('the reserve of further runs', () => {
  it('holds nothing until the round ends, then what was asked for, up to the cap', async () => {
    const reserve = new Reserve(bank.simulations, pool);
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

  it('hands out the runs made anew for all its values, however it came to hold them', async () => {
    const reserve = new Reserve(bank.simulations, pool);
    await read(reserve, 3, BANK);
    reserve.fill();
    const early = await read(reserve, 3, BANK);
    const kept = plain(early.runs);
    // Another value: the runs already made are passed again for it, and the reserve reads as if made for both.
    expect((await read(reserve, 2, BANK)).missing).toBe(true);
    expect(reserve.fill()).toBe(true);
    const both = await read(reserve, 2, 4 * BANK);
    expect(plain(both.runs)).toEqual(plain(await madeAnew([3, 2], 4 * BANK)));
    expect(plain((await read(reserve, 3, 4 * BANK)).runs)).toEqual(plain(both.runs));
    // What a publication read before stays as it read it.
    expect(plain(early.runs)).toEqual(kept);
    // The runs kept going for one value alone differ: the test compares something that could differ.
    expect(plain(await madeAnew([3], 4 * BANK))).not.toEqual(plain(both.runs));
  }, 120_000);
});
