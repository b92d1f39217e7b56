/**
 * Simulated publications for calibration: under a known reading (the truth), one fresh run of every arm on
 * its own random numbers, reported as the article reported its own — each figure rounded to the precision
 * the article printed, so a publication's windows are what the audit would read from it. "At least 3
 * skills" is a claim, not a count: a publication makes it (≥ 3) or its opposite (< 3).
 */
import { sha256Seed48 } from '../../core/digest/sha256.js';
import { below, ReplicateKey } from '../../core/rng.js';
import { ARMS, type ArmId, type HiddenChoices } from '../arms.js';
import { figuresOf, type Figure, type FigureId } from '../figures.js';
import type { ArmTargets } from '../likelihood/classes/armClass.js';
import type { Target } from '../likelihood/marginal.js';
import { unpairedSeed } from '../likelihood/unpaired.js';
import { runFigureJobs, type AuditJob, type SimulationPool } from '../simulationJobs.js';

/** One simulated publication: each arm's windows. */
export type Publication = ReadonlyMap<ArmId, ArmTargets>;

/** The seed calibration draws publications from, apart from the audit's own (below 2^48). */
export function publicationSeed(seed: number): number {
  return sha256Seed48(`hexa-sim/v1/calibration/seed=${seed}`);
}

/** The jobs simulating `count` publications of a truth: one per arm, each arm on its own seed. */
export function publicationJobs(truth: HiddenChoices, index: number, seed: number, count: number): AuditJob[] {
  const s = publicationSeed(seed);
  return ARMS.map((arm) => ({
    kind: 'figures',
    key: `publication:${index}:${arm.id}`,
    arm: arm.id,
    hidden: truth,
    seed: unpairedSeed(s, arm.id),
    replicates: count,
  }));
}

/** The window a run's value is reported in. */
export function reportedTarget(f: Figure, x: number): Target {
  if (f.claim === 'atLeast')
    return x >= f.published
      ? { lo: f.published, hi: Infinity, point: x }
      : { lo: -Infinity, hi: f.published, point: x };
  const scale = 10 ** f.printed;
  const printed = Math.round(x * scale) / scale;
  const half = 0.5 / scale;
  return { lo: printed - half, hi: printed + half, point: printed };
}

/** Publication i from the arms' runs (`values`: each arm's figures, `count` runs each). */
export function publicationOf(values: ReadonlyMap<ArmId, ReadonlyMap<FigureId, Float64Array>>, i: number): Publication {
  return new Map(
    ARMS.map((arm) => {
      const v = values.get(arm.id)!;
      return [arm.id, new Map(figuresOf(arm.id).map((f) => [f.id, reportedTarget(f, v.get(f.id)![i]!)]))] as const;
    }),
  );
}

/** Simulate `count` publications of each truth on the pool: per truth, each arm's figures by id. */
export async function simulatePublications(
  truths: readonly HiddenChoices[],
  seed: number,
  count: number,
  pool: SimulationPool,
): Promise<Map<ArmId, Map<FigureId, Float64Array>>[]> {
  const jobs = truths.map((truth, t) => publicationJobs(truth, t, seed, count));
  const { values: results } = await runFigureJobs(pool, jobs.flat());
  return jobs.map(
    (armJobs) =>
      new Map(armJobs.map((j) => [j.arm, new Map(results.get(j.key)!.values as [FigureId, Float64Array][])])),
  );
}

/**
 * `count` truths drawn uniformly from `grid` (the uniform prior), one publication each: a truth drawn k times
 * gets k publications, each on its own runs. On a seed of its own, apart from calibration's other publications.
 */
export async function drawnPublications(
  grid: readonly HiddenChoices[],
  seed: number,
  count: number,
  pool: SimulationPool,
): Promise<{ readonly truth: HiddenChoices; readonly publication: Publication }[]> {
  const stream = new ReplicateKey(publicationSeed(seed), 0).stream('bootstrap', -4);
  const drawn = Array.from({ length: count }, () => below(stream, grid.length));
  const counts = new Map<number, number>();
  for (const i of drawn) counts.set(i, (counts.get(i) ?? 0) + 1);
  const unique = [...counts.keys()];
  const jobs = unique.map((i, t) => publicationJobs(grid[i]!, t, seed + 1, counts.get(i)!));
  const { values } = await runFigureJobs(pool, jobs.flat());
  const runs = new Map(
    unique.map((i, t) => [
      i,
      new Map(jobs[t]!.map((j) => [j.arm, new Map(values.get(j.key)!.values as [FigureId, Float64Array][])])),
    ]),
  );
  const used = new Map<number, number>();
  return drawn.map((i) => {
    const k = used.get(i) ?? 0;
    used.set(i, k + 1);
    return { truth: grid[i]!, publication: publicationOf(runs.get(i)!, k) };
  });
}
