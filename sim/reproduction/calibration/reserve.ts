/**
 * The reserve of further runs that publications judged on one bank share (judge.ts): each bank simulation some
 * publication's refinement asked to extend, simulated once up to the most runs any asked for, each run stopped as
 * soon as it can give none of the settled values asked for.
 */
import { at } from '../../core/at.js';
import type { ArmId } from '../arms.js';
import type { Simulations } from '../checks/sameRuns.js';
import { figuresOf, type FigureId } from '../figures.js';
import { continuing, splitKey, type RunSource } from '../refine.js';
import { runFigureJobs, type AuditJob, type SimulationFigure, type SimulationPool } from '../simulationJobs.js';
import type { Publication } from './publications.js';

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
 * a value outside that set asks for the reserve again, completed for the larger set (see `fill`).
 */
export class Reserve {
  private readonly held = new Map<string, Held>();
  private jobKeys: Map<string, string[]> | undefined;
  /** Per simulation, the most runs asked for that the reserve did not have, and for which settled values. */
  readonly demand = new Map<string, { readonly job: AuditJob; readonly upTo: number; readonly values: Set<string> }>();

  constructor(private readonly simulations: Simulations) {}

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
