/**
 * The skill database's schema (`--library-db FILE.sqlite`, docs/library-db.md), version SCHEMA_VERSION: one
 * definition, read by the writer and by `--library-from`. Every table is keyed by what a row is about (cell,
 * replicate, skill, round) and stored in that order (WITHOUT ROWID), so its content — and `.dump` — does not
 * depend on the order rows were written in, hence not on how many threads made them.
 *
 * A new version changes SCHEMA_VERSION, and the reader refuses files of another (a saved library's fields
 * must mean what it reads them as).
 */

/** `PRAGMA user_version` and meta's `schema`. */
export const SCHEMA_VERSION = 1;

/** `PRAGMA application_id`: "hexa" in ASCII, so a file says what wrote it. */
export const APPLICATION_ID = 0x68657861;

export const TABLES = {
  meta: `CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID`,
  cells: `CREATE TABLE cells (
  cell TEXT PRIMARY KEY,
  label TEXT,
  env TEXT NOT NULL,
  positions INTEGER NOT NULL,
  arity INTEGER NOT NULL,
  contexts INTEGER NOT NULL,
  rounds INTEGER NOT NULL,
  tasks INTEGER NOT NULL,
  replicates INTEGER NOT NULL,
  config TEXT NOT NULL
) WITHOUT ROWID`,
  runs: `CREATE TABLE runs (
  cell TEXT NOT NULL,
  replicate INTEGER NOT NULL,
  round INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  solved INTEGER NOT NULL,
  skills INTEGER NOT NULL,
  tests INTEGER NOT NULL,
  refutations INTEGER NOT NULL,
  explorations INTEGER NOT NULL,
  good_samples INTEGER NOT NULL,
  retired INTEGER NOT NULL,
  PRIMARY KEY (cell, replicate, round)
) WITHOUT ROWID`,
  skills: `CREATE TABLE skills (
  cell TEXT NOT NULL,
  replicate INTEGER NOT NULL,
  skill_id INTEGER NOT NULL,
  context INTEGER NOT NULL,
  position INTEGER NOT NULL,
  value INTEGER NOT NULL,
  claim TEXT NOT NULL,
  origin TEXT NOT NULL,
  born_round INTEGER NOT NULL,
  born_task INTEGER NOT NULL,
  entries INTEGER NOT NULL,
  status TEXT NOT NULL,
  ended_round INTEGER,
  ended_task INTEGER,
  confidence REAL NOT NULL,
  weight REAL NOT NULL,
  evidence INTEGER NOT NULL,
  hits INTEGER NOT NULL,
  agreed INTEGER NOT NULL,
  refuted INTEGER NOT NULL,
  PRIMARY KEY (cell, replicate, skill_id)
) WITHOUT ROWID`,
  skill_rounds: `CREATE TABLE skill_rounds (
  cell TEXT NOT NULL,
  replicate INTEGER NOT NULL,
  skill_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  in_library INTEGER NOT NULL,
  confidence REAL NOT NULL,
  weight REAL NOT NULL,
  evidence INTEGER NOT NULL,
  samples INTEGER NOT NULL,
  share REAL,
  tests INTEGER NOT NULL,
  agreed INTEGER NOT NULL,
  refuted INTEGER NOT NULL,
  explored INTEGER,
  retrieved INTEGER NOT NULL,
  PRIMARY KEY (cell, replicate, skill_id, round)
) WITHOUT ROWID`,
  evolutions: `CREATE TABLE evolutions (
  cell TEXT NOT NULL,
  replicate INTEGER NOT NULL,
  round INTEGER NOT NULL,
  task INTEGER NOT NULL,
  samples INTEGER NOT NULL,
  claims INTEGER NOT NULL,
  entered INTEGER NOT NULL,
  kept INTEGER NOT NULL,
  exited INTEGER NOT NULL,
  PRIMARY KEY (cell, replicate, round, task)
) WITHOUT ROWID`,
} as const;

/** For the documented questions: skills by how they ended, and a round across replicates. */
export const INDEXES = [
  'CREATE INDEX skills_by_status ON skills (status, cell)',
  'CREATE INDEX skill_rounds_by_round ON skill_rounds (cell, round)',
] as const;

/** meta's keys. */
export const META_KEYS = ['schema', 'hexaSim', 'command', 'seed', 'config'] as const;
export type MetaKey = (typeof META_KEYS)[number];

/** The statements that make an empty database of this version; its INDEXES come once the rows are in. */
export function schemaStatements(): string[] {
  return [
    `PRAGMA application_id = ${APPLICATION_ID}`,
    `PRAGMA user_version = ${SCHEMA_VERSION}`,
    ...Object.values(TABLES),
  ];
}
