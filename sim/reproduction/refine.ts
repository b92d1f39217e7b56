/**
 * The likelihood's estimates of the audit's simulations, and the refinement: more runs for the readings that
 * could compete but that too few runs reproduce to estimate (simulation keys: sim/reproduction/runs/keys.ts).
 */
import { ARMS, HIDDEN_CHOICES, type ArmId, type HiddenChoices, type HiddenKey } from './arms.js';
import type { AuditJob, SimulationFigure, SimulationPool } from './simulationJobs.js';
import { figuresOf, type FigureId } from './figures.js';
import type { FigureValues } from './pattern.js';
import { closedFormArm, ESS_FLOOR, estimateArm, MAIN_SCALE, type ArmEstimate } from './likelihood/armEstimate.js';
import { publishedTargets, type ArmTargets } from './likelihood/classes/armClass.js';
import { MIN_CLASS_RUNS } from './likelihood/classes/classFit.js';
import { pooledBandwidths } from './likelihood/bandwidths.js';
import { randomControlProbability } from './likelihood/randomControl.js';
import { readingLikelihood, type ReadingLikelihood } from './likelihood/reading.js';
import { competitors, IDENTIFIED, MARGIN } from './decision.js';
import { posteriors } from './likelihood/posterior.js';
import type { Simulations } from './checks/sameRuns.js';
import { provablyImpossible } from './checks/impossible.js';
import { joinedRuns } from './runs/joins.js';
import { figuresOn, splitKey, variantOf } from './runs/keys.js';

/** Longest the refinement may make a simulation, in multiples of the audit's replicates. */
export const MAX_REFINEMENT = 8;
/**
 * How far the leading readings may be refined to bring them to the floor of ESS_FLOOR effective runs: up to
 * FLOOR_REFINEMENT times the audit's replicates, but no further than FLOOR_RUNS (or MAX_REFINEMENT times, if
 * more). The leaders' exploitation arm, whose published tests lie in its tail, has few effective runs at the
 * smallest bandwidth, and how few varies widely with the seed (docs/reproduction.md, "No claim rests on one run").
 */
export const FLOOR_REFINEMENT = 160;
export const FLOOR_RUNS = 160_000;

/** The most runs the floor's refinement may give a simulation of `replicates`. */
export const floorCap = (replicates: number): number =>
  Math.max(MAX_REFINEMENT * replicates, Math.min(FLOOR_REFINEMENT * replicates, FLOOR_RUNS));

/**
 * Whether more runs, up to `cap`, could settle an arm that keeps a reading in contention (`excess` nats above
 * the exclusion line; omitted for a leading reading): a class too small to estimate only if it would reach
 * MIN_CLASS_RUNS at the cap; a sparse one only if its effective runs, growing with the runs, would reach
 * ESS_FLOOR; a class no run reproduces only if its bound, falling with the runs, could clear the line; a
 * continuous figure no class run reproduces always (more runs may reproduce it).
 */
function worthRefining(e: ArmEstimate, cap: number, excess = Infinity): boolean {
  if (e.n >= cap) return false;
  if (e.status === 'tooFew') return (e.hits * cap) / e.n >= MIN_CLASS_RUNS;
  if (e.status === 'sparse') return (e.ess * cap) / e.n >= ESS_FLOOR;
  if (e.hits === 0) return excess < Math.log(cap / e.n);
  return true;
}

/**
 * A reading's log-likelihood with its sparse arms at their noise-dominated estimates and, if `optimistic`, its
 * arms with too few runs at their discrete share alone (NaN when an arm has neither): what orders the readings
 * whose estimates need more runs, before any is estimable — never a reading's standing.
 */
function provisionalLog(r: ReadingLikelihood, optimistic: boolean): number {
  return r.arms.reduce((s, { estimate: e }) => {
    if (e.byScale.length > 0) return s + e.byScale[MAIN_SCALE]!.log;
    if (e.status === 'sparse' && e.provisional !== undefined) return s + e.provisional;
    return s + (optimistic && e.status === 'tooFew' ? e.discreteLog : NaN);
  }, 0);
}

/**
 * The choices the estimable readings alone would pin down, each with its leading value: its posterior share at the
 * main bandwidth (uniform prior) at least IDENTIFIED. What a competitor must be refined for (see `refineEstimates`).
 */
