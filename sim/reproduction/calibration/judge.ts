/**
 * Publications judged as the article is: every reading's likelihood of the publication's figures on a bank of
 * simulations, then the same refinement the article gets (refine.ts) — more runs for the leading readings
 * whose estimates rest on too few effective runs, and for the readings that could compete — so a simulated
 * publication meets the floor and the bounds the article meets, and calibration measures the decision the
 * article gets, refinement included.
 *
 * The article's refinement simulates its runs as it goes; publications are judged in bulk, so theirs come from a
 * reserve: each bank simulation some publication asked to extend is simulated once, up to the largest count any
 * asked for (full runs, usable for any publication), and those publications are judged again. A simulation's
 * runs do not depend on who reads them, so a publication's judgement is what it would have been had its runs
 * been simulated for it alone.
 */
import { sha256Seed48 } from '../../core/digest/sha256.js';
import { at } from '../../core/at.js';
import { ARMS, type ArmId, type HiddenChoices } from '../arms.js';
import { auditJobs, simulateGrid, type AuditResult } from '../audit.js';
import type { Simulations } from '../checks/sameRuns.js';
import { figuresOf, type FigureId } from '../figures.js';
import { MAIN_SCALE, type ArmEstimate, type ArmTargets } from '../likelihood/armEstimate.js';
import type { ReadingLikelihood } from '../likelihood/reading.js';
import type { FigureValues } from '../pattern.js';
import {
  armsByKey,
  continuing,
  readingsOf,
  refineEstimates,
  simulationBandwidths,
  splitKey,
  type RunSource,
} from '../refine.js';
import { runFigureJobs, type AuditJob, type SimulationFigure, type SimulationPool } from '../simulationJobs.js';
import { BankCache } from './bankCache.js';
import type { Publication } from './publications.js';

/** A bank of simulations the decision reads: every reading's runs, the jobs that made them, the bandwidths. */
export interface Bank {
  readonly simulations: Simulations;
  readonly jobs: readonly AuditJob[];
  readonly bandwidths: ReadonlyMap<FigureId, number>;
  readonly replicates: number;
}

/** The seed of calibration's bank b ≥ 1, apart from the audit's own (bank 0) and every other seed (below 2^48). */
export function bankSeed(seed: number, b: number): number {
  return sha256Seed48(`hexa-sim/v1/calibration-bank/seed=${seed}/bank=${b}`);
}

/** A bank simulated afresh: every reading of `grid` at `replicates` runs per arm, on its own seed. */
export async function freshBank(
  grid: readonly HiddenChoices[],
  seed: number,
  replicates: number,
  pool: SimulationPool,
): Promise<Bank> {
  const { simulations, jobs } = await simulateGrid(grid, seed, replicates, pool);
  return { simulations, jobs, bandwidths: simulationBandwidths(simulations), replicates };
}

/** The audit's bank: its simulations, the jobs that made them, its bandwidths. */
export function bankOf(audit: Pick<AuditResult, 'simulations' | 'bandwidths' | 'replicates'>, seed: number): Bank {
  const { jobs } = auditJobs(audit.simulations.grid, seed, audit.replicates);
  return { simulations: audit.simulations, jobs, bandwidths: audit.bandwidths, replicates: audit.replicates };
}

/** A publication judged: every reading's likelihood (grid order), and the runs refinement added, by key. */
export interface Judgement {
  readonly readings: readonly ReadingLikelihood[];
  readonly extended: ReadonlyMap<string, FigureValues>;
  /** Whether refinement added runs to any simulation. */
  readonly refined: boolean;
}

/**
 * Readings further than this below the best at the main bandwidth keep that estimate at every bandwidth: no
 * bandwidth moved a reading by half as much in the audit, so their posteriors stay nil at every one.
 */
export const FAR = 80;

/**
 * Every simulation's estimate of one publication on the bank's own runs: at the main bandwidth, and at every
 * bandwidth for the readings within FAR nats of the best unless `mainOnly` (λ reads the main bandwidth alone).
 */
