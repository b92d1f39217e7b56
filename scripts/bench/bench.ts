/**
 * Throughput benchmark: attempts per second with learning on, single-threaded, on the published 4-bit
 * exploitation arm and on a 256-bit lock (where every task runs to the cap). Task setup (deriving the
 * task's streams) and evolution are included: this is the cost of a real run, per attempt.
 */
import { PUBLISHED_RUN, type RunConfig } from '../../sim/experiment/config.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { runReplicate } from '../../sim/experiment/replicate.js';

export interface BenchFigure {
  /** Attempts per wall-clock second. */
  readonly attemptsPerSec: number;
  /** Attempts per CPU second of this (single-threaded) process: robust when other work shares the cores. */
  readonly attemptsPerCpuSec: number;
  readonly attempts: number;
  readonly seconds: number;
  /** Nanoseconds per attempt per position: flat when cost grows linearly with code length. */
  readonly nsPerAttemptPerPosition: number;
}

export interface BenchResult {
  readonly lock4: BenchFigure;
  readonly lock256: BenchFigure;
}

export function measure(config: RunConfig, positions: number, minSeconds: number): BenchFigure {
  const spec = envSpecOf(config);
  // Warm-up so the JIT has settled before timing.
  for (let r = 0; r < 50; r++) runReplicate(config, spec, 1_000_000 + r);
  let attempts = 0;
  let replicate = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minSeconds) {
    for (let i = 0; i < 20; i++) {
      for (const round of runReplicate(config, spec, replicate++)) attempts += round.attempts;
    }
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const attemptsPerSec = attempts / elapsed;
  return {
    attemptsPerSec,
    attemptsPerCpuSec: attempts / cpuSeconds,
    attempts,
    seconds: elapsed,
    nsPerAttemptPerPosition: 1e9 / attemptsPerSec / positions,
  };
}

export function runBench(minSeconds = 2): BenchResult {
  const lock4: RunConfig = { ...PUBLISHED_RUN };
  const lock256: RunConfig = { ...PUBLISHED_RUN, envParams: { bits: 256, truth: 'random' }, rounds: 2 };
  return { lock4: measure(lock4, 4, minSeconds), lock256: measure(lock256, 256, minSeconds) };
}

/** Wall-clock and CPU time of one piece of work (CPU over the whole process, worker threads included). */
export interface Timing {
  readonly seconds: number;
  readonly cpuSeconds: number;
}

async function timed(work: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await work();
  const used = process.cpuUsage(cpu);
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpuSeconds: (used.user + used.system) / 1e6 };
}

export interface ReproduceBench extends Timing {
  readonly replicates: number;
  readonly arms: number;
}

/** The default reproduction's computation: every arm, every figure row with its exact value, paired differences. */
export async function benchReproduce(replicates = 1000): Promise<ReproduceBench> {
  const { ARMS, hiddenOf } = await import('../../sim/reproduction/arms.js');
  const { PUBLISHED_AGENT } = await import('../../sim/agent/agentConfig.js');
  const { pairedDifferences } = await import('../../sim/reproduction/paired.js');
  const { figureRows, figureValues, runArms, uniformGuessingValue } = await import('../../sim/reproduction/reproduction.js');
  const hidden = hiddenOf(PUBLISHED_AGENT);
  const timing = await timed(async () => {
    const arms = runArms(hidden, PUBLISHED_RUN.seed, replicates);
    figureRows(figureValues(arms), hidden, await uniformGuessingValue());
    pairedDifferences(new Map(arms.map((a) => [a.arm.id, a.replicates])));
  });
  return { ...timing, replicates, arms: ARMS.length };
}

export interface AuditBench extends Timing {
  readonly replicates: number;
  readonly combinations: number;
  readonly workers: number;
}

/** The audit of every combination of the hidden choices. */
export async function benchAudit(replicates = 1000, workers?: number): Promise<AuditBench> {
  const { runAudit } = await import('../../sim/reproduction/audit.js');
  const { defaultWorkers } = await import('../../sim/reproduction/workerPool.js');
  const used = workers ?? defaultWorkers();
  let combinations = 0;
  const timing = await timed(async () => {
    combinations = (await runAudit(PUBLISHED_RUN.seed, replicates, { workers: used })).length;
  });
  return { ...timing, replicates, combinations, workers: used };
}