function leadingValues(grid: readonly HiddenChoices[], readings: readonly ReadingLikelihood[]): Map<HiddenKey, string> {
  const out = new Map<HiddenKey, string>();
  if (!readings.some((r) => r.estimable)) return out;
  const post = posteriors(readings.map((r) => (r.estimable ? r.byScale[MAIN_SCALE]!.log : NaN)));
  for (const c of HIDDEN_CHOICES) {
    const shares = new Map<string, number>();
    post.forEach((p, i) => {
      if (p > 0) shares.set(grid[i]![c.key], (shares.get(grid[i]![c.key]) ?? 0) + p);
    });
    for (const [value, share] of shares) if (share >= IDENTIFIED) out.set(c.key, value);
  }
  return out;
}

/**
 * The leading readings whose arms need runs to be estimated at all: within MARGIN of the best by their
 * provisional log-likelihoods, those with a sparse arm; and while no reading has an estimate, even a sparse
 * one, those with an arm whose class is too small, ranked by their discrete shares.
 */
function leading(readings: readonly ReadingLikelihood[]): number[] {
  for (const optimistic of [false, true]) {
    const logs = readings.map((r) => provisionalLog(r, optimistic));
    const top = Math.max(-Infinity, ...logs.filter(Number.isFinite));
    if (top === -Infinity) continue;
    return readings.flatMap((r, i) =>
      logs[i]! >= top - MARGIN && r.arms.some((t) => t.estimate.status === (optimistic ? 'tooFew' : 'sparse'))
        ? [i]
        : [],
    );
  }
  return [];
}

/**
 * Whether an arm's runs can stop as soon as they cannot give its publication (`Figure.possible`: its first round
 * with skills, or whether a skill was ever extracted). Only such arms are refined: more runs of the others would
 * cost whole runs, eight times the bank's, and they stay bounded instead.
 */
export const stopsEarly = (arm: ArmId): boolean => figuresOf(arm).some((f) => f.possible !== undefined);

/** Each simulation key's job, and each job's keys (its accountings' variants); made once per bank. */
const indexes = new WeakMap<
  Simulations,
  { byKey: Map<string, AuditJob>; jobOf: Map<string, AuditJob>; keysOf: Map<string, string[]> }
>();
function jobIndex(sims: Simulations, jobs: readonly AuditJob[]) {
  let index = indexes.get(sims);
  if (index === undefined || index.byKey.size !== jobs.length) {
    const byKey = new Map(jobs.map((j) => [j.key, j]));
    const jobOf = new Map<string, AuditJob>();
    const keysOf = new Map<string, string[]>();
    for (const row of sims.keys)
      for (const key of row) {
        const job = byKey.get(splitKey(key).job)!;
        if (!jobOf.has(key)) keysOf.set(job.key, [...(keysOf.get(job.key) ?? []), key]);
        jobOf.set(key, job);
      }
    indexes.set(sims, (index = { byKey, jobOf, keysOf }));
  }
  return index;
}

/**
 * Where refinement's runs come from: runs `first` … of a job, up to `count` of them (fewer when it has no more),
 * by job key; `cap` is as far as the refinement may take that job.
 */
export type RunSource = (
  requests: readonly {
    readonly job: AuditJob;
    readonly first: number;
    readonly count: number;
    readonly cap: number;
  }[],
) => Promise<ReadonlyMap<string, ReadonlyMap<SimulationFigure, Float64Array>>>;

/** A simulation's arm's estimate from its runs (the article's windows, or a publication's). */
export type Estimator = (key: string, values: FigureValues) => ArmEstimate;

/**
 * More runs where a publication's figures need them, in two kinds, doubling a simulation's runs each round:
 *
 *  - the leading readings' arms with too few effective runs (see `leading`), until they clear ESS_FLOOR or
 *    reach their cap (`floorCap`);
 *  - once some reading is estimable, the arms that keep readings not estimable in contention (see
 *    `competitors`) where they stand in the way of a choice the estimable readings would pin down (see
 *    `leadingValues`), until each is estimable or out of contention, or its simulation reaches MAX_REFINEMENT
 *    times the audit's replicates. A reading not estimable decides nothing but what it blocks, so runs go
 *    only where they could change what is identified.
 *
 * `estimates` (every simulation's, on the bank's runs) is updated in place; every accounting's variant of an
 * extended simulation is extended with it. Returns the runs by key (the bank's, with the new ones after them)
 * for the simulations it extended. The article and calibration's publications go through the same loop; only
 * their windows (in `estimate` and `targets`) and where the runs come from differ.
 */
