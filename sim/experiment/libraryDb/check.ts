/**
 * A skill database read back is checked, not trusted: SQLite types its columns loosely and a file may have been
 * edited, cut or left locked by another program. So its tables and columns are compared with the schema's when
 * it is opened, every row read is checked against its column's declared type (text in a REAL column is named, not
 * met later as "x.toFixed is not a function"), and every failure while reading — a corrupt page, a dropped
 * table, a lock — becomes one line naming the file and what is wrong (`readingSkillDb`), exit 2.
 */
import { msg, UsageError } from '../../core/messages.js';
import type { Database } from './sqlite.js';
import { TABLES } from './schema.js';

/** What is wrong with a skill database, in words (turned into a UsageError naming the file). */
export class DamagedSkillDb extends Error {}

export type TableName = keyof typeof TABLES;

interface Column {
  readonly name: string;
  readonly type: 'INTEGER' | 'REAL' | 'TEXT';
  readonly nullable: boolean;
}

/** Each table's columns as the schema declares them (read off its CREATE statement). */
const COLUMNS: Readonly<Record<TableName, readonly Column[]>> = Object.fromEntries(
  Object.entries(TABLES).map(([table, sql]) => [
    table,
    [...sql.matchAll(/^ {2}([a-z_]+) (INTEGER|REAL|TEXT)( NOT NULL| PRIMARY KEY)?,?$/gm)].map((m) => ({
      name: m[1]!,
      type: m[2] as Column['type'],
      nullable: m[3] === undefined,
    })),
  ]),
) as unknown as Record<TableName, readonly Column[]>;

/** Every table of the schema is there with every column it declares. */
export function checkSchema(db: Database): void {
  for (const table of Object.keys(COLUMNS) as TableName[]) {
    const found = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
    if (found.size === 0) throw new DamagedSkillDb(`its table '${table}' is missing`);
    const missing = COLUMNS[table].find((c) => !found.has(c.name));
    if (missing !== undefined) throw new DamagedSkillDb(`its table '${table}' lacks the column '${missing.name}'`);
  }
}

const shown = (value: unknown): string =>
  typeof value === 'string' ? `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'` : String(value);

/** Whether `value` is what a column of `type` holds. */
function fits(value: unknown, column: Column): boolean {
  if (value === null) return column.nullable;
  switch (column.type) {
    case 'INTEGER':
      return (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint';
    case 'REAL':
      return typeof value === 'number' && Number.isFinite(value);
    case 'TEXT':
      return typeof value === 'string';
  }
}

/**
 * `rows` as read from `table` (by column name), each value checked against its column's type; a value that does
 * not fit is named with its table, column and row.
 */
export function typedRows<T>(table: TableName, rows: readonly unknown[]): T[] {
  const columns = COLUMNS[table];
  for (const row of rows) {
    for (const column of columns) {
      if (!(column.name in (row as object))) continue;
      const value = (row as Record<string, unknown>)[column.name];
      if (!fits(value, column)) {
        const expected = column.type === 'TEXT' ? 'text' : column.type === 'REAL' ? 'a number' : 'an integer';
        throw new DamagedSkillDb(
          `its table '${table}' holds ${shown(value)} in column '${column.name}', not ${expected}`,
        );
      }
    }
  }
  return rows as T[];
}

/** A cell (one replicate of it) with no rows in `runs`: not something the writer makes. */
export function noRuns(cell: string, replicate?: number): DamagedSkillDb {
  const of = replicate === undefined ? '' : ` of replicate ${replicate}`;
  return new DamagedSkillDb(`its cell ${shown(cell)} holds no runs${of} (cut or edited since written)`);
}

/** The SQLite driver's error codes, in words. */
function sqliteReason(code: string, message: string): string | null {
  if (code === 'SQLITE_NOTADB') return 'it is not a SQLite database';
  if (code.startsWith('SQLITE_CORRUPT')) return `it is damaged (${message})`;
  if (code.startsWith('SQLITE_IOERR')) return `it could not be read (${message})`;
  if (code === 'SQLITE_ERROR') return `it does not have this hexa-sim's schema (${message})`;
  return code.startsWith('SQLITE_') ? `${message} (${code})` : null;
}

/**
 * Run `read` on a skill database `file` (named by `where`: `--library-from`, `FILE`): what goes wrong inside it
 * becomes a UsageError naming the file — locked, damaged, not of this schema — instead of the driver's words.
 */
export function readingSkillDb<T>(where: string, file: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw skillDbError(where, file, e);
  }
}

/** The UsageError for what reading a skill database threw, or the error itself when it is not about the file. */
export function skillDbError(where: string, file: string, e: unknown): unknown {
  if (e instanceof UsageError) return e;
  if (e instanceof DamagedSkillDb) return new UsageError(msg.skillDbDamaged(where, file, e.message));
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string') return e;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return new UsageError(msg.skillDbLocked(where, file));
  const reason = sqliteReason(code, e instanceof Error ? e.message : String(e));
  return reason === null ? e : new UsageError(msg.skillDbDamaged(where, file, reason));
}
