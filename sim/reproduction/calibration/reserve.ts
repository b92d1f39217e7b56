/**
 * The reserve of further runs that publications judged on one bank share (judge.ts): each bank simulation some
 * publication's refinement asked to extend, held up to the most runs any asked for, and simulated once, when a
 * publication first reads it. Its runs are played to their end, as the bank's own are.
 */
import type { ArmId } from '../arms.js';
import type { Simulations } from '../checks/sameRuns.js';
import { figuresOf, type FigureId } from '../figures.js';
import type { RunSource } from '../refine.js';
import { splitKey } from '../runs/keys.js';
import { continuing } from '../runs/joins.js';
import { runFigureJobs, type AuditJob, type SimulationFigure, type SimulationPool } from '../simulationJobs.js';
import type { Publication } from './publications.js';

/** The figures an arm's runs settle early (see `Figure.possible`). */
const settledFigures = (arm: ArmId) => figuresOf(arm).filter((f) => f.possible !== undefined);

/** The values a publication gives the figures its arm's runs settle early, as a key. */
function settledOf(arm: ArmId, publication: Publication): Partial<Record<FigureId, number>> {
  const targets = publication.get(arm)!;
  return Object.fromEntries(settledFigures(arm).map((f) => [f.id, targets.get(f.id)!.point]));
}

/**
 * A simulation's reserve as publications see it: the runs it holds, for the settled values asked for (a publication
 * with another value asks again, see `Reserve`). Only what publications have read is simulated: the first `made`.
 */
interface Held {
  readonly job: AuditJob;
  readonly values: ReadonlySet<string>;
  /** Runs held, after the bank's own. */
  readonly length: number;
  /** Room for `length` runs per figure, after the bank's own (see `continuing`); the first `made` are simulated. */
  runs: Map<SimulationFigure, Float64Array> | undefined;
  made: number;
}

/** Runs `first` … `first + count − 1` of a bank job, played to their end. */
function piece(job: AuditJob, first: number, count: number): AuditJob {
  return { ...job, key: `${job.key}#${first}`, first, replicates: count };
}

/** Runs `from` … `to − 1` of a reserve, after the bank's own, that a publication reads. */
interface Read {
  readonly job: AuditJob;
  readonly from: number;
  readonly to: number;
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
  private jobKeys: Map<string, string[]> | undefined;
  /** Reads waiting for their runs, made together once the runs being made are in (see `make`). */
  private queue: {
    readonly reads: readonly Read[];
    readonly done: () => void;
    readonly failed: (e: unknown) => void;
  }[] = [];
  private making = false;
  /** Per simulation, the most runs asked for that the reserve did not have, and for which settled values. */
  readonly demand = new Map<string, { readonly job: AuditJob; readonly upTo: number; readonly values: Set<string> }>();

  /**
   * `pool` simulates the runs; `workersOnly`, on its worker threads alone, for a pool of its own whose workers are
   * as many as the cores, while this thread judges the publications that do not wait (see `Judge.all`).
   */
  constructor(
    private readonly simulations: Simulations,
    private readonly pool: SimulationPool,
    private readonly workersOnly = false,
  ) {}

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
        if (usable && to > from) reads.push({ job, from, to });
      }
      if (reads.some((r) => r.to > this.held.get(r.job.key)!.made))
        await new Promise<void>((done, failed) => {
          this.queue.push({ reads, done, failed });
          if (!this.making) void this.drain();
        });
      const out = new Map<string, Map<SimulationFigure, Float64Array>>();
      for (const { job, from, to } of reads)
        out.set(job.key, new Map([...this.held.get(job.key)!.runs!].map(([id, v]) => [id, v.subarray(from, to)])));
      return out;
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
        runs: held?.runs,
        made: held?.made ?? 0,
      });
    }
    this.demand.clear();
    return changed;
  }

  /** Reads that came while runs were being made are made together, in one pass over the threads. */
  private async drain(): Promise<void> {
    this.making = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        await this.make(batch.flatMap((b) => b.reads));
        for (const b of batch) b.done();
      } catch (e) {
        for (const b of batch) b.failed(e);
      }
    }
    this.making = false;
  }

  /** Simulate the reserves' runs up to where they are read. */
  private async make(reads: readonly Read[]): Promise<void> {
    const upTo = new Map<string, number>();
    for (const { job, to } of reads) upTo.set(job.key, Math.max(upTo.get(job.key) ?? 0, to));
    const pieces = new Map<string, AuditJob>();
    for (const [base, to] of upTo) {
      const held = this.held.get(base)!;
      if (to > held.made) pieces.set(base, piece(held.job, held.job.replicates + held.made, to - held.made));
    }
    if (pieces.size === 0) return;
    const { values } = await runFigureJobs(this.pool, [...pieces.values()], { workersOnly: this.workersOnly });
    for (const [base, job] of pieces) {
      const held = this.held.get(base)!;
      const added = new Map(values.get(job.key)!.values);
      // Runs already read stay as they were: a reserve longer than its room is laid out anew.
      const fresh = held.runs === undefined || held.runs.values().next().value!.length < held.length;
      const runs = fresh ? new Map<SimulationFigure, Float64Array>() : held.runs!;
      for (const [id, more] of added) {
        let whole = runs.get(id);
        if (fresh) {
          const bank = this.bankRuns(base, id);
          const room = bank === undefined ? new Float64Array(held.length) : continuing(bank, held.length);
          whole = room.subarray(bank?.length ?? 0);
          const kept = held.runs?.get(id);
          if (kept !== undefined) whole.set(kept.subarray(0, held.made));
          runs.set(id, whole);
        }
        whole!.set(more, held.made);
      }
      held.runs = runs;
      held.made += job.replicates;
    }
  }

  /** The bank's own runs of a job's figure (a test figure's in the accounting it names), if the bank reads them. */
  private bankRuns(job: string, id: SimulationFigure): Float64Array | undefined {
    const at = id.indexOf('@');
    const figure = (at < 0 ? id : id.slice(0, at)) as FigureId;
    const key = at < 0 ? this.keysOf(job)[0] : `${job}@${id.slice(at + 1)}`;
    return key === undefined ? undefined : this.simulations.values.get(key)?.get(figure);
  }

  /** The bank's simulation keys of a job (its accountings' variants). */
  private keysOf(job: string): string[] {
    if (this.jobKeys === undefined) {
      this.jobKeys = new Map();
      for (const key of this.simulations.values.keys()) {
        const j = splitKey(key).job;
        this.jobKeys.set(j, [...(this.jobKeys.get(j) ?? []), key]);
      }
    }
    return this.jobKeys.get(job) ?? [];
  }
}