export function bankEstimates(
  bank: Bank,
  publication: Publication,
  cache: BankCache,
  mainOnly = false,
): Map<string, ArmEstimate> {
  const { simulations: sims, bandwidths } = bank;
  const armOf = armsByKey(sims);
  const estimateAll = (mainOnly: boolean, only?: ReadonlySet<string>): Map<string, ArmEstimate> => {
    const out = new Map<string, ArmEstimate>();
    for (const [key, values] of sims.values) {
      const arm = armOf.get(key)!;
      if (arm === 'random' || only === undefined || only.has(key))
        out.set(key, cache.estimate(key, arm, values, publication.get(arm)!, bandwidths, mainOnly));
    }
    return out;
  };
  const targets = (arm: ArmId): ArmTargets => publication.get(arm)!;
  const first = estimateAll(true);
  if (mainOnly) return first;
  const rough = readingsOf(sims, first, targets);
  let best = -Infinity;
  for (const r of rough) if (r.estimable) best = Math.max(best, r.byScale[MAIN_SCALE]!.log);
  const near = new Set<string>();
  rough.forEach((r, i) => {
    if (r.estimable && r.byScale[MAIN_SCALE]!.log >= best - FAR) for (const key of sims.keys[i]!) near.add(key);
  });
  for (const [key, e] of estimateAll(false, near)) first.set(key, e);
  return first;
}

/** Every reading's likelihood of one publication on the bank's own runs, without refinement. */
export function publicationReadings(
  sims: Simulations,
  bandwidths: ReadonlyMap<FigureId, number>,
  publication: Publication,
  cache = new BankCache(),
): ReadingLikelihood[] {
  const estimates = bankEstimates({ simulations: sims, jobs: [], bandwidths, replicates: 0 }, publication, cache);
  return readingsOf(sims, estimates, (arm) => publication.get(arm)!);
}

/** The values a publication gives the figures its arm's runs settle early (see `Figure.possible`), as a key. */
function settledOf(arm: ArmId, publication: Publication): Partial<Record<FigureId, number>> {
  const targets = publication.get(arm)!;
  return Object.fromEntries(
    figuresOf(arm)
      .filter((f) => f.possible !== undefined)
      .map((f) => [f.id, targets.get(f.id)!.point]),
  );
}

/** A simulation's reserve: its runs, and the settled values they kept going for (each run stops for no other). */
interface Held {
  readonly runs: Map<SimulationFigure, Float64Array>;
  readonly values: ReadonlySet<string>;
}

/** A piece of a reserve to simulate: its runs anew, more after those held, or those held passed again. */
interface Piece {
  readonly base: string;
  readonly kind: 'anew' | 'more' | 'again';
  /** The values the reserve is kept going for once this piece is in. */
  readonly values: ReadonlySet<string>;
  readonly job: AuditJob;
}

/** Runs `first` … `first + count − 1` of a bank job, each stopped once it can give none of the settled `values`. */
function piece(job: AuditJob, first: number, count: number, values: ReadonlySet<string>): AuditJob {
  const settledAt: Partial<Record<FigureId, number[]>> = {};
  for (const v of values)
    for (const [id, x] of Object.entries(JSON.parse(v) as Record<FigureId, number>))
      (settledAt[id as FigureId] ??= []).push(x);
  return { ...job, key: `${job.key}#${first}`, first, replicates: count, rejectEarly: true, settledAt };
}

/** The one figure an arm's runs settle early (NaN in a run stopped early, a number in a run played to its end). */
function settledFigure(arm: ArmId): FigureId {
  return at(
    figuresOf(arm).filter((f) => f.possible !== undefined),
    0,
    `${arm}'s figure settled early`,
  ).id;
}

/**
 * Extra runs of bank simulations, beyond the bank's own, for publications' refinement. Like the article's, they
 * stop as soon as they cannot give what any publication asking for them gives the figures settled early (the
 * first round with skills): one reserve per simulation, for the set of such values asked for; a publication with
 * a value outside that set asks for the reserve again, simulated anew for the larger set.
 */
class Reserve {
  private readonly held = new Map<string, Held>();
  private jobKeys: Map<string, string[]> | undefined;
  /** Per simulation, the most runs asked for that the reserve did not have, and for which settled values. */
  readonly demand = new Map<string, { readonly job: AuditJob; readonly upTo: number; readonly values: Set<string> }>();

  constructor(private readonly bank: Bank) {}

