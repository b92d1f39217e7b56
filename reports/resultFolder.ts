/**
 * Reads and validates a result folder (`hexa run --out`, `hexa sweep`, `hexa reproduce`) for `hexa report`.
 * Strict about what the report needs (manifest kind, required columns, whole numbers where expected, every
 * replicate × round present once per group), tolerant of extra columns. Any problem is one UsageError.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultKind } from './manifest.js';
import { METRIC_COLUMNS } from './csv/rows.js';
import { numericColumn, readCsv, requireColumns, type CsvTable } from './csv/csvRead.js';
import { HIDDEN_CHOICES } from '../sim/reproduction/arms.js';
import { msg, UsageError } from '../sim/core/messages.js';
import { partialWarnings, verifyDataFile } from './folderIntegrity.js';

export type Metric = (typeof METRIC_COLUMNS)[number];

/** Metrics every report needs; the other METRIC_COLUMNS are read when present. */
export const REQUIRED_METRICS = [
  'meanAttempts',
  'solveRate',
  'skills',
  'tests',
  'refutations',
] as const satisfies readonly Metric[];

/** One arm, cell or run: a complete replicate × round grid of metrics. */
export interface Group {
  readonly id: string;
  /** Columns constant within the group (the configuration), as text. */
  readonly params: Readonly<Record<string, string>>;
  /** Replicate ids, ascending; every metric array is aligned with them. */
  readonly replicates: readonly number[];
  /** Round numbers, ascending. */
  readonly rounds: readonly number[];
  /** One value per replicate for `metric` in the round at `roundIndex`; undefined if the column is absent. */
  values(metric: Metric, roundIndex: number): Float64Array | undefined;
}

