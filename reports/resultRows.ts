/**
 * A result folder's rows, group after group: each arm, cell or run is assembled from its rows into a complete
 * replicate × round grid, checked (whole numbers where expected, every replicate × round once), handed over, and
 * dropped before the next one is read — so reading a sweep of millions of rows holds one cell's values at a
 * time. The rows come from results.csv or runs.csv streamed (`streamCsv`), or from a sweep's Parquet tables,
 * one row group at a time (`streamParquetRows`); both give the records the CSV holds, so the checks and their
 * messages are the same.
 *
 * Rows of a group must come together, as every hexa command writes them (cell after cell, arm after arm): a
 * group that comes again after another is refused, naming the line.
 */
import { METRIC_COLUMNS } from './csv/rows.js';
import type { RecordSink } from './csv/csvStream.js';
import { msg, UsageError } from '../sim/core/messages.js';

export type Metric = (typeof METRIC_COLUMNS)[number];

/** Metrics every report needs; the other METRIC_COLUMNS are read when present. */
export const REQUIRED_METRICS = [
  'meanAttempts',
  'solveRate',
  'skills',
  'tests',
  'refutations',
] as const satisfies readonly Metric[];

/** One arm, cell or run as a report describes it: its configuration, replicates and rounds. */
export interface GroupInfo {
  readonly id: string;
  /** Columns constant within the group (the configuration), as text. */
  readonly params: Readonly<Record<string, string>>;
  /** Replicate ids, ascending. */
  readonly replicates: readonly number[];
  /** Round numbers, ascending. */
  readonly rounds: readonly number[];
}

/** One arm, cell or run with its values: a complete replicate × round grid of metrics. */
export interface Group extends GroupInfo {
  /**
   * One value per replicate (aligned with `replicates`) for `metric` in the round at `roundIndex`; undefined if
   * the column is absent.
   */
  values(metric: Metric, roundIndex: number): Float64Array | undefined;
}

/** What the rows said once all are read: the groups (without their values) and the configuration columns. */
export interface RowsRead {
  readonly groups: readonly GroupInfo[];
  /** Configuration columns in file order: those constant within every group. */
  readonly parameters: readonly string[];
  /** Parameters that differ between groups. */
  readonly swept: readonly string[];
}

/** A growable column of numbers. */
class Column {
  values = new Float64Array(64);
  length = 0;

  push(x: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = x;
  }
}

/** A group's rows while they are read. */
interface Pending {
  readonly id: string;
  /** The first row's value of every candidate configuration column. */
  readonly first: readonly string[];
  /** Its attempt cap and tasks a round, when its configuration gives them (else NaN): bounds of its metrics. */
  readonly cap: number;
  readonly tasks: number;
}

/**
 * What a metric can be, by its definition (sim/experiment/replicate.ts): a count (a whole number, at least 0),
 * a share (0 … 1), or a task's mean attempts (1 … the cap: a task takes at least one attempt, an unsolved one
 * counts the cap).
 */
const METRIC_RANGE: Readonly<Record<Metric, 'count' | 'share' | 'attempts'>> = Object.fromEntries(
  METRIC_COLUMNS.map((m) => [
    m,
    m === 'meanAttempts' ? 'attempts' : m === 'solveRate' || m === 'refutationRate' ? 'share' : 'count',
  ]),
) as Record<Metric, 'count' | 'share' | 'attempts'>;

export interface AssemblerOptions {
  /** The metrics a group's `values` gives (every metric is still checked); null or absent: all of them. */
  readonly metrics?: ReadonlySet<Metric> | null;
  /** What the manifest says the rows hold, checked as they are read. */
  readonly expected?: Expected;
  /** Whether a group's values are in shared memory: to be read by other threads without a copy. */
  readonly shared?: boolean;
}

/** A group's counts as the manifest gives them (null: it does not say), to check its rows against. */
export interface Expected {
  readonly replicates: number | null;
  readonly groups: number | null;
}

/**
 * Assembles groups from a table's records (a RecordSink): `onGroup` gets each complete group; `finish` says
 * what the rows held once the last one is read.
 */
