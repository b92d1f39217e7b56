/**
 * Writes a skill database (`--library-db FILE.sqlite`, schema in sim/experiment/libraryDb/schema.ts): the one
 * writer, on the main thread, takes replicates' histories as they come — from this thread or from workers,
 * in any order — and inserts them, one transaction a batch, into a scratch file beside the target; nothing
 * is held in memory. `finish` publishes the file (publish.ts), `abandon` leaves whatever was at the path.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { contextsOf } from '../../sim/core/world/env.js';
import type { ReplicateHistory } from '../../sim/agent/history/recorder.js';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { ReplicateKey } from '../../sim/core/rng.js';
import { cellId } from '../../sim/experiment/cellId.js';
import type { Run } from '../../sim/experiment/config.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { INDEXES, schemaStatements, SCHEMA_VERSION, type MetaKey } from '../../sim/experiment/libraryDb/schema.js';
import { openDatabase, type Database, type Statement } from '../../sim/experiment/libraryDb/sqlite.js';
import { packageVersion } from '../manifest.js';
import { publishDatabase } from './publish.js';
import { writeTarget } from '../folders/atomic.js';
import { settled, temporary } from '../store/temporaries.js';

/** What the database says about how it was made (its meta table). */
export interface DbProvenance {
  /** The command that wrote it: run, sweep or reproduce. */
  readonly command: string;
  readonly seed: number;
  /** The configuration (a run's), or what stands for it (a sweep's grid, the reproduction's settings). */
  readonly config: unknown;
}

/** One replicate's rows: its history and its rounds as the CSV has them. */
export interface ReplicateRecord {
  readonly history: ReplicateHistory;
  readonly rounds: readonly RoundMetrics[];
}

/** Replicates `push` holds before it writes them (a transaction each time). */
const HELD = 64;

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

export class SkillDbWriter {
  private readonly db: Database;
  private readonly work: string;
  private readonly cells = new Set<string>();
  private readonly insert: Record<'cell' | 'run' | 'skill' | 'skillRound' | 'evolution' | 'meta', Statement>;
  private readonly addBatch: (cell: string, records: readonly ReplicateRecord[]) => void;
  /** Replicates `push`ed and not yet written, and their cell. */
  private held: ReplicateRecord[] = [];
  private heldCell = '';

  /** Start a database for `path` (checked by the caller; it is replaced only by `finish`). */
  constructor(
    private readonly path: string,
    private readonly provenance: DbProvenance,
  ) {
    // Beside the file a link at `path` points to, so the rename that publishes it stays in one folder.
    this.work = temporary(`${writeTarget(path)}.work-${process.pid}`);
    // SQLite's rollback journal beside it, while a transaction is open (an interruption may leave it).
    temporary(`${this.work}-journal`);
    if (existsSync(this.work)) unlinkSync(this.work);
    this.db = openDatabase(this.work);
    // A scratch file: a crash discards it, so it needs neither a journal nor syncing.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    for (const statement of schemaStatements()) this.db.exec(statement);
    const into = (table: string, n: number): Statement =>
      this.db.prepare<unknown[]>(`INSERT INTO ${table} VALUES (${placeholders(n)})`);
    this.insert = {
      meta: into('meta', 2),
      cell: into('cells', 10),
      run: into('runs', 11),
      skill: into('skills', 20),
      skillRound: into('skill_rounds', 15),
      evolution: into('evolutions', 9),
    };
    this.addBatch = this.db.transaction((cell: string, records: readonly ReplicateRecord[]) => {
      for (const record of records) this.addReplicate(cell, record);
    });
  }

  /**
   * A cell of the run (a run's one configuration, a sweep's cell, an arm), under its id (default: the
   * configuration's cell id) and a label (an arm's name, a sweep cell's swept values); returns the id.
   */
  addCell(config: Run, label: string | null = null, id = cellId(config)): string {
    if (this.cells.has(id)) return id;
    const spec = envSpecOf(config);
    const probe = spec.create(config.envParams, new ReplicateKey(config.seed, 0).stream('world'));
    const { positions, arity } = probe.space;
    this.insert.cell.run(
      id,
      label,
      config.env,
      positions,
      arity,
      contextsOf(probe),
      config.rounds,
      config.tasks,
      config.replicates,
      JSON.stringify(config),
    );
    this.cells.add(id);
    return id;
  }

  /** Some replicates of a cell, in one transaction. */
  add(cell: string, records: readonly ReplicateRecord[]): void {
    this.flush();
    this.addBatch(cell, records);
  }

  /** One replicate of a cell, written with the next few in one transaction (a run's replicates, one by one). */
  push(cell: string, record: ReplicateRecord): void {
    if (cell !== this.heldCell) this.flush();
    this.heldCell = cell;
    this.held.push(record);
    if (this.held.length >= HELD) this.flush();
  }

  private flush(): void {
    if (this.held.length === 0) return;
    this.addBatch(this.heldCell, this.held);
    this.held = [];
  }

  /** Forget a cell (a sweep cell that failed, perhaps after some of its parts were in). */
  dropCell(cell: string): void {
    this.flush();
    for (const table of ['cells', 'runs', 'skills', 'skill_rounds', 'evolutions'])
      this.db.prepare(`DELETE FROM ${table} WHERE cell = ?`).run(cell);
  }

  private addReplicate(cell: string, { history, rounds }: ReplicateRecord): void {
    const r = history.replicate;
    for (const m of rounds)
      this.insert.run.run(
        cell,
        r,
        m.round,
        m.attempts,
        m.solved,
        m.skills,
        m.tests,
        m.refutations,
        m.explorations,
        m.goodSamples,
        m.retired,
      );
    for (const s of history.skills)
      this.insert.skill.run(
        cell,
        r,
        s.skill,
        s.context,
        s.position,
        s.value,
        s.claim,
        s.origin,
        s.bornRound,
        s.bornTask,
        s.entries,
        s.exitReason ?? 'active',
        s.exitRound,
        s.exitTask,
        s.final.confidence,
        s.final.weight,
        s.final.evidence,
        s.final.hits,
        s.final.agreed,
        s.final.refuted,
      );
    for (const w of history.rounds)
      this.insert.skillRound.run(
        cell,
        r,
        w.skill,
        w.round,
        w.inLibrary ? 1 : 0,
        w.confidence,
        w.weight,
        w.evidence,
        w.samples,
        w.share,
        w.tests,
        w.agreed,
        w.refuted,
        w.explored,
        w.retrieved,
      );
    for (const e of history.evolutions)
      this.insert.evolution.run(cell, r, e.round, e.task, e.samples, e.claims, e.entered, e.kept, e.left);
  }

  /** Write meta, publish the file at its path; returns its SHA-256. */
  finish(): string {
    this.flush();
    const meta: Record<MetaKey, string> = {
      schema: String(SCHEMA_VERSION),
      hexaSim: packageVersion(),
      command: this.provenance.command,
      seed: String(this.provenance.seed),
      config: JSON.stringify(this.provenance.config),
    };
    for (const [key, value] of Object.entries(meta)) this.insert.meta.run(key, value);
    // Built once the rows are in: faster than keeping them up to date row by row.
    for (const index of INDEXES) this.db.exec(index);
    try {
      return publishDatabase(this.db, this.path);
    } finally {
      this.close();
    }
  }

  /** Stop without publishing: the path keeps what it had. */
  abandon(): void {
    this.close();
  }

  private close(): void {
    if (this.db.open) this.db.close();
    for (const file of [this.work, `${this.work}-journal`]) {
      if (existsSync(file)) unlinkSync(file);
      settled(file);
    }
  }
}