/** A result folder read back (`loadResultFolder`): its manifest, its groups' metrics, and reproduce's tables. */
export interface ResultData {
  readonly dir: string;
  readonly kind: ResultKind;
  readonly manifest: Readonly<Record<string, unknown>>;
  /** The manifest's seed (null if it has none). */
  readonly seed: number | null;
  /** The column that names groups: 'arm' (reproduce), 'cell' (sweep), none for a run. */
  readonly groupColumn: 'arm' | 'cell' | null;
  readonly groups: readonly Group[];
  /** Configuration columns in file order. */
  readonly parameters: readonly string[];
  /** Parameters that differ between groups. */
  readonly swept: readonly string[];
  /** reproduce: the published-vs-simulated table, and the audit when there is one. */
  readonly table: CsvTable | null;
  readonly audit: CsvTable | null;
  /** reproduce: the verdict's headline (verdict.json), when the folder has one. */
  readonly verdict: FolderVerdict | null;
  /** reproduce --calibrate: the posterior's rank histogram (calibration.json), when the folder has one. */
  readonly ranks: FolderRanks | null;
  /** What is missing from the results (a sweep that failed or stopped, cells absent), one sentence each. */
  readonly warnings: readonly string[];
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
 * As loadResultFolder, and for a sweep folder written with `--format parquet` alone too: its results.csv is
 * made again from its Parquet tables (verified against the manifest first), byte for byte as it would have been.
 */
export async function readResultFolder(dir: string): Promise<ResultData> {
  const manifest = readManifest(dir);
  if (!parquetOnly(dir, manifest.kind)) return loadResultFolder(dir);
  for (const file of ['results.parquet', 'cells.csv']) verifyDataFile(dir, file, manifest);
  const { resultsTextOfParquet } = await import('./parquet/resultsText.js');
  return loadResultFolder(dir, await resultsTextOfParquet(dir));
}

/**
 * Read a folder written by `hexa run --out`, `hexa sweep` or `hexa reproduce` (or the API's folder writers);
 * throws a UsageError naming the folder and what is missing when it is not one. `resultsText`: a sweep's
 * results.csv made from its Parquet tables (readResultFolder).
 */
export function loadResultFolder(dir: string, resultsText?: string): ResultData {
  const manifest = readManifest(dir);
  const kind = manifest.kind;
  if (resultsText === undefined && existsSync(join(dir, DATA_FILE[kind])))
    verifyDataFile(dir, DATA_FILE[kind], manifest);
  const data =
    resultsText === undefined
      ? readTable(dir, DATA_FILE[kind], true)!
      : readCsv(join(dir, 'results.parquet'), resultsText);
  const groupColumn = GROUP_COLUMN[kind];
  requireColumns(data, [...(groupColumn ? [groupColumn] : []), 'replicate', 'round', ...REQUIRED_METRICS]);
  const table = kind === 'reproduce' ? readTable(dir, 'table.csv', true) : null;
  if (table) requireColumns(table, TABLE_COLUMNS);
  const audit = kind === 'reproduce' ? readTable(dir, 'audit.csv', false) : null;
  const verdict = kind === 'reproduce' ? readVerdict(dir) : null;
  const ranks = kind === 'reproduce' ? readRanks(dir) : null;

  const replicate = numericColumn(data, 'replicate', true);
  const round = numericColumn(data, 'round', true);
  const metrics = new Map<Metric, Float64Array>();
  for (const m of METRIC_COLUMNS) if (data.header.includes(m)) metrics.set(m, numericColumn(data, m));

  const g = groupColumn === null ? -1 : data.header.indexOf(groupColumn);
  const rowsOf = new Map<string, number[]>();
  data.rows.forEach((row, i) => {
    const id = g < 0 ? 'run' : row[g]!;
    if (id === '') throw new UsageError(msg.csvBadValue(data.file, data.lines[i]!, groupColumn!, id, 'a name'));
    let list = rowsOf.get(id);
    if (!list) rowsOf.set(id, (list = []));
    list.push(i);
  });

  const idColumns = new Set<string>([groupColumn ?? '', 'replicate', 'round', ...METRIC_COLUMNS]);
  const candidates = data.header.map((c, j) => ({ c, j })).filter(({ c }) => !idColumns.has(c));
  // A configuration column is constant within every group; anything else (an extra metric) is ignored.
  const parameters = candidates.filter(({ j }) =>
    [...rowsOf.values()].every((rows) => rows.every((i) => data.rows[i]![j] === data.rows[rows[0]!]![j])),
  );

  const groups: Group[] = [];
  for (const [id, rows] of rowsOf) {
    const replicates = [...new Set(rows.map((i) => replicate[i]!))].sort((a, b) => a - b);
    const rounds = [...new Set(rows.map((i) => round[i]!))].sort((a, b) => a - b);
    const n = replicates.length;
    const repIndex = new Map(replicates.map((r, k) => [r, k]));
    const roundIndex = new Map(rounds.map((r, k) => [r, k]));
    const slot = new Int32Array(n * rounds.length).fill(-1);
    for (const i of rows) {
      const s = roundIndex.get(round[i]!)! * n + repIndex.get(replicate[i]!)!;
      const what =
        `${groupColumn ?? 'the run'}${groupColumn ? ` '${id}'` : ''} has replicate ${replicate[i]} round ` +
        `${round[i]}`;
      if (slot[s] !== -1)
        throw new UsageError(
          msg.csvIncomplete(data.file, `${what} twice (lines ${data.lines[slot[s]!]} and ${data.lines[i]})`),
        );
      slot[s] = i;
    }
    const hole = slot.indexOf(-1);
    if (hole >= 0) {
      const who = groupColumn ? `${groupColumn} '${id}'` : 'the run';
      throw new UsageError(
        msg.csvIncomplete(
          data.file,
          `${who} lacks round ${rounds[Math.floor(hole / n)]} of replicate ${replicates[hole % n]}`,
        ),
      );
    }
    const grids = new Map<Metric, Float64Array>();
    for (const [m, column] of metrics)
      grids.set(
        m,
        Float64Array.from(slot, (i) => column[i]!),
      );
    const params: Record<string, string> = {};
    for (const { c, j } of parameters) params[c] = data.rows[rows[0]!]![j]!;
    groups.push({
      id,
      params,
      replicates,
      rounds,
      values: (metric, r) => grids.get(metric)?.subarray(r * n, (r + 1) * n),
    });
  }

  const names = parameters.map(({ c }) => c);
  const swept = names.filter((c) => new Set(groups.map((gr) => gr.params[c])).size > 1);
  const seed = typeof manifest.seed === 'number' && Number.isInteger(manifest.seed) ? manifest.seed : null;
  const warnings = kind === 'sweep' ? partialWarnings(manifest, groups.length) : [];
  return {
    dir,
    kind,
    manifest,
    seed,
    groupColumn,
    groups,
    parameters: names,
    swept,
    table,
    audit,
    verdict,
    ranks,
    warnings,
  };
}
