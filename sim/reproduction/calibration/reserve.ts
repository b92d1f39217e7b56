/**
 * The reserve of further runs that publications judged on one bank share (judge.ts): each bank simulation some
 * publication's refinement asked to extend, held up to the most runs any asked for; its runs are the bank's further
 * runs (furtherRuns.ts), simulated once, when a publication first reads them, and played to their end.
 */
import type { ArmId } from '../arms.js';
import { figuresOf, type FigureId } from '../figures.js';
import type { RunSource } from '../refine.js';
import type { AuditJob } from '../simulationJobs.js';
import type { FurtherRuns, Read } from './furtherRuns.js';
import type { Publication } from './publications.js';

/** The figures an arm's runs settle early (see `Figure.possible`). */
const settledFigures = (arm: ArmId) => figuresOf(arm).filter((f) => f.possible !== undefined);

/** The values a publication gives the figures its arm's runs settle early, as a key. */
function settledOf(arm: ArmId, publication: Publication): Partial<Record<FigureId, number>> {
  const targets = publication.get(arm)!;
  return Object.fromEntries(settledFigures(arm).map((f) => [f.id, targets.get(f.id)!.point]));
}

/** A simulation's reserve as publications see it: the runs it holds, for the settled values asked for. */
interface Held {
  readonly job: AuditJob;
  readonly values: ReadonlySet<string>;
  /** Runs held, after the bank's own. */
  readonly length: number;
}

/**
 * Extra runs of bank simulations, beyond the bank's own, for publications' refinement: one reserve per simulation,
 * held for the values publications asked for of the figures the arm's runs settle early (the first round with
 * skills). A publication with a value outside that set asks for the reserve again, and is judged again once the
 * reserve is held for it too (see `fill`), as the article's refinement asks for runs kept going for its own value.
 *
 * The runs themselves are played to their end whatever the values: a run whose settled figure differs from a
 * publication's is outside every class that publication's estimates read (they take the runs that reproduce its
 * discrete figures, and count the others), so a run played on past that point is read exactly as the run stopped
 * there would be. Stopped at the first value no publication asked for, runs had to be played again for each value
 * asked later, every run made so far; played whole, each is simulated once.
 *
 * What a reserve holds changes only between rounds of judging (`fill`), so a publication's judgement depends on
 * what was asked before it, never on what was simulated: the runs are simulated when a publication first reads
 * them, in the order refinement reads them (doubling), and most of a reserve is never read.
 */
export class Reserve {
  private readonly held = new Map<string, Held>();
  /** Per simulation, the most runs asked for that the reserve did not have, and for which settled values. */
  readonly demand = new Map<string, { readonly job: AuditJob; readonly upTo: number; readonly values: Set<string> }>();

  /** `runs`: the bank's further runs, which other reserves on the bank may read too. */
  constructor(private readonly runs: FurtherRuns) {}

  /** A publication's source: what the reserves hold, the rest noted as demand (up to the refinement's cap). */
  source(publication: Publication, onMissing: () => void): RunSource {
    return async (requests) => {
      const reads: Read[] = [];
      for (const { job, first, count, cap } of requests) {
        const value = JSON.stringify(settledOf(job.arm, publication));
        const held = this.held.get(job.key);
        const usable = held?.values.has(value) === true;
        const have = usable ? held!.length : 0;
        const from = first - job.replicates;
        const to = Math.min(have, from + count);
        if (to < from + count) {
          onMissing();
          const d = this.demand.get(job.key);
          const values = new Set([...(d?.values ?? []), ...(held?.values ?? []), value]);
          const heldRuns = held?.length ?? 0;
          this.demand.set(job.key, { job, upTo: Math.max(d?.upTo ?? 0, cap, job.replicates + heldRuns), values });
        }
        if (usable && to > from) reads.push({ job, from, to, room: held!.length });
      }
      return await this.runs.read(reads);
    };
  }

  /** Hold what was asked for and not held; false when nothing was. */
  fill(): boolean {
    let changed = false;
    for (const { job, upTo, values } of this.demand.values()) {
      const held = this.held.get(job.key);
      const length = upTo - job.replicates;
      if (held !== undefined && length <= held.length && [...values].every((v) => held.values.has(v))) continue;
      changed = true;
      this.held.set(job.key, {
        job,
        values,
        length: Math.max(length, held?.length ?? 0),
      });
    }
    this.demand.clear();
    return changed;
  }
}
