/**
 * In-process benchmark figures, on one core, in CPU time (robust when other work shares the machine):
 *
 *   the bare loop   the least an attempt can cost: one 32-bit draw from the simulator's own generator, a
 *                   popcount score against the truth, a hit count — no task, no learning;
 *   the engine      attempts per second of the published 4-bit exploitation arm, task setup and evolution
 *                   included (the cost of a real run, per attempt), and its share of the bare loop, both
 *                   measured alternately in this process, best of a few rounds each;
 *   reference       the same arm played by the readable reference protocol (sim/experiment/reference/), the
 *                   same attempts as the engine's, written to be read rather than tuned;
 *   sizes           the cost of an attempt on 4-, 16-, 64- and 256-bit locks (the wider ones with a random
 *                   truth, so every task runs to the cap);
 *   collections     garbage collections during the engine's runs, per million attempts.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { AleaStream } from '../../sim/core/rng.js';
import { popcount32 } from '../../sim/core/bitCode.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../sim/experiment/config.js';
import type { EnvSpec } from '../../sim/core/world/env.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { runReplicate } from '../../sim/experiment/replicate.js';
import { referenceReplicate } from '../../sim/experiment/reference/protocol.js';

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * The bare loop's body, `count` times: the stream comes from outside (as a task's does), so the compiler
 * cannot keep the generator's state in registers, and the truth and width are not constants.
 */
function bareAttempts(stream: AleaStream, truth: number, width: number, bits: number, count: number): number {
  let hits = 0;
  for (let i = 0; i < count; i++) if (popcount32(~(stream.int32() ^ truth) & width) === bits) hits++;
  return hits;
}

/**
 * Run `batch` (which returns the attempts it made) until at least `seconds` of CPU have passed: attempts and seconds
 * used.
 */
function timedAttempts(seconds: number, batch: () => number): { attempts: number; used: number } {
  let attempts = 0;
  const start = cpuSeconds();
  let used = 0;
  while (used < seconds) {
    attempts += batch();
    used = cpuSeconds() - start;
  }
  return { attempts, used };
}

/**
 * Attempts per CPU second of the published 4-bit arm played by the reference protocol (sim/experiment/reference/),
 * timed for at least `seconds`.
 */
export function referenceLoop(seconds: number): number {
  let replicate = 0;
  const { attempts, used } = timedAttempts(seconds, () => {
    let n = 0;
    for (let i = 0; i < 100; i++) for (const m of referenceReplicate(PUBLISHED_RUN, replicate++)) n += m.attempts;
    return n;
  });
  return attempts / used;
}

/** Bare-loop attempts per CPU second, timed for at least `seconds`. */
export function bareLoop(seconds: number): number {
  const stream = new AleaStream(0.25, 0.5, 0.75);
  let hits = 0;
  const { attempts, used } = timedAttempts(seconds, () => {
    hits += bareAttempts(stream, 0b1101, 0b1111, 4, 1_000_000);
    return 1_000_000;
  });
  if (hits === 0) throw new Error('bare loop: no hit in a million 4-bit draws'); // keeps the work observable
  return attempts / used;
}

export interface EngineFigure {
  readonly bits: number;
  readonly attempts: number;
  /** Attempts per CPU second of this (single-threaded) process. */
  readonly attemptsPerCpuSec: number;
  readonly nsPerAttempt: number;
  /** Attempts per CPU second of the warm-up before the timing, the compiler's work included. */
  readonly warmUpAttemptsPerCpuSec: number;
}

/** A lock of `bits` bits under the published protocol; wider than 4 bits with a random truth and 2 rounds. */
export function benchConfig(bits: number): Run {
  return bits === 4
    ? PUBLISHED_RUN
    : normalizeRun({ ...PUBLISHED_RUN, envParams: { bits, truth: 'random' }, rounds: 2 });
}

/** The attempts of one whole replicate of `config`. */
export function replicateAttempts(config: Run, spec: EnvSpec, replicate: number): number {
  let n = 0;
  for (const round of runReplicate(config, spec, replicate)) n += round.attempts;
  return n;
}

/**
 * Attempts per CPU second of whole replicates of `config`, timed for at least `seconds` after a warm-up of
 * `warmUp` CPU-seconds (by default a tenth of the timing, at least 0.1 s), so the compiler has settled on this
 * configuration; the warm-up's own rate, the compiler's work included, is in the figure too.
 */
