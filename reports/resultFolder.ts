/**
 * Reads and validates a result folder (`hexa run --out`, `hexa sweep`, `hexa reproduce`) for `hexa report`.
 * Strict about what the report needs (manifest kind, required columns, whole numbers where expected, every
 * replicate × round present once per group), tolerant of extra columns. Any problem is one UsageError.
 *
 * The manifest and the small tables are read at once (`openResultFolder`); the rows are streamed group after
 * group (`streamResultFolder`, reports/resultRows.ts), so a report holds one group's values at a time. The
 * public `loadResultFolder` and `readResultFolder` keep every group's values, for scripts that want them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ResultKind } from './manifest.js';
import { readCsv, requireColumns, type CsvTable } from './csv/csvRead.js';
import { CsvReader, streamCsv } from './csv/csvStream.js';
import { HIDDEN_CHOICES } from '../sim/reproduction/arms.js';
import { msg, UsageError } from '../sim/core/messages.js';
import {
  expectedCounts,
  partialWarnings,
  unverifiedWarnings,
  verifyDataFile,
  type ExpectedCounts,
} from './folderIntegrity.js';
import { GroupAssembler, type Group, type GroupInfo, type Metric } from './resultRows.js';

export { REQUIRED_METRICS, type Group, type GroupInfo, type Metric } from './resultRows.js';

/** What is known of a result folder before its rows are read: its manifest, its small tables, its data file. */
export interface FolderHead {
  readonly dir: string;
  readonly kind: ResultKind;
  readonly manifest: Readonly<Record<string, unknown>>;
  /** The manifest's seed (null if it has none). */
  readonly seed: number | null;
  /** The column that names groups: 'arm' (reproduce), 'cell' (sweep), none for a run. */
  readonly groupColumn: 'arm' | 'cell' | null;
  /** reproduce: the published-vs-simulated table, and the audit when there is one. */
  readonly table: CsvTable | null;
  readonly audit: CsvTable | null;
  /** reproduce: the verdict's headline (verdict.json), when the folder has one. */
  readonly verdict: FolderVerdict | null;
  /** reproduce --calibrate: the posterior's rank histogram (calibration.json), when the folder has one. */
  readonly ranks: FolderRanks | null;
  /** Where the rows are: the CSV file, or (a sweep written with `--format parquet` alone) its Parquet tables. */
  readonly rows: { readonly kind: 'csv' | 'parquet'; readonly path: string };
  /** What the manifest says the rows hold (replicates per group, groups), checked as they are read. */
  readonly expected: ExpectedCounts;
  /** Why the manifest cannot verify the rows, one sentence (none when it can). */
  readonly unverified: readonly string[];
}

/** A result folder read back without its values (`streamResultFolder`): what a report describes. */
export interface ResultFolder extends Omit<FolderHead, 'rows'> {
  readonly groups: readonly GroupInfo[];
  /** Configuration columns in file order. */
  readonly parameters: readonly string[];
  /** Parameters that differ between groups. */
  readonly swept: readonly string[];
  /** What is missing from the results (a sweep that failed or stopped, cells absent), one sentence each. */
  readonly warnings: readonly string[];
}

/** A result folder read back whole (`loadResultFolder`): its manifest, its groups' metrics, and reproduce's tables. */
export interface ResultData extends ResultFolder {
  readonly groups: readonly Group[];
}

/**
 * What the report reads from verdict.json: the headline's sentences and, where the file has them, each hidden
 * choice's posterior with its state (the rest of the file is for people and scripts).
 */
export interface FolderVerdict {
  readonly sentences: readonly string[];
  readonly posterior: readonly PosteriorBar[];
}

/** One value of one hidden choice, as verdict.json gives it, for the posterior chart. */
export interface PosteriorBar {
  readonly choice: string;
  readonly value: string;
  readonly posterior: number;
  readonly low: number;
  readonly high: number;
  /** The choice's state: identified at this value, open, or held open by readings not estimable. */
  readonly state: 'identified' | 'open' | 'held open';
}

/** From calibration.json, when the folder has one with a rank histogram: each choice's ranks. */
export type FolderRanks = readonly { readonly choice: string; readonly values: readonly number[] }[];

const KINDS: readonly ResultKind[] = ['run', 'sweep', 'reproduce'];
const DATA_FILE: Record<ResultKind, string> = { run: 'runs.csv', sweep: 'results.csv', reproduce: 'runs.csv' };
const GROUP_COLUMN: Record<ResultKind, 'arm' | 'cell' | null> = { run: null, sweep: 'cell', reproduce: 'arm' };
const TABLE_COLUMNS = ['id', 'published', 'mean'];

function readManifest(dir: string): Record<string, unknown> & { kind: ResultKind } {
  if (!existsSync(dir)) throw new UsageError(msg.notResultFolder(dir, 'it does not exist'));
  if (!statSync(dir).isDirectory()) throw new UsageError(msg.notResultFolder(dir, 'it is a file'));
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new UsageError(msg.notResultFolder(dir, 'no manifest.json'));
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new UsageError(msg.notResultFolder(dir, 'manifest.json is not valid JSON'));
  }
  const kind =
    typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>).kind : undefined;
  if (!KINDS.includes(kind as ResultKind)) {
    throw new UsageError(
      msg.notResultFolder(dir, `manifest.json has no kind ${KINDS.map((k) => `'${k}'`).join(', ')}`),
    );
  }
  return manifest as Record<string, unknown> & { kind: ResultKind };
}

