/**
 * The reproduction's units of work, for the worker pool: an audited simulation (one arm under one
 * combination of hidden choices, reduced to per-replicate figure values) or a run kept whole (an arm or an
 * opener of the benchmark table). Jobs are plain data so they can cross to a worker thread; each is
 * deterministic, so the result does not depend on which thread runs which job, or in what order.
 */
import { armConfig, findArm, type ArmId, type HiddenChoices } from './arms.js';
import type { Run } from '../experiment/config.js';
import { envSpecOf, runExperiment } from '../experiment/experiment.js';
import { runReplicate, type ReplicateOptions } from '../experiment/replicate.js';
import type { RoundMetrics } from '../core/metrics.js';
import type { ReplicateHistory } from '../agent/history/recorder.js';
import { figuresOf, TEST_FIGURES, testFiguresUnder, type AccountingFigureId, type FigureId } from './figures.js';
import { HIDDEN_PARAMS, type LibraryUpdate, type TestTiming, type TestUnit } from '../agent/choices.js';
import { FigureColumns } from './reproduction.js';
import { WorkerPool } from '../core/parallel/pool.js';
import { PartJoiner, splitReplicates, type Piece, type SplitOptions } from '../core/parallel/split.js';
import type { AccountingMetrics } from './observers/accountingTally.js';
import { ReplicateWatch } from './observers/replicateWatch.js';

/** Every test accounting: unit × timing. */
export const ACCOUNTINGS: readonly { readonly unit: TestUnit; readonly timing: TestTiming }[] =
  HIDDEN_PARAMS.testUnit.values.flatMap((unit) => HIDDEN_PARAMS.testAt.values.map((timing) => ({ unit, timing })));

export interface AuditJob {
  readonly kind: 'figures';
  /** The simulation's effective key (see `effectiveKey`); equal keys are the same simulation. */
  readonly key: string;
  readonly arm: ArmId;
  readonly hidden: HiddenChoices;
  readonly seed: number;
  /** Replicates in this job: `first` … `first + replicates − 1` (a piece of a larger simulation, see `auditPieces`). */
  readonly replicates: number;
  readonly first?: number;
  /**
   * Stop each replicate as soon as it can no longer reproduce a published figure it settles early (see
   * `Figure.possible`); such a replicate's figures are NaN. For runs that only count when they reproduce.
   */
  readonly rejectEarly?: boolean;
  /** The values `rejectEarly` keeps runs for (any of them), where not the published ones (simulated publications'). */
  readonly settledAt?: Readonly<Partial<Record<FigureId, readonly number[]>>>;
  /**
   * Also give the test figures under every accounting (as `AccountingFigureId`s): the accounting changes no
   * run under the published lifecycle, so one simulation serves the four readings that differ only in it.
   */
  readonly accountings?: boolean;
  /**
   * This simulation's `--update merge` twin (this one is `replace`), simulated alongside it: see `pairTwins`.
   */
  readonly twin?: { readonly key: string; readonly hidden: HiddenChoices };
}

/** A run whose every replicate is kept (the benchmark's arms and openers). */
export interface RunJob {
  readonly kind: 'run';
  readonly key: string;
  readonly config: Run;
  /** Record each replicate's skill history too (a reproduction writing --library-db). */
  readonly histories?: boolean;
}

export type SimulationJob = AuditJob | RunJob;

/** What an audited simulation gives per replicate: its arm's figures, and with `accountings` their variants. */
export type SimulationFigure = FigureId | AccountingFigureId;

export interface AuditJobResult {
  readonly key: string;
  readonly values: [SimulationFigure, Float64Array][];
  /** The twin's values, laid out alike (a job with a `twin`). */
  readonly twin?: [SimulationFigure, Float64Array][];
}

export interface RunJobResult {
  readonly key: string;
  /** [replicate][round] */
  readonly replicates: RoundMetrics[][];
  /** Each replicate's skill history, when the job asked for them. */
  readonly histories?: ReplicateHistory[];
}

