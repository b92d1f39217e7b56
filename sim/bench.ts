/**
 * Throughput benchmark: attempts per second with learning on, single-threaded, on the published 4-bit
 * exploitation arm and on a 256-bit lock (where every task runs to the cap). Task setup (deriving the
 * task's streams) and evolution are included: this is the cost of a real run, per attempt.
 */
import { PUBLISHED_RUN, type RunConfig } from './config.js';
import { envSpecOf } from './experiment.js';
import { runReplicate } from './replicate.js';

export interface BenchFigure {
  readonly attemptsPerSec: number;
  readonly attempts: number;
  readonly seconds: number;
  /** Nanoseconds per attempt per position: flat when cost grows linearly with code length. */
  readonly nsPerAttemptPerPosition: number;
}

export interface BenchResult {
  readonly lock4: BenchFigure;
  readonly lock256: BenchFigure;
}

function measure(config: RunConfig, positions: number, minSeconds: number): BenchFigure {
  const spec = envSpecOf(config);
  // Warm-up so the JIT has settled before timing.
  for (let r = 0; r < 50; r++) runReplicate(config, spec, 1_000_000 + r);
  let attempts = 0;
  let replicate = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minSeconds) {
    for (let i = 0; i < 20; i++) {
      for (const round of runReplicate(config, spec, replicate++)) attempts += round.attempts;
    }
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const attemptsPerSec = attempts / elapsed;
  return { attemptsPerSec, attempts, seconds: elapsed, nsPerAttemptPerPosition: 1e9 / attemptsPerSec / positions };
}

export function runBench(minSeconds = 2): BenchResult {
  const lock4: RunConfig = { ...PUBLISHED_RUN };
  const lock256: RunConfig = { ...PUBLISHED_RUN, envParams: { bits: 256, truth: 'random' }, rounds: 2 };
  return { lock4: measure(lock4, 4, minSeconds), lock256: measure(lock256, 256, minSeconds) };
}