  /** A publication's source: what the reserves hold, the rest noted as demand (up to the refinement's cap). */
  source(publication: Publication, onMissing: () => void): RunSource {
    return async (requests) => {
      const out = new Map<string, Map<SimulationFigure, Float64Array>>();
      for (const { job, first, count, cap } of requests) {
        const value = JSON.stringify(settledOf(job.arm, publication));
        const held = this.held.get(job.key);
        const usable = held?.values.has(value) === true;
        const have = usable ? (held!.runs.values().next().value?.length ?? 0) : 0;
        const from = first - job.replicates;
        const to = Math.min(have, from + count);
        if (to < from + count) {
          onMissing();
          const d = this.demand.get(job.key);
          const values = new Set([...(d?.values ?? []), ...(held?.values ?? []), value]);
          const heldRuns = held?.runs.values().next().value?.length ?? 0;
          this.demand.set(job.key, { job, upTo: Math.max(d?.upTo ?? 0, cap, job.replicates + heldRuns), values });
        }
        if (usable && to > from)
          out.set(job.key, new Map([...held!.runs].map(([id, v]) => [id, v.subarray(from, to)])));
      }
      return out;
    };
  }

  /**
   * Simulate what was asked for and not held; false when nothing was. A reserve asked for values it was not kept
   * going for is completed rather than made anew: its runs are passed again for those values alone, and a run that
   * reproduces one of them takes its place. The result is the reserve made anew for all its values, run for run: a
   * run's figures do not depend on the values it is kept going for, only whether it stops; an arm settles one figure
   * early, and a run that can no longer give a value never can again (`Figure.possible`), so a run is kept going
   * for a set of values exactly when it is for one of them.
   */
  async fill(pool: SimulationPool): Promise<boolean> {
    const pieces = [...this.demand.values()].flatMap(({ job, upTo, values }) => {
      const held = this.held.get(job.key);
      const heldRuns = held?.runs.values().next().value?.length ?? 0;
      const settled = figuresOf(job.arm).filter((f) => f.possible !== undefined);
      const added = held === undefined ? values : new Set([...values].filter((v) => !held.values.has(v)));
      // Runs kept going for fewer values serve the others once passed again for them (one figure settled early).
      const again = held !== undefined && added.size > 0 && settled.length === 1 && heldRuns > 0;
      const keep = held !== undefined && (added.size === 0 || again);
      const first = job.replicates + (keep ? heldRuns : 0);
      const out: Piece[] = [];
      if (again) out.push({ base: job.key, kind: 'again', values, job: piece(job, job.replicates, heldRuns, added) });
      if (upTo > first)
        out.push({ base: job.key, kind: keep ? 'more' : 'anew', values, job: piece(job, first, upTo - first, values) });
      return out;
    });
    this.demand.clear();
    if (pieces.length === 0) return false;
    const { values } = await runFigureJobs(
      pool,
      pieces.map((p) => p.job),
    );
    const byBase = new Map<string, Piece[]>();
    for (const p of pieces) byBase.set(p.base, [...(byBase.get(p.base) ?? []), p]);
    for (const [base, parts] of byBase) {
      const again = parts.find((p) => p.kind === 'again');
      const after = parts.find((p) => p.kind !== 'again');
      const held = after?.kind === 'anew' ? undefined : this.held.get(base);
      const settledId = again === undefined ? undefined : settledFigure(again.job.arm);
      const passed = again === undefined ? undefined : new Map(values.get(again.job.key)!.values);
      const added = after === undefined ? undefined : new Map(values.get(after.job.key)!.values);
      const ids = [...(added ?? passed!).keys()];
      const runs = new Map<SimulationFigure, Float64Array>();
      for (const id of ids) {
        const kept = held?.runs.get(id) ?? new Float64Array(0);
        const more = added?.get(id) ?? new Float64Array(0);
        const bank = this.bankRuns(base, id);
        // Kept after the bank's own runs, so that refinement joins the two by views (refine.ts, `continuing`).
        const length = kept.length + more.length;
        const whole = bank === undefined ? new Float64Array(length) : continuing(bank, length);
        const offset = bank?.length ?? 0;
        whole.set(kept, offset);
        whole.set(more, offset + kept.length);
        runs.set(id, whole.subarray(offset));
      }
      if (passed !== undefined) {
        // Where the held run stopped and the run passed again for the other values did not, the latter is the run.
        const stopped = held!.runs.get(settledId!)!;
        const reproduced = passed.get(settledId!)!;
        for (let r = 0; r < stopped.length; r++)
          if (Number.isNaN(stopped[r]!) && !Number.isNaN(reproduced[r]!))
            for (const id of ids) runs.get(id)![r] = passed.get(id)![r]!;
      }
      this.held.set(base, { values: (after ?? again!).values, runs });
    }
    return true;
  }

