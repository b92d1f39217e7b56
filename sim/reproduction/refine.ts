/**
 * The likelihood's estimates of the audit's simulations, and the refinement: more runs for the readings that
 * could compete but that too few runs reproduce to estimate. A reading's simulation key names the job that
 * makes it, and for an arm that reads the test accounting, the accounting's variant of that job's figures.
 */
import { ARMS, type ArmId } from './arms.js';
import {
  runFigureJobs,
  type AuditJob,
  type RunJobResult,
  type SimulationFigure,
  type SimulationPool,
} from './simulationJobs.js';
import { TEST_FIGURES, type FigureId } from './figures.js';
import type { FigureValues } from './pattern.js';
import {
  closedFormArm,
  estimateArm,
  MIN_CLASS_RUNS,
  publishedTargets,
  type ArmEstimate,
  type ArmTargets,
} from './likelihood/armEstimate.js';
import { pooledBandwidths } from './likelihood/bandwidths.js';
import { randomControlProbability } from './likelihood/randomControl.js';
import { readingLikelihood, type ReadingLikelihood } from './likelihood/reading.js';
import { competitors } from './decision.js';
import type { Simulations } from './checks/sameRuns.js';
import { provablyImpossible } from './checks/impossible.js';

/** A reading's simulation key split into the job that makes it and the accounting variant it takes (or null). */
export function splitKey(key: string): { job: string; variant: string | null } {
  const at = key.lastIndexOf('@');
  return at < 0 ? { job: key, variant: null } : { job: key.slice(0, at), variant: key.slice(at + 1) };
}

/** One variant of a job's figures: its arm's figures, the test figures those of the variant's accounting. */
export function variantOf(
  results: ReadonlyMap<SimulationFigure, Float64Array>,
  variant: string | null,
): Map<FigureId, Float64Array> {
  const values = new Map<FigureId, Float64Array>();
  for (const [id, v] of results) if (!id.includes('@')) values.set(id as FigureId, v);
  if (variant !== null)
    for (const id of TEST_FIGURES) values.set(id, results.get(`${id}@${variant}` as SimulationFigure)!);
  return values;
}

/** Figure jobs (and runs kept whole) on the pool; each job's figures by its key. */
export async function figuresOn(
  pool: SimulationPool,
  jobs: readonly AuditJob[],
  options: Pick<Parameters<typeof runFigureJobs>[2] & object, 'onProgress' | 'alongside' | 'onRuns'> = {},
): Promise<{ values: Map<string, Map<SimulationFigure, Float64Array>>; runs: Map<string, RunJobResult> }> {
  const { values, runs } = await runFigureJobs(pool, jobs, options);
  return { values: new Map([...values].map(([key, r]) => [key, new Map(r.values)])), runs };
}

/** Longest the refinement may make a simulation, in multiples of the audit's replicates. */
export const MAX_REFINEMENT = 8;

/**
 * Whether more runs, up to `cap`, could settle an arm that keeps a reading in contention (`excess` nats above
 * the exclusion line): a class too small to estimate only if it would reach MIN_CLASS_RUNS at the cap; a
 * class no run reproduces only if its bound, falling with the runs, could clear the line; a continuous
 * figure no class run reproduces always (more runs may reproduce it).
 */
function worthRefining(e: ArmEstimate, excess: number, cap: number): boolean {
  if (e.n >= cap) return false;
  if (e.status === 'tooFew') return (e.hits * cap) / e.n >= MIN_CLASS_RUNS;
  if (e.hits === 0) return excess < Math.log(cap / e.n);
  return true;
}

/**
 * More runs for the readings that could not be estimated but could compete (see `competitors`): each of
 * their arms that is not estimated gets as many runs again, doubling until the reading is estimable or out
 * of contention, or its simulation reaches MAX_REFINEMENT times the audit's replicates. The new runs stop
 * as soon as they cannot reproduce a figure they settle early (`AuditJob.rejectEarly`), so they only serve
 * the likelihood: the readings' other scores keep the audit's runs. Returns the likelihood's runs by key
 * (the audit's runs, with the new ones after them) for the simulations it extended.
 */