export class GroupAssembler implements RecordSink {
  /** Column indices: the group's name (-1: none), replicate, round, and each metric present with its name. */
  private group = -1;
  private replicate = -1;
  private round = -1;
  private metrics: { readonly index: number; readonly name: Metric }[] = [];
  /** Columns that may be configuration (neither ids nor metrics), by index, with their names. */
  private candidates: number[] = [];
  private names: readonly string[] = [];
  /** Leading columns that are configuration (the group's name among them): what rows of a group share. */
  private shared = 0;
  /** The last whole record, whose first `shared` fields a tail's row shares. */
  private last: readonly string[] = [];
  /** Candidates (by position in `candidates`) that changed within some group: not configuration. */
  private readonly varying = new Set<number>();
  private current: Pending | null = null;
  private readonly seen = new Set<string>();
  private readonly done: { readonly id: string; readonly first: readonly string[] }[] = [];
  private readonly doneInfo: { replicates: readonly number[]; rounds: readonly number[] }[] = [];
  // The current group's rows, column by column.
  private reps = new Column();
  private roundsOf = new Column();
  private lines = new Column();
  private values: Column[] = [];

  private readonly keep: ReadonlySet<Metric> | null;
  private readonly expected: Expected;
  private readonly inSharedMemory: boolean;

  constructor(
    /** The file as messages name it. */
    private readonly file: string,
    private readonly groupColumn: 'arm' | 'cell' | null,
    private readonly onGroup: (group: Group) => void,
    options: AssemblerOptions = {},
  ) {
    this.keep = options.metrics ?? null;
    this.expected = options.expected ?? { replicates: null, groups: null };
    this.inSharedMemory = options.shared ?? false;
  }

  header(fields: readonly string[]): void {
    const missing = [...(this.groupColumn ? [this.groupColumn] : []), 'replicate', 'round', ...REQUIRED_METRICS].filter(
      (c) => !fields.includes(c),
    );
    if (missing.length > 0) throw new UsageError(msg.csvMissingColumns(this.file, missing));
    this.names = fields;
    this.group = this.groupColumn === null ? -1 : fields.indexOf(this.groupColumn);
    this.replicate = fields.indexOf('replicate');
    this.round = fields.indexOf('round');
    this.metrics = METRIC_COLUMNS.filter((m) => fields.includes(m)).map((name) => ({
      index: fields.indexOf(name),
      name,
    }));
    const ids = new Set<string>([this.groupColumn ?? '', 'replicate', 'round', ...METRIC_COLUMNS]);
    this.candidates = fields.flatMap((c, j) => (ids.has(c) ? [] : [j]));
    this.shared = 0;
    while (this.shared < fields.length && (!ids.has(fields[this.shared]!) || this.shared === this.group)) this.shared++;
    this.values = this.metrics.map(() => new Column());
    this.related = {};
    for (const name of ['solved', 'tasksWithSkills', 'refutations', 'tests'] as const) {
      const k = this.metrics.findIndex((m) => m.name === name);
      if (k >= 0) this.related[name] = this.values[k]!;
    }
  }

  /** The columns of the metrics a row's others are checked against. */
  private related: Partial<Record<'solved' | 'tasksWithSkills' | 'refutations' | 'tests', Column>> = {};

  record(fields: string[], line: number): number {
    this.last = fields;
    this.enter(this.group < 0 ? 'run' : fields[this.group]!, fields, 0, line);
    this.row(fields, 0, line);
    return this.shared;
  }

  tail(fields: string[], line: number): void {
    // Its group's name is among the shared fields, the last whole record's, unless it comes after them.
    if (this.group >= this.shared) this.enter(fields[this.group - this.shared]!, fields, this.shared, line);
    this.row(fields, this.shared, line);
  }

  /**
   * The group of a row (its fields from `from` on; the ones before are the last whole record's): the current
   * group, or a new one (the current one is then complete).
   */
  private enter(id: string, fields: readonly string[], from: number, line: number): void {
    const at = (j: number): string => (j < from ? this.last[j]! : fields[j - from]!);
    const current = this.current;
    if (current !== null && current.id === id) {
      // A row of the same group that does not share the last one's leading bytes: which configuration changed?
      if (from === 0)
        this.candidates.forEach((j, k) => {
          if (at(j) !== current.first[k]) this.varying.add(k);
        });
      return;
    }
    if (id === '') throw new UsageError(msg.csvBadValue(this.file, line, this.groupColumn!, id, 'a name'));
    if (this.seen.has(id)) throw new UsageError(msg.csvScattered(this.file, line, this.groupColumn!, id));
    this.complete();
    this.seen.add(id);
    const first = this.candidates.map(at);
    const parameter = (name: string): number => {
      const k = this.candidates.findIndex((j) => this.names[j] === name);
      const text = k < 0 ? '' : first[k]!.trim();
      return text === '' ? Number.NaN : Number(text);
    };
    this.current = { id, first, cap: parameter('cap'), tasks: parameter('tasks') };
  }

