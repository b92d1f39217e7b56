/**
 * Publications judged as the article is: every reading's likelihood of the publication's figures on a bank of
 * simulations, then the same refinement the article gets (refine.ts) — more runs for the leading readings
 * whose estimates rest on too few effective runs, and for the readings that could compete — so a simulated
 * publication meets the floor and the bounds the article meets, and calibration measures the decision the
 * article gets, refinement included.
 *
 * The article's refinement simulates its runs as it goes; publications are judged in bulk, so theirs come from a
 * reserve (reserve.ts): each bank simulation some publication asked to extend is held from the next round on, up
 * to the largest count any asked for, and those publications are judged again; its runs are simulated as they are
 * first read. A simulation's runs do not depend on who reads them, so a publication's judgement is what it would
 * have been had its runs been simulated for it alone.
 */
import { sha256Seed48 } from '../../core/digest/sha256.js';
import { ARMS, type ArmId, type HiddenChoices } from '../arms.js';
import { auditJobs, simulateGrid, type AuditResult } from '../audit.js';
import type { Simulations } from '../checks/sameRuns.js';
import type { FigureId } from '../figures.js';
import { MAIN_SCALE, type ArmEstimate } from '../likelihood/armEstimate.js';
import type { ArmTargets } from '../likelihood/classes/armClass.js';
import type { ReadingLikelihood } from '../likelihood/reading.js';
import type { FigureValues } from '../pattern.js';
import { armsByKey, readingsOf, refineEstimates, simulationBandwidths } from '../refine.js';
import type { AuditJob, SimulationPool } from '../simulationJobs.js';
import { BankCache } from './bankCache.js';
import { FurtherRuns } from './furtherRuns.js';
import { Reserve } from './reserve.js';
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
    private readonly reserve = new Reserve(new FurtherRuns(bank.simulations, pool, false, bank.jobs)),
    cache?: BankCache,
  ) {
    this.armOf = armsByKey(bank.simulations);
    this.cache = cache ?? new BankCache({ errors: decision });
  }

  private lambda: Judge | undefined;

  /**
   * A judge for λ alone on the same bank, sharing this one's reserve of runs: one for every call, so that its cache
   * of class fits and estimates serves every batch judged for λ (what a bank's runs give does not depend on who asks).
   */
  forLambda(): Judge {
    this.lambda ??= new Judge(this.bank, this.pool, false, this.reserve);
    return this.lambda;
  }

  /** A judge of the same kind on the same bank with a reserve of its own, sharing this one's cache. */
  withReserve(reserve: Reserve): Judge {
    return new Judge(this.bank, this.pool, this.decision, reserve, this.cache);
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
   * again once the reserve holds them (at most three rounds: a refinement asks again only for what its own new runs
   * made worth having).
   */
  async all(publications: readonly Publication[], onJudged?: () => void): Promise<Judgement[]> {
    const out: Judgement[] = [];
    let pending = publications.map((_, i) => i);
    const starts = new Map<number, ReadonlyMap<string, ArmEstimate>>();
    for (let round = 0; ; round++) {
      const final = round >= 2;
      const judged = await atOnce(pending, AT_ONCE, async (i) => {
        const once = await this.once(publications[i]!, starts.get(i));
        if (!once.wanted || final) onJudged?.();
        return once;
      });
      const again: number[] = [];
      judged.forEach(({ judgement, wanted, start }, k) => {
        const i = pending[k]!;
        out[i] = judgement;
        if (wanted && !final) {
          again.push(i);
          starts.set(i, start);
        } else starts.delete(i);
      });
      if (again.length === 0) return out;
      if (!this.reserve.fill()) {
        for (const _ of again) onJudged?.();
        return out;
      }
      pending = again;
    }
  }
}

/**
 * Publications judged at once within a round: while some wait for the reserve to simulate the runs they read,
 * the others are judged, so the main thread and the simulation threads work side by side. What the reserve holds
 * does not change within a round, and the runs it hands out do not depend on who reads them first, so the
 * judgements are those of publications judged one after another.
 */
const AT_ONCE = 8;

/** `task` on every item, up to `limit` at once, the results in the items' order. */
async function atOnce<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const k = next++;
      out[k] = await task(items[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
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
