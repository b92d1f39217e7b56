/**
 * The SQLite driver (better-sqlite3), loaded on first use: a run without a skill database never loads it,
 * so `hexa run` starts as fast as before. It is synchronous, so a saved library can be read while a
 * configuration is built, on any thread.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type Database = BetterSqlite3.Database;
export type Statement = BetterSqlite3.Statement<unknown[]>;

let driver: typeof BetterSqlite3 | undefined;

export function openDatabase(path: string, options?: BetterSqlite3.Options): Database {
  driver ??= createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  return new driver(path, options);
}
