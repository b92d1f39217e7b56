/**
 * The further runs of a bank's simulations — runs after the bank's own, played to their end — that the reserves on
 * that bank read (reserve.ts). A simulation's runs do not depend on who reads them, so every reserve on one bank
 * reads one store: each run is simulated once, when some reserve first reads it, however many judges ask for it.
 */
import { host } from '../../core/host/host.js';
import type { Simulations } from '../checks/sameRuns.js';
import type { FigureId } from '../figures.js';
import { splitKey } from '../runs/keys.js';
import { continuing } from '../runs/joins.js';
import {
  pairTwins,
  runFigureJobs,
  type AuditJob,
  type SimulationFigure,
  type SimulationPool,
} from '../simulationJobs.js';

/** Runs `from` … `to − 1` of a simulation's further runs that a reserve reads; `room`: the runs its reserve holds. */
export interface Read {
  readonly job: AuditJob;
  readonly from: number;
  readonly to: number;
  readonly room: number;
}

/** A simulation's further runs: room for `room` runs per figure, after the bank's own; the first `made` simulated. */
interface Made {
  runs: Map<SimulationFigure, Float64Array>;
  room: number;
  made: number;
}

/** Runs `first` … `first + count − 1` of a bank job, played to their end. */
function piece(job: AuditJob, first: number, count: number): AuditJob {
  return { ...job, key: `${job.key}#${first}`, first, replicates: count };
}

export class FurtherRuns {
  private readonly made = new Map<string, Made>();
  private jobKeys: Map<string, string[]> | undefined;
  /** Reads waiting for their runs, made together once the runs being made are in (see `make`). */
  private queue: {
    readonly reads: readonly Read[];
    readonly done: () => void;
    readonly failed: (e: unknown) => void;
  }[] = [];
  private making = false;

  /** Each bank job's `--update` twin (see `make`), both ways. */
  private readonly twins = new Map<string, AuditJob>();

  /**
   * `pool` simulates the runs; `workersOnly`, on its worker threads alone, for a pool of its own whose workers are
   * as many as the cores, while this thread judges the publications that do not wait (see `Judge.all`). `jobs`: the
   * bank's jobs, for their twins.
   */
  constructor(
    private readonly simulations: Simulations,
    private readonly pool: SimulationPool,
    private readonly workersOnly = false,
    jobs: readonly AuditJob[] = [],
  ) {
    for (const pair of pairTwins(jobs).originals.values()) {
      const [replace, merge] = pair;
      if (replace === undefined || merge === undefined) continue;
      this.twins.set(replace.key, merge);
      this.twins.set(merge.key, replace);
    }
  }

  /** The runs `reads` name, each figure's as a view (views handed out are never written into). */
  async read(reads: readonly Read[]): Promise<Map<string, Map<SimulationFigure, Float64Array>>> {
    if (reads.some((r) => r.to > (this.made.get(r.job.key)?.made ?? 0)))
      await new Promise<void>((done, failed) => {
        this.queue.push({ reads, done, failed });
        if (!this.making) void this.drain();
      });
    const out = new Map<string, Map<SimulationFigure, Float64Array>>();
    for (const { job, from, to } of reads)
      out.set(job.key, new Map([...this.made.get(job.key)!.runs].map(([id, v]) => [id, v.subarray(from, to)])));
    return out;
  }

  /**
   * Reads that come while runs are being made are made together, in one pass over the threads; and the first read
   * waits for this thread's turn to end, so the reads the other publications judged at once (judge.ts) make on their
   * way join it. A `--update merge` simulation and its `replace` twin read in one pass are simulated together
   * (simulationJobs.ts `pairTwins`), the twin's runs played again only where replace dropped a skill; read a moment
   * apart, each was simulated whole.
   */
  private async drain(): Promise<void> {
    this.making = true;
    await host('further runs').nextTurn();
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

  /** Simulate the runs up to where they are read, in room for the most runs a reader's reserve holds. */
  private async make(reads: readonly Read[]): Promise<void> {
    const wanted = new Map<string, { job: AuditJob; to: number; room: number }>();
    for (const { job, to, room } of reads) {
      const w = wanted.get(job.key);
      wanted.set(job.key, { job, to: Math.max(w?.to ?? 0, to), room: Math.max(w?.room ?? 0, room) });
    }
    this.withTwins(wanted);
    const pieces = new Map<string, AuditJob>();
    for (const [base, { job, to }] of wanted) {
      const made = this.made.get(base)?.made ?? 0;
      if (to > made) pieces.set(base, piece(job, job.replicates + made, to - made));
    }
    if (pieces.size === 0) return;
    const { values } = await runFigureJobs(this.pool, [...pieces.values()], { workersOnly: this.workersOnly });
    for (const [base, job] of pieces) {
      const room = wanted.get(base)!.room;
      const had = this.made.get(base);
      const made = had?.made ?? 0;
      // Runs already read stay as they were: runs wanting more room than they have are laid out anew.
      const fresh = had === undefined || had.room < room;
      const runs = fresh ? new Map<SimulationFigure, Float64Array>() : had.runs;
      for (const [id, more] of values.get(job.key)!.values) {
        let whole = runs.get(id);
        if (fresh) {
          const bank = this.bankRuns(base, id);
          const laid = bank === undefined ? new Float64Array(room) : continuing(bank, room);
          whole = laid.subarray(bank?.length ?? 0);
          const kept = had?.runs.get(id);
          if (kept !== undefined) whole.set(kept.subarray(0, made));
          runs.set(id, whole);
        }
        whole!.set(more, made);
      }
      this.made.set(base, { runs, room: fresh ? room : had.room, made: made + job.replicates });
    }
  }

  /**
   * A `--update merge` simulation and its `replace` twin made together cost the replace runs and, again, only the
   * merge runs in which replace dropped a skill (simulationJobs.ts `pairTwins`); made apart, both whole. Publications
   * that read one of a pair mostly read the other as far, often much later, so a simulation is made with its twin
   * whenever their runs so far end at the same place: the twin's runs are made then as far as the simulation's, in
   * the same room (a run does not depend on when it is made, or beside what).
   */
  private withTwins(wanted: Map<string, { job: AuditJob; to: number; room: number }>): void {
    for (const [base, w] of [...wanted]) {
      const twin = this.twins.get(base);
      if (twin === undefined) continue;
      const made = this.made.get(base)?.made ?? 0;
      if ((this.made.get(twin.key)?.made ?? 0) !== made || w.to <= made) continue;
      const other = wanted.get(twin.key);
      const to = Math.max(w.to, other?.to ?? 0);
      const room = Math.max(w.room, other?.room ?? 0);
      wanted.set(base, { job: w.job, to, room });
      wanted.set(twin.key, { job: twin, to, room });
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