export type SimulationResult = AuditJobResult | RunJobResult;

export function runSimulation(job: SimulationJob): SimulationResult {
  if (job.kind === 'run') {
    if (job.histories !== true) return { key: job.key, replicates: runExperiment(job.config).replicates };
    const histories: ReplicateHistory[] = [];
    const { replicates } = runExperiment(job.config, 0, { onHistory: (history) => void histories.push(history) });
    return { key: job.key, replicates, histories };
  }
  const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
  // Each replicate reduced to its figures as it ends: a piece of 10 000 replicates would otherwise hold 50 000
  // rounds' metrics until it ends, long enough for the collector to copy them out of the young generation.
  const spec = envSpecOf(config);
  const first = job.first ?? 0;
  const settled = job.rejectEarly === true ? figuresOf(job.arm).filter((f) => f.possible !== undefined) : [];
  const options: ReplicateOptions =
    settled.length === 0
      ? {}
      : {
          keepGoing: (rounds: readonly RoundMetrics[]) =>
            settled.every((f) => {
              const values = job.settledAt?.[f.id];
              return values === undefined ? f.possible!(rounds) : values.some((v) => f.possible!(rounds, v));
            }),
        };
  const accountings = job.accountings === true;
  const n = config.replicates;
  const own = new SimulationColumns(job, n, config.rounds);
  if (job.twin === undefined) {
    const watch = new ReplicateWatch(options, { accountings, replacements: false });
    for (let r = 0; r < n; r++) own.put(r, runReplicate(config, spec, first + r, watch.next()), watch.accountings);
    return { key: job.key, values: own.entries() };
  }
  // A replicate in which `replace` dropped no skill is, draw for draw, the replicate under `merge` (merge keeps
  // what replace drops, and nothing else reads the choice: `pairTwins`); only the others are run again.
  const merged = armConfig(findArm(job.arm), job.twin.hidden, job.seed, job.replicates);
  const twin = new SimulationColumns(job, n, config.rounds);
  const watch = new ReplicateWatch(options, { accountings, replacements: true });
  const alone = new ReplicateWatch(options, { accountings, replacements: false });
  for (let r = 0; r < n; r++) {
    const rounds = runReplicate(config, spec, first + r, watch.next());
    own.put(r, rounds, watch.accountings);
    if (watch.dropped === 0) twin.put(r, rounds, watch.accountings);
    else twin.put(r, runReplicate(merged, spec, first + r, alone.next()), alone.accountings);
  }
  return { key: job.key, values: own.entries(), twin: twin.entries() };
}

/** An audited simulation's values, replicate by replicate: its arm's figures, and with `accountings` their variants. */
class SimulationColumns {
  private readonly figures: FigureColumns;
  private readonly variants: {
    readonly unit: TestUnit;
    readonly timing: TestTiming;
    readonly columns: Float64Array[];
  }[];

  constructor(
    job: AuditJob,
    count: number,
    private readonly rounds: number,
  ) {
    this.figures = new FigureColumns(job.arm, count, rounds);
    this.variants =
      job.accountings === true
        ? ACCOUNTINGS.map((a) => ({ ...a, columns: TEST_FIGURES.map(() => new Float64Array(count)) }))
        : [];
  }

  /** A replicate's rounds, and the same rounds under every accounting (with `accountings`). */
  put(replicate: number, played: readonly RoundMetrics[], accountings: readonly AccountingMetrics[]): void {
    this.figures.put(replicate, played);
    const complete = played.length === this.rounds;
    for (const v of this.variants) {
      const x = complete ? testFiguresUnder(accountings, v.unit, v.timing) : [NaN, NaN, NaN];
      v.columns.forEach((c, k) => (c[replicate] = x[k]!));
    }
  }

  entries(): [SimulationFigure, Float64Array][] {
    return [
      ...this.figures.byFigure(),
      ...this.variants.flatMap((v) =>
        TEST_FIGURES.map((id, k): [SimulationFigure, Float64Array] => [`${id}@${v.unit}/${v.timing}`, v.columns[k]!]),
      ),
    ];
  }
}