function readVerdict(dir: string): FolderVerdict | null {
  const path = join(dir, 'verdict.json');
  if (!existsSync(path)) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new UsageError(msg.notResultFolder(dir, 'verdict.json is not valid JSON'));
  }
  const sentences = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>).sentences : undefined;
  if (!Array.isArray(sentences) || !sentences.every((x) => typeof x === 'string')) {
    throw new UsageError(msg.notResultFolder(dir, 'verdict.json has no list of sentences'));
  }
  return { sentences, posterior: posteriorBars(doc as Record<string, unknown>) };
}

/** Each hidden choice's values with their posteriors and the choice's state, from verdict.json (none if absent). */
function posteriorBars(doc: Record<string, unknown>): PosteriorBar[] {
  const marginals = doc.marginals;
  if (typeof marginals !== 'object' || marginals === null) return [];
  const identified = (doc.identified ?? {}) as Record<string, string>;
  const held = new Set(Array.isArray(doc.heldOpen) ? (doc.heldOpen as string[]) : []);
  const byFlag = new Map(HIDDEN_CHOICES.map((c) => [c.flag, c.key]));
  return Object.entries(marginals as Record<string, Record<string, Record<string, number | null>>>).flatMap(
    ([flag, values]) =>
      Object.entries(values).map(([value, m]) => ({
        choice: flag,
        value,
        posterior: m.posterior ?? 0,
        low: m.low ?? 0,
        high: m.high ?? 1,
        state:
          identified[byFlag.get(flag) ?? flag] !== undefined ? 'identified' : held.has(flag) ? 'held open' : 'open',
      })),
  );
}

/** The rank histogram's data from calibration.json, or null when the folder has none. */
function readRanks(dir: string): FolderRanks | null {
  const path = join(dir, 'calibration.json');
  if (!existsSync(path)) return null;
  try {
    const doc = JSON.parse(readFileSync(path, 'utf8')) as {
      ranks?: { ranks?: { key: string; values: number[] }[] } | null;
    };
    const ranks = doc.ranks?.ranks;
    if (!Array.isArray(ranks)) return null;
    return ranks.map((r) => ({ choice: HIDDEN_CHOICES.find((c) => c.key === r.key)?.flag ?? r.key, values: r.values }));
  } catch {
    throw new UsageError(msg.notResultFolder(dir, 'calibration.json is not valid JSON'));
  }
}

function readTable(dir: string, name: string, required: boolean): CsvTable | null {
  const path = join(dir, name);
  if (!existsSync(path)) {
    if (required) throw new UsageError(msg.notResultFolder(dir, `no ${name}`));
    return null;
  }
  return readCsv(path);
}

/** A sweep written with `--format parquet` alone: no results.csv, its rows in results.parquet and cells.csv. */
function parquetOnly(dir: string, kind: ResultKind): boolean {
  return kind === 'sweep' && !existsSync(join(dir, DATA_FILE.sweep)) && existsSync(join(dir, 'results.parquet'));
}

/**
 * A result folder's manifest, small tables and verdict, and where its rows are (checked against what the manifest
 * records of them); throws a UsageError naming the folder and what is missing when it is not one. `parquet`:
 * whether a sweep written with `--format parquet` alone may be read (its rows then come from its Parquet tables).
 */
export function openResultFolder(dir: string, parquet = true): FolderHead {
  const manifest = readManifest(dir);
  const kind = manifest.kind;
  let rows: FolderHead['rows'];
  let files = [DATA_FILE[kind]];
  if (parquet && parquetOnly(dir, kind)) {
    files = ['results.parquet', 'cells.csv'];
    for (const file of files) verifyDataFile(dir, file, manifest);
    rows = { kind: 'parquet', path: join(dir, 'results.parquet') };
  } else {
    if (!existsSync(join(dir, DATA_FILE[kind])))
      throw new UsageError(msg.notResultFolder(dir, `no ${DATA_FILE[kind]}`));
    verifyDataFile(dir, DATA_FILE[kind], manifest);
    rows = { kind: 'csv', path: join(dir, DATA_FILE[kind]) };
  }
  const table = kind === 'reproduce' ? readTable(dir, 'table.csv', true) : null;
  if (table) requireColumns(table, TABLE_COLUMNS);
  const audit = kind === 'reproduce' ? readTable(dir, 'audit.csv', false) : null;
  const verdict = kind === 'reproduce' ? readVerdict(dir) : null;
  const ranks = kind === 'reproduce' ? readRanks(dir) : null;
  const seed = typeof manifest.seed === 'number' && Number.isInteger(manifest.seed) ? manifest.seed : null;
  const expected = expectedCounts(kind, manifest);
  const unverified = unverifiedWarnings(manifest, files, expected);
  const groupColumn = GROUP_COLUMN[kind];
  return { dir, kind, manifest, seed, groupColumn, table, audit, verdict, ranks, rows, expected, unverified };
}

