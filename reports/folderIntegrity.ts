/**
 * Whether a result folder's data can be reported as whole: the data file must match what its manifest records
 * of it (rows, bytes, SHA-256 — a file cut short or changed afterwards does not, and is refused), and a sweep
 * whose manifest says it did not finish, or whose file holds fewer cells than the manifest lists as done, is
 * reported with a warning saying what is missing (on stderr and in the report's headline), never as whole.
 * What the manifest gives to check the rows against — the replicates of each group, the cells a sweep finished —
 * is `expectedCounts`; a manifest that records neither a checksum of the data file nor those counts cannot
 * verify its results, and the report says so (`unverifiedWarnings`) rather than present them as verified.
 */
import { recordedChecksums, verifyFile } from './store/checksums.js';
import { msg, UsageError } from '../sim/core/messages.js';

/** Refuse a data file that does not match its manifest's record (folders from before records pass). */
export function verifyDataFile(dir: string, file: string, manifest: Readonly<Record<string, unknown>>): void {
  const record = recordedChecksums(manifest)[file];
  if (record === undefined) return;
  const why = verifyFile(dir, file, record);
  if (why !== null) throw new UsageError(msg.resultsUnverified(dir, file, why));
}

interface SweepSummary {
  readonly cells: number;
  readonly done: number;
  readonly failed: number;
  readonly pending: number;
}

function summaryOf(manifest: Readonly<Record<string, unknown>>): SweepSummary | undefined {
  const s = manifest.summary as Partial<SweepSummary> | undefined;
  if (typeof s !== 'object' || s === null) return undefined;
  const ok = [s.cells, s.done, s.failed, s.pending].every((n) => typeof n === 'number');
  return ok ? (s as SweepSummary) : undefined;
}

/** What is missing from a folder's results, one sentence each (empty when they are whole). */
export function partialWarnings(manifest: Readonly<Record<string, unknown>>, groupsFound: number): string[] {
  const out: string[] = [];
  const status = manifest.status;
  const summary = summaryOf(manifest);
  const counts =
    summary === undefined
      ? ''
      : `: ${summary.done} of ${summary.cells} cells done, ${summary.failed} failed, ${summary.pending} not run`;
  if (status === 'running') out.push(`the manifest says the sweep is still running (or was killed)${counts}`);
  else if (status === 'failed' || status === 'stopped') out.push(`the manifest says the sweep ${status}${counts}`);
  if (summary !== undefined && groupsFound < summary.done)
    out.push(`the results hold ${groupsFound} of the ${summary.done} cells the manifest lists as done`);
  if (out.length > 0) out.push(`this report covers only the ${groupsFound} cells in the results`);
  return out;
}

/** The counts the rows must show, as the manifest gives them (null: it does not say). */
export interface ExpectedCounts {
  /** Replicates in every group (a sweep's cells, a reproduction's arms, a run). */
  readonly replicates: number | null;
  /** Groups at most: the cells a sweep finished. */
  readonly groups: number | null;
}

const count = (x: unknown): number | null => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : null);

export function expectedCounts(kind: string, manifest: Readonly<Record<string, unknown>>): ExpectedCounts {
  if (kind === 'sweep') return { replicates: count(manifest.replicates), groups: summaryOf(manifest)?.done ?? null };
  const config = manifest.config as Readonly<Record<string, unknown>> | undefined;
  return {
    replicates: count(typeof config === 'object' && config !== null ? config.replicates : undefined),
    groups: null,
  };
}

/** Why the manifest cannot verify the folder's rows, one sentence (none when it can). */
export function unverifiedWarnings(
  manifest: Readonly<Record<string, unknown>>,
  files: readonly string[],
  expected: ExpectedCounts,
): string[] {
  const unrecorded = files.filter((f) => recordedChecksums(manifest)[f] === undefined);
  const missing = [
    ...(unrecorded.length > 0 ? [`no checksum of ${unrecorded.join(' or ')}`] : []),
    ...(expected.replicates === null ? ['no replicates per group'] : []),
  ];
  if (missing.length === 0) return [];
  return [
    `unverified: manifest.json records ${missing.join(' and ')}, so nothing shows these rows are the ones hexa ` +
      'wrote; they are reported as they stand',
  ];
}