export function engine(config: Run, bits: number, seconds: number, warmUp = Math.max(0.1, seconds / 10)): EngineFigure {
  const spec = envSpecOf(config);
  let warmReplicate = 1_000_000;
  const warm = timedAttempts(warmUp, () => replicateAttempts(config, spec, warmReplicate++));
  let replicate = 0;
  const { attempts, used } = timedAttempts(seconds, () => {
    let n = 0;
    for (let i = 0; i < 20; i++) n += replicateAttempts(config, spec, replicate++);
    return n;
  });
  return {
    bits,
    attempts,
    attemptsPerCpuSec: attempts / used,
    nsPerAttempt: (1e9 * used) / attempts,
    warmUpAttemptsPerCpuSec: warm.attempts / warm.used,
  };
}

export interface EngineBench {
  /** Bare-loop attempts per CPU second (best round). */
  readonly bare: number;
  /** The published 4-bit arm (best round). */
  readonly lock4: EngineFigure;
  /** lock4 / bare, from the best round of each. */
  readonly share: number;
  /** The same arm played by the reference protocol (attempts per CPU second, best round). */
  readonly reference: number;
  /** 4, 16, 64 and 256 bits. */
  readonly sizes: readonly EngineFigure[];
  /** Cost of a 256-bit attempt against a 4-bit one. */
  readonly ratio256: number;
  /** Garbage collections during the 4-bit rounds, per million attempts. */
  readonly collectionsPerMillion: number;
}

/** The engine's figures: `rounds` alternating rounds of the bare loop and the 4-bit arm, then the sizes. */
export async function runEngineBench(seconds = 2, rounds = 3): Promise<EngineBench> {
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  let bare = 0;
  let reference = 0;
  let lock4: EngineFigure | undefined;
  let attempts = 0;
  bareLoop(Math.min(0.2, seconds)); // warm-up
  referenceLoop(Math.min(0.2, seconds));
  for (let i = 0; i < rounds; i++) {
    bare = Math.max(bare, bareLoop(seconds / 2));
    reference = Math.max(reference, referenceLoop(seconds / 2));
    observer.observe({ entryTypes: ['gc'] });
    const f = engine(benchConfig(4), 4, seconds);
    await new Promise((resolve) => setTimeout(resolve, 20)); // collections are reported from the event loop
    observer.disconnect();
    attempts += f.attempts;
    if (lock4 === undefined || f.attemptsPerCpuSec > lock4.attemptsPerCpuSec) lock4 = f;
  }
  const sizes = [lock4!, ...[16, 64, 256].map((bits) => engine(benchConfig(bits), bits, seconds))];
  return {
    bare,
    lock4: lock4!,
    share: lock4!.attemptsPerCpuSec / bare,
    reference,
    sizes,
    ratio256: sizes[3]!.nsPerAttempt / sizes[0]!.nsPerAttempt,
    collectionsPerMillion: (collections * 1e6) / attempts,
  };
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
  const { figureRows, figureValues, runArms, uniformGuessingValue } = await import(
    '../../sim/reproduction/reproduction.js'
  );
  const hidden = hiddenOf(PUBLISHED_AGENT);
  const timing = await timed(async () => {
    const arms = runArms(hidden, PUBLISHED_RUN.seed, replicates);
    figureRows(figureValues(arms), hidden, uniformGuessingValue());
    pairedDifferences(new Map(arms.map((a) => [a.arm.id, a.replicates])));
  });
  return { ...timing, replicates, arms: ARMS.length };
}

export interface AuditBench extends Timing {
  readonly replicates: number;
  readonly combinations: number;
  readonly workers: number;
}

/** The audit of every combination of the hidden choices, in this process. */
export async function benchAudit(replicates = 1000, workers?: number): Promise<AuditBench> {
  const { runAudit } = await import('../../sim/reproduction/audit.js');
  const { defaultWorkers } = await import('../../sim/core/parallel/cores.js');
  const used = workers ?? defaultWorkers();
  let combinations = 0;
  const timing = await timed(async () => {
    combinations = (await runAudit(PUBLISHED_RUN.seed, replicates, { workers: used })).length;
  });
  return { ...timing, replicates, combinations, workers: used };
}
