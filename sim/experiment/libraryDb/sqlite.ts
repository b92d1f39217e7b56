/**
 * The SQLite driver (better-sqlite3), loaded on first use: a run without a skill database never loads it,
 * so `hexa run` starts as fast as before. It is synchronous, so a saved library can be read while a
 * configuration is built, on any thread. It is an optional peer dependency — a native module with an install
 * script, which an installer of hexa-sim should not have to approve unless it wants the database — so its
 * absence is a usage error naming the package to install. The host loads it (Node's: sim/core/host/node/).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { msg, UsageError } from '../../core/messages.js';
import { host } from '../../core/host/host.js';

/** The version the package's peer dependency names. */
export const DRIVER_VERSION = '12.9.0';

export type Database = BetterSqlite3.Database;
export type Statement = BetterSqlite3.Statement<unknown[]>;

let driver: typeof BetterSqlite3 | undefined;

export function openDatabase(path: string, options?: BetterSqlite3.Options): Database {
  driver ??= loadDriver();
  return new driver(path, options);
}

function loadDriver(): typeof BetterSqlite3 {
  try {
    return host('a skill database').sqliteDriver();
  } catch (e) {
    if ((e as { code?: unknown }).code === 'MODULE_NOT_FOUND') throw new UsageError(msg.sqliteMissing(DRIVER_VERSION));
    throw e;
  }
}