  /** A row's ids and metrics (fields from `from` on: the record's, or a tail's after the shared ones). */
  private row(fields: readonly string[], from: number, line: number): void {
    const current = this.current!;
    const at = (j: number): string => (j < from ? this.last[j]! : fields[j - from]!);
    this.reps.push(this.number(at(this.replicate), line, 'replicate', true));
    this.roundsOf.push(this.number(at(this.round), line, 'round', true));
    this.lines.push(line);
    this.metrics.forEach(({ index, name }, k) => {
      const value = this.number(at(index), line, name, false);
      this.values[k]!.push(value);
      this.checkRange(name, value, current, line);
    });
    this.checkRelations(current, line);
    if (from > 0)
      for (let k = 0; k < this.candidates.length; k++) {
        const j = this.candidates[k]!;
        if (j >= from && fields[j - from] !== current.first[k]) this.varying.add(k);
      }
  }

  /** Refuse a value its metric cannot take, naming line, column, value and group. */
  private checkRange(name: Metric, value: number, group: Pending, line: number): void {
    const range = METRIC_RANGE[name];
    let why: string | null = null;
    if (range === 'count' && !(value >= 0 && Number.isInteger(value))) why = 'a count is a whole number, at least 0';
    else if (range === 'share' && !(value >= 0 && value <= 1)) why = 'a share is between 0 and 1';
    else if (range === 'attempts' && !(value >= 1 && !(value > group.cap)))
      why = `a task takes from 1 attempt to the cap${Number.isFinite(group.cap) ? ` (${group.cap})` : ''}`;
    if (why !== null) throw new UsageError(msg.csvImpossible(this.file, line, name, value, this.who(group), why));
  }

  /** Refuse a row whose metrics contradict each other or the group's tasks a round. */
  private checkRelations(group: Pending, line: number): void {
    const last = (name: 'solved' | 'tasksWithSkills' | 'refutations' | 'tests'): number => {
      const column = this.related[name];
      return column === undefined ? Number.NaN : column.values[column.length - 1]!;
    };
    const refuse = (name: 'solved' | 'tasksWithSkills' | 'refutations', why: string): never => {
      throw new UsageError(msg.csvImpossible(this.file, line, name, last(name), this.who(group), why));
    };
    for (const name of ['solved', 'tasksWithSkills'] as const)
      if (last(name) > group.tasks) refuse(name, `a round has ${group.tasks} tasks`);
    if (last('refutations') > last('tests')) refuse('refutations', `only ${last('tests')} tests in the round`);
  }

  /** How messages name a group. */
  private who(group: Pending): string {
    return this.groupColumn ? `${this.groupColumn} '${group.id}'` : 'the run';
  }