/** How far the rows have been read: `done` of `total`, in the unit `what` names ('MB of results.csv', say). */
export type RowProgress = (done: number, total: number, what: string) => void;

/** How a folder's groups are handed over: which metrics' values (null: all), and in which memory. */
export interface GroupValues {
  readonly metrics?: ReadonlySet<Metric> | null;
  /** A group's arrays hold a later group's values once it is used (streamResultFolder: once `onGroup` returns). */
  readonly reuse?: boolean;
  /** The values in shared memory, for other threads to read (CsvGroups). */
  readonly shared?: boolean;
}

/**
 * The folder's rows, group after group: `onGroup` gets each group with its values, which are dropped after it
 * returns. Resolves to the folder without its values once the last row is read.
 */
export async function streamResultFolder(
  head: FolderHead,
  onGroup: (group: Group) => void,
  progress: RowProgress = () => {},
  values: GroupValues = {},
): Promise<ResultFolder> {
  const assembler: GroupAssembler = new GroupAssembler(
    head.rows.path,
    head.groupColumn,
    (group) => {
      onGroup(group);
      if (values.reuse === true) assembler.release(group);
    },
    { metrics: values.metrics, expected: head.expected },
  );
  const name = basename(head.rows.path);
  if (head.rows.kind === 'csv') {
    const mb = (bytes: number): number => Math.floor(bytes / 2 ** 20);
    streamCsv(head.rows.path, assembler, (done, total) => progress(mb(done), mb(total), `MB of ${name}`));
  } else {
    const { streamParquetRows } = await import('./parquet/parquetRows.js');
    await streamParquetRows(head.dir, assembler, (done, total) => progress(done, total, `rows of ${name}`));
  }
  return folderOf(head, assembler);
}

/**
 * A CSV folder's groups as a generator (`groups`), for a caller that hands them on one at a time — to other
 * threads, say — and takes the next when it is ready; `folder` once the generator is done.
 */
export class CsvGroups {
  private assembler: GroupAssembler | null = null;
  private done = false;

  constructor(
    private readonly head: FolderHead,
    private readonly progress: RowProgress = () => {},
    private readonly values: GroupValues = {},
  ) {
    if (head.rows.kind !== 'csv') throw new Error(`${head.rows.path}: not a CSV file`);
  }

  *groups(): Generator<Group> {
    const ready: Group[] = [];
    const assembler = new GroupAssembler(this.head.rows.path, this.head.groupColumn, (g) => ready.push(g), {
      metrics: this.values.metrics,
      expected: this.head.expected,
      shared: this.values.shared,
    });
    this.assembler = assembler;
    const mb = (bytes: number): number => Math.floor(bytes / 2 ** 20);
    const what = `MB of ${basename(this.head.rows.path)}`;
    const reader = new CsvReader(this.head.rows.path, assembler, (done, total) =>
      this.progress(mb(done), mb(total), what),
    );
    try {
      for (let more = true; more; ) {
        more = reader.step();
        if (!more) assembler.finishRows();
        for (let g = ready.shift(); g !== undefined; g = ready.shift()) yield g;
      }
    } finally {
      reader.close();
    }
    this.done = true;
  }

  /** A group yielded will not be read again: its arrays may hold a later group's values. */
  release(group: Group): void {
    this.assembler?.release(group);
  }

  folder(): ResultFolder {
    if (!this.done || this.assembler === null) throw new Error('CsvGroups: the groups are not all read yet');
    return folderOf(this.head, this.assembler);
  }
}

function folderOf(head: FolderHead, assembler: GroupAssembler): ResultFolder {
  const { rows: _, ...rest } = head;
  const read = assembler.finish();
  const warnings = head.kind === 'sweep' ? partialWarnings(head.manifest, read.groups.length) : [];
  return { ...rest, ...read, warnings };
}

/** A folder read whole: every group with its values. */
function withValues(folder: ResultFolder, groups: readonly Group[]): ResultData {
  return { ...folder, groups };
}

/**
 * As loadResultFolder, and for a sweep folder written with `--format parquet` alone too: its rows are read from
 * its Parquet tables (verified against the manifest first), the values exactly those its results.csv would hold.
 */
export async function readResultFolder(dir: string): Promise<ResultData> {
  const groups: Group[] = [];
  const folder = await streamResultFolder(openResultFolder(dir), (g) => groups.push(g));
  return withValues(folder, groups);
}

/**
 * Read a folder written by `hexa run --out`, `hexa sweep` or `hexa reproduce` (or the API's folder writers) whole,
 * every group with its values; throws a UsageError naming the folder and what is missing when it is not one.
 */
export function loadResultFolder(dir: string): ResultData {
  const head = openResultFolder(dir, false);
  const groups: Group[] = [];
  const assembler = new GroupAssembler(head.rows.path, head.groupColumn, (g) => groups.push(g), {
    expected: head.expected,
  });
  streamCsv(head.rows.path, assembler);
  return withValues(folderOf(head, assembler), groups);
}