export async function refineEstimates(
  sims: Simulations,
  jobs: readonly AuditJob[],
  estimates: Map<string, ArmEstimate>,
  estimate: Estimator,
  source: RunSource,
  targets: (arm: ArmId) => ArmTargets = publishedTargets,
  /** Refine for the decision too (the competitors); without it, only the leading readings' floor (what λ reads). */
  decision = true,
): Promise<Map<string, FigureValues>> {
  const extended = new Map<string, Map<FigureId, Float64Array>>();
  const { byKey, jobOf, keysOf } = jobIndex(sims, jobs);
  // Runs each job has; a job its source has no more runs for is not asked again.
  const runs = new Map(jobs.map((j) => [j.key, j.replicates]));
  const exhausted = new Set<string>();
  for (;;) {
    const readings = readingsOf(sims, estimates, targets);
    const wanted = new Map<string, number>();
    const want = (key: string, cap: number): void => {
      const job = jobOf.get(key)!;
      if (!exhausted.has(job.key) && stopsEarly(job.arm)) wanted.set(job.key, Math.max(wanted.get(job.key) ?? 0, cap));
    };
    for (const i of leading(readings))
      for (const t of readings[i]!.arms) {
        const cap = floorCap(jobOf.get(t.key)!.replicates);
        if ((t.estimate.status === 'sparse' || t.estimate.status === 'tooFew') && worthRefining(t.estimate, cap))
          want(t.key, cap);
      }
    const leads = decision ? leadingValues(sims.grid, readings) : new Map<HiddenKey, string>();
    if (leads.size > 0)
      for (const c of competitors(sims.grid, readings)) {
        if (![...leads].some(([key, value]) => sims.grid[c.index]![key] !== value)) continue;
        for (const t of readings[c.index]!.arms) {
          const cap = MAX_REFINEMENT * jobOf.get(t.key)!.replicates;
          if (t.estimate.byScale.length === 0 && worthRefining(t.estimate, cap, c.excess)) want(t.key, cap);
        }
      }
    if (wanted.size === 0) return extended;
    const requests = [...wanted].map(([job, cap]) => {
      const have = runs.get(job)!;
      return { job: byKey.get(job)!, first: have, count: Math.min(have, cap - have), cap };
    });
    const got = await source(requests);
    const changed = new Set<string>();
    for (const { job } of requests) {
      const piece = got.get(job.key);
      const added = piece?.values().next().value?.length ?? 0;
      if (added === 0) {
        exhausted.add(job.key);
        continue;
      }
      for (const key of keysOf.get(job.key)!) {
        const before = extended.get(key) ?? sims.values.get(key)!;
        const more = variantOf(piece!, splitKey(key).variant);
        extended.set(key, new Map([...before].map(([id, v]) => [id, joinedRuns(v, more.get(id)!)])));
        changed.add(key);
      }
      runs.set(job.key, runs.get(job.key)! + added);
    }
    for (const key of changed) estimates.set(key, estimate(key, extended.get(key)!));
  }
}

/**
 * The article's refinement: `refineEstimates` on the article's windows, the new runs simulated on the pool. They
 * stop as soon as they cannot reproduce a figure they settle early (`AuditJob.rejectEarly`), so they only serve
 * the likelihood: the readings' other scores keep the audit's runs. Returns the runs by key of the simulations
 * it extended, and every simulation's estimate at the end: `estimateSimulations` with those runs, already made.
 */
export async function refine(
  sims: Simulations,
  jobs: readonly AuditJob[],
  bandwidths: ReadonlyMap<FigureId, number>,
  pool: SimulationPool,
  onProgress?: (done: number, total: number) => void,
): Promise<{ extended: Map<string, FigureValues>; estimates: Map<string, ArmEstimate> }> {
  const armOf = armsByKey(sims);
  const estimates = estimateSimulations(sims, bandwidths);
  const extended = await refineEstimates(
    sims,
    jobs,
    estimates,
    (key, values) => estimateArm(armOf.get(key)!, values, publishedTargets(armOf.get(key)!), bandwidths),
    async (requests) => {
      const pieces = requests.map(({ job, first, count }) => ({
        ...job,
        key: `${job.key}#${first}`,
        first,
        replicates: count,
        rejectEarly: true,
      }));
      const { values } = await figuresOn(pool, pieces, { onProgress });
      return new Map(requests.map(({ job, first }) => [job.key, values.get(`${job.key}#${first}`)!]));
    },
  );
  return { extended, estimates };
}

/** Each simulation key's arm. */
export function armsByKey(sims: Simulations): Map<string, ArmId> {
  const armOf = new Map<string, ArmId>();
  for (const keys of sims.keys) keys.forEach((k, a) => armOf.set(k, ARMS[a]!.id));
  return armOf;
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
