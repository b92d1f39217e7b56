/**
 * A result folder summarised as its rows stream past (`summarizeFolder`): read here, and on a big folder summarised
 * on worker threads too; the statistics themselves are summary.ts's, which reads no file.
 */
import { statSync } from 'node:fs';
import { defaultWorkers } from '../sim/core/parallel/cores.js';
import { WorkerPool } from '../sim/core/parallel/pool.js';
import type { ResultKind } from './manifest.js';
import {
  CsvGroups,
  openResultFolder,
  streamResultFolder,
  type FolderHead,
  type GroupValues,
  type ResultFolder,
  type RowProgress,
} from './resultFolder.js';
import type { Group, Metric } from './resultRows.js';
import {
  groupJob,
  jobStats,
  SummaryBuilder,
  type GroupJob,
  type GroupStats,
  type Summary,
  type SummaryOptions,
} from './summary.js';

/**
 * The values a summary reads — a reproduction's figures read every metric — in buffers the next group's values
 * overwrite: a summary keeps copies of what it keeps.
 */
function valuesRead(kind: ResultKind): GroupValues {
  const metrics: ReadonlySet<Metric> | null =
    kind === 'reproduce' ? null : new Set(['meanAttempts', 'solveRate', 'skills', 'refutations', 'tests']);
  return { metrics, reuse: true };
}

/** How a folder is summarised: on how many threads, and from what size of results on. */
export interface Threads {
  /** Threads in all (this one among them); default: the cores this process may use. */
  readonly threads?: number;
  /** Results files smaller than this are summarised on this thread alone (a worker's start would cost more). */
  readonly fromBytes?: number;
}

/** Below this, a worker thread's start (its modules, its bootstrap plan) costs more than it saves. */
const PARALLEL_FROM_BYTES = 16 * 2 ** 20;

/**
 * A result folder summarised while its rows stream past, one group's values in memory at a time (a few, when
 * its groups are summarised on several threads: each thread holds the group it works on and one or two
 * waiting): the folder (without values) and its summary. `options` may depend on the folder's manifest (its
 * seed, say). The summary is the same on any number of threads: each group's statistics depend on its values
 * and the bootstrap plan (seed, resamples, n) only.
 */
export async function summarizeFolder(
  dir: string,
  options: (head: { readonly seed: number | null }) => SummaryOptions,
  progress?: RowProgress,
  threads: Threads = {},
): Promise<{ data: ResultFolder; summary: Summary }> {
  const head = openResultFolder(dir);
  const opts = options(head);
  const builder = new SummaryBuilder(opts, head.kind);
  const count = threads.threads ?? defaultWorkers();
  const parallel =
    count > 1 &&
    head.rows.kind === 'csv' &&
    statSync(head.rows.path).size >= (threads.fromBytes ?? PARALLEL_FROM_BYTES);
  const data = parallel
    ? await summarizeOnThreads(head, opts, builder, count, progress)
    : await streamResultFolder(head, (group) => builder.add(group), progress, valuesRead(head.kind));
  return { data, summary: builder.finish(data) };
}

/**
 * The groups read here, one after another, and summarised on `threads` threads (this one too, between reads):
 * the pool takes the next group only when a thread is ready for it, so the reading never runs far ahead.
 */
async function summarizeOnThreads(
  head: FolderHead,
  options: SummaryOptions,
  builder: SummaryBuilder,
  threads: number,
  progress?: RowProgress,
): Promise<ResultFolder> {
  // The values in shared memory: a worker thread reads a group's without a copy, and once its statistics are
  // back the group's arrays take a later group's values — a few groups' arrays in all, however many groups.
  const reader = new CsvGroups(head, progress, { ...valuesRead(head.kind), shared: true });
  const out = new Map<number, Group>();
  let failure: unknown = null;
  // A refusal while reading ends the jobs (those running finish) and is thrown here, not inside the pool.
  function* jobs(): Generator<GroupJob> {
    try {
      for (const group of reader.groups()) {
        const index = builder.keep(group);
        out.set(index, group);
        yield groupJob(group, index, head.kind, options);
      }
    } catch (e) {
      failure = e;
    }
  }
  const pool = new WorkerPool<GroupJob, GroupStats>(new URL('./summaryWorker.js', import.meta.url), threads, jobStats);
  try {
    await pool.run(jobs(), (job, stats) => {
      builder.put(job.index, stats);
      reader.release(out.get(job.index)!);
      out.delete(job.index);
    });
  } finally {
    await pool.close();
  }
  if (failure !== null) throw failure;
  return reader.folder();
}
