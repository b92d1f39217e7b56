/**
 * The reserve of further runs that publications judged on one bank share (judge.ts): each bank simulation some
 * publication's refinement asked to extend, held up to the most runs any asked for, each run stopped as soon as it
 * can give none of the settled values asked for, and simulated once, when a publication first reads it.
 */
import { at } from '../../core/at.js';
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
 * A simulation's reserve as publications see it: the runs it holds and the settled values they are kept going for
 * (each run stops for no other). Only what publications have read is simulated: the first `made` runs, kept going
 * for `madeFor` (a subset of `values` until they are passed again for the others).
 */
interface Held {
  readonly job: AuditJob;
  readonly values: ReadonlySet<string>;
  /** Runs held, after the bank's own. */
  readonly length: number;
  /** Room for `length` runs per figure, after the bank's own (see `continuing`); the first `made` are simulated. */
  runs: Map<SimulationFigure, Float64Array> | undefined;
  made: number;
  madeFor: ReadonlySet<string>;
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
  return at(settledFigures(arm), 0, `${arm}'s figure settled early`).id;
}

/** Runs `from` … `to − 1` of a reserve, after the bank's own, that a publication reads. */
interface Read {
  readonly job: AuditJob;
  readonly from: number;
  readonly to: number;
}

/** A piece of a reserve to simulate: its first runs passed again for values added since, or runs after them. */
interface Piece {
  readonly base: string;
  readonly kind: 'again' | 'more';
  readonly job: AuditJob;
}

/**
 * Extra runs of bank simulations, beyond the bank's own, for publications' refinement. Like the article's, they
 * stop as soon as they cannot give what any publication asking for them gives the figures settled early (the
 * first round with skills): one reserve per simulation, for the set of such values asked for; a publication with
 * a value outside that set asks for the reserve again, kept going for the larger set (see `fill`).
 *
 * What a reserve holds changes only between rounds of judging (`fill`), so a publication's judgement depends on
 * what was asked before it, never on what was simulated: the runs themselves are simulated when a publication
 * first reads them, in the order refinement reads them (doubling), and most of a reserve is never read.
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
      if (reads.some((r) => !this.isMade(r)))
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

  /**
   * Hold what was asked for and not held; false when nothing was. A reserve asked for values it was not kept going
   * for is kept going for all of them from now on: what it holds is the reserve made anew for all its values, run
   * for run. A run's figures do not depend on the values it is kept going for, only whether it stops; an arm
   * settles one figure early, and a run that can no longer give a value never can again (`Figure.possible`), so a
   * run is kept going for a set of values exactly when it is for one of them.
   */
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
        madeFor: held?.madeFor ?? values,
      });
    }
    this.demand.clear();
    return changed;
  }

  /** Whether a read's runs are simulated, for every value its reserve holds. */
  private isMade({ job, to }: Read): boolean {
    const held = this.held.get(job.key)!;
    return to <= held.made && held.madeFor.size === held.values.size;
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

  /**
   * Simulate the reserves' runs up to where they are read, for the values they hold now. Runs made for fewer values
   * are passed again for the others, and a run that reproduces one of them takes the stopped run's place (an arm
   * with more than one figure settled early would have its runs made anew).
   */
  private async make(reads: readonly Read[]): Promise<void> {
    const upTo = new Map<string, number>();
    for (const { job, to } of reads) upTo.set(job.key, Math.max(upTo.get(job.key) ?? 0, to));
    const pieces: Piece[] = [];
    for (const [base, to] of upTo) {
      const held = this.held.get(base)!;
      const added = [...held.values].filter((v) => !held.madeFor.has(v));
      if (added.length > 0 && settledFigures(held.job.arm).length !== 1) {
        held.runs = undefined;
        held.made = 0;
        held.madeFor = held.values;
      }
      const again = added.length > 0 && held.made > 0;
      if (!again && to <= held.made) continue;
      if (again)
        pieces.push({ base, kind: 'again', job: piece(held.job, held.job.replicates, held.made, new Set(added)) });
      if (to > held.made) {
        const first = held.job.replicates + held.made;
        pieces.push({ base, kind: 'more', job: piece(held.job, first, to - held.made, held.values) });
      }
    }
    if (pieces.length === 0) return;
    const { values } = await runFigureJobs(
      this.pool,
      pieces.map((p) => p.job),
      { workersOnly: this.workersOnly },
    );
    for (const base of new Set(pieces.map((p) => p.base))) {
      const held = this.held.get(base)!;
      const again = pieces.find((p) => p.base === base && p.kind === 'again');
      const more = pieces.find((p) => p.base === base && p.kind === 'more');
      const passed = again === undefined ? undefined : new Map(values.get(again.job.key)!.values);
      const added = more === undefined ? undefined : new Map(values.get(more.job.key)!.values);
      // Runs already read stay as they were: a reserve passed again or longer than its room is laid out anew.
      const fresh =
        held.runs === undefined || passed !== undefined || held.runs.values().next().value!.length < held.length;
      const runs = fresh ? new Map<SimulationFigure, Float64Array>() : held.runs!;
      for (const id of (added ?? passed)!.keys()) {
        let whole = runs.get(id);
        if (fresh) {
          const bank = this.bankRuns(base, id);
          const room = bank === undefined ? new Float64Array(held.length) : continuing(bank, held.length);
          whole = room.subarray(bank?.length ?? 0);
          const kept = held.runs?.get(id);
          if (kept !== undefined) whole.set(kept.subarray(0, held.made));
          runs.set(id, whole);
        }
        if (added !== undefined) whole!.set(added.get(id)!, held.made);
      }
      if (passed !== undefined) {
        // Where the run made stopped and the run passed again for the other values did not, the latter is the run.
        const settledId = settledFigure(held.job.arm);
        const stopped = held.runs!.get(settledId)!;
        const reproduced = passed.get(settledId)!;
        for (let r = 0; r < held.made; r++)
          if (Number.isNaN(stopped[r]!) && !Number.isNaN(reproduced[r]!))
            for (const [id, whole] of runs) whole[r] = passed.get(id)![r]!;
      }
      held.runs = runs;
      if (more !== undefined) held.made += more.job.replicates;
      held.madeFor = held.values;
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