  /** A field as a finite number (a whole one for ids); a UsageError naming line, column and value otherwise. */
  private number(text: string, line: number, column: string, integer: boolean): number {
    let value = Number(text);
    if (value === 0 && text.trim() === '') value = NaN;
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value)))
      throw new UsageError(msg.csvBadValue(this.file, line, column, text, integer ? 'a whole number' : 'a number'));
    return value;
  }

  /** The current group, complete: checked into a grid and handed over; its rows are dropped. */
  private complete(): void {
    const current = this.current;
    if (current === null) return;
    this.current = null;
    const rows = this.reps.length;
    const [rep, round, lines] = [this.reps.values, this.roundsOf.values, this.lines.values];
    const replicates = uniqueSorted(rep, rows);
    const rounds = uniqueSorted(round, rows);
    const n = replicates.length;
    const repIndex = new Map(replicates.map((r, k) => [r, k]));
    const roundIndex = new Map(rounds.map((r, k) => [r, k]));
    if (this.slots.length !== n * rounds.length) this.slots = new Int32Array(n * rounds.length);
    const slot = this.slots.fill(-1);
    const who = this.groupColumn ? `${this.groupColumn} '${current.id}'` : 'the run';
    for (let i = 0; i < rows; i++) {
      const s = roundIndex.get(round[i]!)! * n + repIndex.get(rep[i]!)!;
      if (slot[s] !== -1) {
        const what = `${who} has replicate ${rep[i]} round ${round[i]}`;
        throw new UsageError(msg.csvIncomplete(this.file, `${what} twice (lines ${lines[slot[s]!]} and ${lines[i]})`));
      }
      slot[s] = i;
    }
    if (this.expected.replicates !== null && n !== this.expected.replicates)
      throw new UsageError(
        msg.csvCounts(this.file, who, `has ${n} replicates where the manifest says ${this.expected.replicates}`),
      );
    const hole = slot.indexOf(-1);
    if (hole >= 0)
      throw new UsageError(
        msg.csvIncomplete(
          this.file,
          `${who} lacks round ${rounds[Math.floor(hole / n)]} of replicate ${replicates[hole % n]}`,
        ),
      );
    const grids = new Map<Metric, Float64Array>();
    this.metrics.forEach(({ name }, k) => {
      if (this.keep !== null && !this.keep.has(name)) return;
      const column = this.values[k]!.values;
      const grid = this.grid(name, slot.length);
      for (let i = 0; i < slot.length; i++) grid[i] = column[slot[i]!]!;
      grids.set(name, grid);
    });
    // Most groups have the same replicates and rounds as the one before: one list for all of them.
    const before = this.doneInfo.at(-1);
    const info = {
      replicates: before !== undefined && sameList(before.replicates, replicates) ? before.replicates : replicates,
      rounds: before !== undefined && sameList(before.rounds, rounds) ? before.rounds : rounds,
    };
    this.done.push({ id: current.id, first: current.first });
    this.doneInfo.push(info);
    for (const c of [this.reps, this.roundsOf, this.lines, ...this.values]) c.length = 0;
    const params = this.paramsOf(current.first, (k) => !this.varying.has(k));
    const group: Group = {
      id: current.id,
      params,
      replicates: info.replicates,
      rounds: info.rounds,
      values: (metric, r) => grids.get(metric)?.subarray(r * n, (r + 1) * n),
    };
    this.lent.set(group, grids);
    this.onGroup(group);
  }

  private paramsOf(first: readonly string[], keep: (k: number) => boolean): Record<string, string> {
    const params: Record<string, string> = {};
    this.candidates.forEach((j, k) => {
      if (keep(k)) params[this.names[j]!] = first[k]!;
    });
    return params;
  }

  /** The arrays a group's values are in, while it is out (from `complete` to `release`). */
  private readonly lent = new WeakMap<Group, ReadonlyMap<Metric, Float64Array>>();
  /** Arrays of values given back (`release`), for the next group's values; the grid slots, always. */
  private readonly spare = new Map<string, Float64Array>();
  private slots = new Int32Array(0);

  /** The group's values will not be read again: their arrays may hold a later group's (no garbage a group). */
  release(group: Group): void {
    for (const [name, grid] of this.lent.get(group) ?? []) this.spare.set(name, grid);
    this.lent.delete(group);
  }

  /** An array for `length` values of `name`: a spare one of that length, or a new one. */
  private grid(name: Metric, length: number): Float64Array {
    const spare = this.spare.get(name);
    this.spare.delete(name);
    if (spare !== undefined && spare.length === length) return spare;
    return new Float64Array(this.inSharedMemory ? new SharedArrayBuffer(length * 8) : new ArrayBuffer(length * 8));
  }

  /** After the last row: the last group handed over (again a no-op). */
  finishRows(): void {
    this.complete();
  }

  /** After the last row: the last group handed over, and what the rows held. */
  finish(): RowsRead {
    this.complete();
    const found = this.done.length;
    if (this.expected.groups !== null && found > this.expected.groups)
      throw new UsageError(
        msg.csvCounts(
          this.file,
          'the rows',
          `hold ${found} ${this.groupColumn ?? 'group'}s where the manifest lists ${this.expected.groups} as done`,
        ),
      );
    const kept = this.candidates.flatMap((_, k) => (this.varying.has(k) ? [] : [k]));
    const parameters = kept.map((k) => this.names[this.candidates[k]!]!);
    const groups = this.done.map(
      ({ id, first }, g): GroupInfo => ({
        id,
        params: this.paramsOf(first, (k) => !this.varying.has(k)),
        replicates: this.doneInfo[g]!.replicates,
        rounds: this.doneInfo[g]!.rounds,
      }),
    );
    const swept = parameters.filter((c) => new Set(groups.map((gr) => gr.params[c])).size > 1);
    return { groups, parameters, swept };
  }
}

function uniqueSorted(values: Float64Array, length: number): number[] {
  return [...new Set(values.subarray(0, length))].sort((a, b) => a - b);
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