export async function refine(
  sims: Simulations,
  jobs: readonly AuditJob[],
  bandwidths: ReadonlyMap<FigureId, number>,
  pool: SimulationPool,
  onProgress?: (done: number, total: number) => void,
): Promise<Map<string, FigureValues>> {
  const extended = new Map<string, Map<FigureId, Float64Array>>();
  const byKey = new Map(jobs.map((j) => [j.key, j]));
  const jobOf = new Map<string, AuditJob>();
  for (const row of sims.keys) for (const key of row) jobOf.set(key, byKey.get(splitKey(key).job)!);
  // Only the simulations just extended change their estimates from one round to the next.
  const estimates = estimateSimulations(sims, bandwidths);
  for (;;) {
    const readings = readingsOf(sims, estimates);
    const wanted = new Set<string>();
    for (const c of competitors(sims.grid, readings))
      for (const t of readings[c.index]!.arms)
        if (
          t.estimate.byScale.length === 0 &&
          worthRefining(t.estimate, c.excess, MAX_REFINEMENT * jobOf.get(t.key)!.replicates)
        )
          wanted.add(t.key);
    if (wanted.size === 0) return extended;
    // One job per simulation to extend (every accounting's variant of it comes from the same runs).
    const more = new Map<string, AuditJob>();
    const pieceOf = (key: string): string => `${jobOf.get(key)!.key}#${estimates.get(key)!.n}`;
    for (const key of wanted) {
      const job = jobOf.get(key)!;
      const have = estimates.get(key)!.n;
      more.set(pieceOf(key), {
        ...job,
        key: pieceOf(key),
        first: have,
        replicates: Math.min(have, MAX_REFINEMENT * job.replicates - have),
        rejectEarly: true,
      });
    }
    const { values } = await figuresOn(pool, [...more.values()], { onProgress });
    for (const key of wanted) {
      const before = extended.get(key) ?? sims.values.get(key)!;
      const added = variantOf(values.get(pieceOf(key))!, splitKey(key).variant);
      extended.set(
        key,
        new Map(
          [...before].map(([id, v]) => {
            const joined = new Float64Array(v.length + added.get(id)!.length);
            joined.set(v);
            joined.set(added.get(id)!, v.length);
            return [id, joined];
          }),
        ),
      );
    }
    for (const [key, estimate] of estimateSimulations(sims, bandwidths, extended, wanted)) estimates.set(key, estimate);
  }
}

/**
 * The arms' estimates of every simulation (or of those in `only`), at the article's windows, on the given bandwidths
 * (`extended`: more runs for some).
 */
export function estimateSimulations(
  sims: Simulations,
  bandwidths: ReadonlyMap<FigureId, number>,
  extended: ReadonlyMap<string, FigureValues> = new Map(),
  only?: ReadonlySet<string>,
): Map<string, ArmEstimate> {
  const control = closedFormArm('random', randomControlProbability());
  const armOf = new Map<string, ArmId>();
  for (const keys of sims.keys) keys.forEach((k, a) => armOf.set(k, ARMS[a]!.id));
  const out = new Map<string, ArmEstimate>();
  for (const [key, base] of sims.values) {
    if (only !== undefined && !only.has(key)) continue;
    const arm = armOf.get(key)!;
    const values = extended.get(key) ?? base;
    out.set(key, arm === 'random' ? control : estimateArm(arm, values, publishedTargets(arm), bandwidths));
  }
  return out;
}

/**
 * Each reading's likelihood from its arms' estimates, with what makes it provably impossible, if anything
 * (`targets`: each arm's windows, by default the article's).
 */
export function readingsOf(
  sims: Simulations,
  estimates: ReadonlyMap<string, ArmEstimate>,
  targets: (arm: ArmId) => ArmTargets = publishedTargets,
): ReadingLikelihood[] {
  return sims.keys.map((keys, i) => {
    const arms = keys.map((key) => ({ key, estimate: estimates.get(key)! }));
    const impossible = arms
      .filter((t) => t.estimate.status === 'zero')
      .map((t) => ({
        arm: t.estimate.arm,
        rule: provablyImpossible(t.estimate.arm, sims.grid[i]!, targets(t.estimate.arm)),
      }))
      .find((x) => x.rule !== null && x.arm !== undefined);
    return readingLikelihood(
      arms,
      impossible === undefined ? null : `${impossible.rule!.figure}: ${impossible.rule!.reason}`,
    );
  });
}

/** The bandwidths of a set of simulations (their classes at the article's discrete figures). */
export function simulationBandwidths(sims: Simulations): Map<FigureId, number> {
  const armOf = new Map<string, ArmId>();
  for (const keys of sims.keys) keys.forEach((k, a) => armOf.set(k, ARMS[a]!.id));
  return pooledBandwidths([...sims.values].map(([key, values]) => ({ arm: armOf.get(key)!, values })));
}