  /** The bank's own runs of a job's figure (a test figure's in the accounting it names), if the bank reads them. */
  private bankRuns(job: string, id: SimulationFigure): Float64Array | undefined {
    const at = id.indexOf('@');
    const figure = (at < 0 ? id : id.slice(0, at)) as FigureId;
    const key = at < 0 ? this.keysOf(job)[0] : `${job}@${id.slice(at + 1)}`;
    return key === undefined ? undefined : this.bank.simulations.values.get(key)?.get(figure);
  }

  /** The bank's simulation keys of a job (its accountings' variants). */
  private keysOf(job: string): string[] {
    if (this.jobKeys === undefined) {
      this.jobKeys = new Map();
      for (const key of this.bank.simulations.values.keys()) {
        const j = splitKey(key).job;
        this.jobKeys.set(j, [...(this.jobKeys.get(j) ?? []), key]);
      }
    }
    return this.jobKeys.get(job) ?? [];
  }
}

/** Publications judged on one bank, refinement included: judge them all, run what they asked for, judge again. */
export class Judge {
  private readonly cache: BankCache;
  private readonly armOf: Map<string, ArmId>;

  /**
   * `decision`: judge for the decision (errors, and refinement for the competitors too); without it, for λ alone —
   * the log-likelihoods at the main bandwidth, refined for the leading readings' floor.
   */
  constructor(
    readonly bank: Bank,
    private readonly pool: SimulationPool,
    private readonly decision = true,
    private readonly reserve = new Reserve(bank),
  ) {
    this.armOf = armsByKey(bank.simulations);
    this.cache = new BankCache({ errors: decision });
  }

  /** A judge for λ alone on the same bank, sharing this one's reserve of runs. */
  forLambda(): Judge {
    return new Judge(this.bank, this.pool, false, this.reserve);
  }

  /**
   * One publication judged; `start`, its estimates on the bank's own runs from an earlier round (they do not
   * change: only the reserve does). Returns them too, for a publication judged again.
   */
  private async once(
    publication: Publication,
    start?: ReadonlyMap<string, ArmEstimate>,
  ): Promise<{
    readonly judgement: Judgement;
    readonly wanted: boolean;
    readonly start: ReadonlyMap<string, ArmEstimate>;
  }> {
    const { simulations: sims, jobs, bandwidths } = this.bank;
    const targets = (arm: ArmId): ArmTargets => publication.get(arm)!;
    const first = start ?? bankEstimates(this.bank, publication, this.cache, !this.decision);
    // Refinement updates the estimates in place: the bank's own stay as they were for a round after this one.
    const estimates = new Map(first);
    let wanted = false;
    const extended = await refineEstimates(
      sims,
      jobs,
      estimates,
      (key, values) => {
        const arm = this.armOf.get(key)!;
        const length = values.values().next().value!.length;
        return this.cache.estimate(`${key}#${length}`, arm, values, targets(arm), bandwidths, !this.decision);
      },
      this.reserve.source(publication, () => void (wanted = true)),
      targets,
      this.decision,
    );
    const judgement = { readings: readingsOf(sims, estimates, targets), extended, refined: extended.size > 0 };
    return { judgement, wanted, start: first };
  }

  /**
   * Every publication's judgement. A publication whose refinement asked for runs the reserve lacked is judged
   * again once they are simulated (at most three rounds: a refinement asks again only for what its own new runs
   * made worth having).
   */
  async all(publications: readonly Publication[], onJudged?: () => void): Promise<Judgement[]> {
    const out: Judgement[] = [];
    let pending = publications.map((_, i) => i);
    const starts = new Map<number, ReadonlyMap<string, ArmEstimate>>();
    for (let round = 0; ; round++) {
      const again: number[] = [];
      for (const i of pending) {
        const { judgement, wanted, start } = await this.once(publications[i]!, starts.get(i));
        out[i] = judgement;
        if (wanted && round < 2) {
          again.push(i);
          starts.set(i, start);
        } else {
          starts.delete(i);
          onJudged?.();
        }
      }
      if (again.length === 0) return out;
      if (!(await this.reserve.fill(this.pool))) {
        for (const _ of again) onJudged?.();
        return out;
      }
      pending = again;
    }
  }
}

/** The arms' simulations of one reading of the bank, for the checks that read runs (the cross-check). */
export function readingRuns(bank: Bank, judgement: Judgement, reading: number): Map<ArmId, FigureValues> {
  return new Map(
    bank.simulations.keys[reading]!.map((key, a) => [
      ARMS[a]!.id,
      judgement.extended.get(key) ?? bank.simulations.values.get(key)!,
    ]),
  );
}