/**
 * The audit's simulations with each `--update merge` simulation joined to its `replace` twin (the job that
 * simulates both, `twin` set) where the two runs differ in nothing but the choice, and the published lifecycle
 * is the only one to read it (a module could read it too). `originals` gives each job of the list the whole
 * jobs it stands for, in its place and its twin's.
 */
export function pairTwins(jobs: readonly AuditJob[]): {
  readonly jobs: readonly AuditJob[];
  readonly originals: ReadonlyMap<AuditJob, readonly AuditJob[]>;
} {
  const twinText = (job: AuditJob, update: LibraryUpdate): string | null => {
    const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
    if (!config.agent.library || config.agent.lifecycle.name !== 'published' || config.modules !== undefined)
      return null;
    const { key: _key, hidden: _hidden, twin: _twin, ...rest } = job;
    return JSON.stringify([rest, { ...config, agent: { ...config.agent, update } }]);
  };
  const replaces = new Map<string, AuditJob>();
  for (const job of jobs) {
    if (job.hidden.update !== 'replace') continue;
    const text = twinText(job, 'merge');
    if (text !== null) replaces.set(text, job);
  }
  const partner = new Map<AuditJob, AuditJob>();
  const taken = new Set<AuditJob>();
  for (const job of jobs) {
    if (job.hidden.update !== 'merge') continue;
    const text = twinText(job, 'merge');
    const replace = text === null ? undefined : replaces.get(text);
    if (replace === undefined || replace.key === job.key || partner.has(replace)) continue;
    partner.set(replace, job);
    taken.add(job);
  }
  const out: AuditJob[] = [];
  const originals = new Map<AuditJob, readonly AuditJob[]>();
  for (const job of jobs) {
    if (taken.has(job)) continue;
    const twin = partner.get(job);
    const paired = twin === undefined ? job : { ...job, twin: { key: twin.key, hidden: twin.hidden } };
    out.push(paired);
    originals.set(paired, twin === undefined ? [job] : [job, twin]);
  }
  return { jobs: out, originals };
}

/**
 * How the audit's simulations are cut for the pool (see splitReplicates): 32 tasks a thread, and the
 * simulations at the end of the list, worth 3 tasks a thread, four times finer. A worker is kept jobs ahead,
 * so a stage ends with each thread finishing what it holds, and finer last pieces make that wait short.
 * Simulations stay one a task: each is at least a screening's worth of replicates.
 */
export const AUDIT_SPLIT: SplitOptions = { tasksPerThread: 32, fineTail: 3 };

/**
 * The audit's simulations as the pool's jobs: each whole, or cut into pieces of consecutive replicates
 * (`first` … `first + replicates − 1`) for `threads` threads; each piece with where it belongs.
 */
export function auditPieces(jobs: readonly AuditJob[], threads: number): { job: AuditJob; piece: Piece }[] {
  const out: { job: AuditJob; piece: Piece }[] = [];
  for (const task of splitReplicates(jobs.length, (u) => jobs[u]!.replicates, threads, AUDIT_SPLIT)) {
    for (const piece of task) {
      const whole = jobs[piece.unit]!;
      const job =
        piece.parts === 1
          ? whole
          : {
              ...whole,
              key: `${whole.key}@${piece.part}`,
              first: (whole.first ?? 0) + piece.from,
              replicates: piece.to - piece.from,
            };
      out.push({ job, piece });
    }
  }
  return out;
}

/** A simulation's values from its pieces' results, given in replicate order (and its twin's, with a `twin`). */
export function joinFigureValues(job: AuditJob, pieces: readonly AuditJobResult[]): AuditJobResult {
  if (pieces.length === 1 && pieces[0]!.key === job.key) return pieces[0]!;
  const join = (of: (piece: AuditJobResult) => [SimulationFigure, Float64Array][]) =>
    of(pieces[0]!).map(([id], f): [SimulationFigure, Float64Array] => {
      const joined = new Float64Array(job.replicates);
      let at = 0;
      for (const piece of pieces) {
        joined.set(of(piece)[f]![1], at);
        at += of(piece)[f]![1].length;
      }
      return [id, joined];
    });
  const values = join((piece) => piece.values);
  return job.twin === undefined ? { key: job.key, values } : { key: job.key, values, twin: join((p) => p.twin!) };
}

