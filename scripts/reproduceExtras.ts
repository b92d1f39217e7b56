/**
 * What `hexa reproduce` writes or runs beside its table: the arms' skill histories as a database
 * (`--library-db`), and the calibration of the audit's decision on simulated publications (`--calibrate`).
 */
import { ARMS } from '../sim/reproduction/arms.js';
import { simulateGrid, type AuditResult } from '../sim/reproduction/audit.js';
import { THRESHOLD_PUBLICATIONS, thresholdSeed } from '../sim/reproduction/calibration/confidence.js';
import {
  simulationPool,
  type RunJob,
  type SimulationPool,
  type SimulationResult,
} from '../sim/reproduction/simulationJobs.js';
import {
  calibrate,
  CALIBRATION_BANKS,
  CALIBRATION_TRUTHS,
  truthOf,
  type Calibration,
} from '../sim/reproduction/calibration/calibrate.js';
import { bankOf, bankSeed, type Bank } from '../sim/reproduction/calibration/judge.js';
import type { FreshBankOrder } from '../sim/reproduction/calibration/bankBatch.js';
import { drawnPublications, simulatePublications } from '../sim/reproduction/calibration/publications.js';
import { RANK_DRAWS } from '../sim/reproduction/calibration/goals.js';
import { confidenceSet, type ConfidenceSet } from '../sim/reproduction/calibration/articleSet.js';
import type { PublishedDb } from '../reports/folders/folders.js';
import { makeParentFolders } from './output.js';
import type { ArmResult } from '../sim/reproduction/reproduction.js';

/** The arms' skill histories as a database at `path`, one cell an arm (labelled with its id). */
export async function writeArmsDb(
  path: string,
  seed: number,
  jobs: readonly RunJob[],
  runs: ReadonlyMap<string, SimulationResult>,
): Promise<PublishedDb> {
  const { SkillDbWriter } = await import('../reports/skillDb/writer.js');
  makeParentFolders(path);
  const arms = jobs.map((job, i) => ({ id: ARMS[i]!.id, config: job.config }));
  const writer = new SkillDbWriter(path, { command: 'reproduce', seed, config: { arms } });
  try {
    jobs.forEach((job, i) => {
      const cell = writer.addCell(job.config, ARMS[i]!.id);
      const result = runs.get(job.key)!;
      const histories = 'histories' in result ? (result.histories ?? []) : [];
      const rounds = replicatesOf(runs, job.key);
      writer.add(
        cell,
        histories.map((history) => ({ history, rounds: rounds[history.replicate]! })),
      );
    });
    return { path, sha256: writer.finish() };
  } catch (e) {
    writer.abandon();
    throw e;
  }
}

/**
 * Calibration: publications of each known reading through the audit's decision, in batches, the first judged on
 * the audit's own simulations, each other on a bank simulated afresh.
 */
export async function calibrateOn(
  audit: AuditResult,
  seed: number,
  pool: SimulationPool,
  count: number,
  onProgress: ((done: number, total: number, stage: 'calibration') => void) | undefined,
): Promise<Calibration> {
  const truths = CALIBRATION_TRUTHS.map(truthOf);
  const publications = await simulatePublications(truths, seed, count, pool);
  // A reduced calibration (`--publications` below the thresholds' count) reduces its thresholds and ranks too.
  const { simulations: fresh } = await simulateGrid(
    truths,
    thresholdSeed(seed),
    Math.min(THRESHOLD_PUBLICATIONS, count),
    pool,
  );
  // The banks after the audit's are simulated where their batches are judged (on threads of their own).
  const banks: [Bank, ...FreshBankOrder[]] = [bankOf(audit, seed)];
  for (let b = 1; b < CALIBRATION_BANKS; b++)
    banks.push({ grid: audit.simulations.grid, seed: bankSeed(seed, b), replicates: audit.replicates });
  const drawn = await drawnPublications(audit.simulations.grid, seed, Math.min(RANK_DRAWS, count), pool);
  // The reserves' further runs on worker threads as many as the pool's threads, while this one judges.
  const reservePool = simulationPool(pool.threads + 1);
  try {
    return await calibrate(banks, truths, publications, {
      seed,
      pool,
      reservePool,
      fresh,
      drawn,
      ...(onProgress ? { onProgress: (done: number, total: number) => onProgress(done, total, 'calibration') } : {}),
    });
  } finally {
    await reservePool.close();
  }
}

/** The article's 90 % confidence set on the audit's simulations (each reading near the best, its own publications). */
export async function confidenceOn(
  audit: AuditResult,
  seed: number,
  pool: SimulationPool,
  onProgress: ((done: number, total: number, stage: 'confidence') => void) | undefined,
): Promise<ConfidenceSet> {
  return await confidenceSet(audit, seed, pool, {
    ...(onProgress ? { onProgress: (done: number, total: number) => onProgress(done, total, 'confidence') } : {}),
  });
}

/** One run kept whole: its replicates (a figure job has none). */
export function replicatesOf(results: ReadonlyMap<string, SimulationResult>, key: string): ArmResult['replicates'] {
  const result = results.get(key)!;
  if (!('replicates' in result)) throw new Error(`reproduce: run ${key} came back without its replicates`);
  return result.replicates;
}