export type SimulationPool = WorkerPool<SimulationJob, SimulationResult>;

/** The pool the reproduction's simulations run on: this thread and `threads` − 1 worker threads. */
export function simulationPool(threads: number): SimulationPool {
  return new WorkerPool(new URL('./simulationWorker.js', import.meta.url), threads, runSimulation);
}

/**
 * Run figure jobs on the pool, each cut into pieces (`auditPieces`) and joined again, with runs kept whole
 * (`alongside`) ahead of them. `onSimulation` takes each simulation's values as soon as its last piece is
 * in, so work on it can start while others still run, and `onRuns` the runs kept whole once the last is in;
 * the result holds every job's values by key.
 */
export async function runFigureJobs(
  pool: SimulationPool,
  jobs: readonly AuditJob[],
  options: {
    readonly alongside?: readonly RunJob[];
    readonly onProgress?: (done: number, total: number) => void;
    readonly onSimulation?: (job: AuditJob, result: AuditJobResult) => void;
    readonly onRuns?: (runs: ReadonlyMap<string, RunJobResult>) => void;
    /** Leave every job to the worker threads (while there are any): this thread has other work meanwhile. */
    readonly workersOnly?: boolean;
  } = {},
): Promise<{ values: Map<string, AuditJobResult>; runs: Map<string, RunJobResult> }> {
  const twins = pairTwins(jobs);
  const pieces = auditPieces(twins.jobs, pool.threads);
  const pieceOf = new Map<SimulationJob, Piece>(pieces.map(({ job, piece }) => [job, piece]));
  const joiner = new PartJoiner<AuditJobResult>();
  const values = new Map<string, AuditJobResult>();
  const runs = new Map<string, RunJobResult>();
  // Longest first, so the run ends on short pieces and no thread waits long for the other's last one.
  const longestFirst = pieces.map((p) => p.job).sort((a, b) => b.replicates - a.replicates);
  const all: readonly SimulationJob[] = [...(options.alongside ?? []), ...longestFirst];
  let done = 0;
  await pool.run(
    all,
    (job, result) => {
      if (job.kind === 'run' && 'replicates' in result) {
        runs.set(job.key, result);
        if (runs.size === options.alongside?.length) options.onRuns?.(runs);
      } else if (job.kind === 'figures' && 'values' in result) {
        const piece = pieceOf.get(job)!;
        const parts = joiner.add(piece, result);
        if (parts !== null) {
          const whole = twins.jobs[piece.unit]!;
          const joined = joinFigureValues(whole, parts);
          const [own, twin] = twins.originals.get(whole)!;
          const simulated: [AuditJob, AuditJobResult][] = [[own!, { key: own!.key, values: joined.values }]];
          if (twin !== undefined) simulated.push([twin, { key: twin.key, values: joined.twin! }]);
          for (const [original, result] of simulated) {
            values.set(original.key, result);
            options.onSimulation?.(original, result);
          }
        }
      } else throw new Error(`simulation ${job.key} returned the wrong kind of result`);
      options.onProgress?.(++done, all.length);
    },
    // This thread leaves the runs kept whole (the longest jobs) to the workers: while it is busy with one,
    // the workers wait on its event loop once their queue runs dry.
    { here: (job) => job.kind !== 'run' && options.workersOnly !== true },
  );
  return { values, runs };
}

/** Buffers a result can hand over to the main thread instead of copying. */
export function transferables(result: SimulationResult): ArrayBuffer[] {
  if (!('values' in result)) return [];
  return [...result.values, ...(result.twin ?? [])].map(([, v]) => v.buffer as ArrayBuffer);
}
