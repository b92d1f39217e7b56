/**
 * Result folders written from code: a run's (`runs.csv` and its manifest.json), in the layout `hexa run --out`
 * writes, so `hexa report` reads it. (An in-process sweep's folder is written by the sweep's own store,
 * scripts/sweep/folder/, so that `hexa sweep` and the API write one format.) A folder that exists is refused
 * unless `force`.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { msg } from '../../sim/core/messages.js';
import type { RunConfig } from '../../sim/experiment/config.js';
import { makeManifest } from '../manifest.js';
import { runCsv } from '../csv/rows.js';
import { publishFolder, writeFileAtomic } from './atomic.js';
import { checksumsOf } from '../store/checksums.js';
import { envKindsOf, writeParquetOfCsv } from '../parquet/csvTable.js';
import { DEFAULT_FORMAT, writesCsv, writesParquet, type ResultFormat } from '../parquet/sweepTables.js';

/** How `writeRunFolder` and `writeSweepFolder` treat the folder they write. */
export interface FolderOptions {
  /** Write into a folder that exists (its other files stay). */
  readonly force?: boolean;
  /** When the work began, for the manifest (default: now). */
  readonly startedAt?: Date;
  /** A skill database the run wrote (`--library-db`), named in the manifest with its SHA-256. */
  readonly libraryDb?: PublishedDb;
  /** Which tables to write: the CSV, typed Parquet, or both (the default). */
  readonly format?: ResultFormat;
}

/** A skill database as written: its path and the SHA-256 of its bytes. */
export interface PublishedDb {
  readonly path: string;
  readonly sha256: string;
}

/** How a manifest names a skill database: relative to the folder when it is inside it. */
export function libraryDbEntry(dir: string, db: PublishedDb): { readonly file: string; readonly sha256: string } {
  const inside = relative(dir, db.path);
  return { file: inside.startsWith('..') || isAbsolute(inside) ? db.path : inside, sha256: db.sha256 };
}

/** Refuse a file, or a folder that exists unless `force`. */
function refuseFolder(dir: string, force: boolean): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new Error(msg.folderIsFile(dir));
    if (!force) throw new Error(msg.folderExists(dir));
  }
}

/** Refuse a file, or a folder that exists unless `force`; then make sure the folder exists. */
export function prepareFolder(dir: string, force: boolean): void {
  refuseFolder(dir, force);
  mkdirSync(dir, { recursive: true });
}

const writeJson = (path: string, doc: unknown): void => writeFileAtomic(path, `${JSON.stringify(doc, null, 2)}\n`);

/** A run's folder: runs.csv (replicate × round, every parameter a column) and manifest.json (kind 'run'). */
export function writeRunFolder(
  dir: string,
  run: { readonly config: RunConfig; readonly replicates: readonly (readonly RoundMetrics[])[] },
  options: FolderOptions = {},
): void {
  const startedAt = options.startedAt ?? new Date();
  const format = options.format ?? DEFAULT_FORMAT;
  refuseFolder(dir, options.force === true);
  // All files at once (a temporary folder renamed into place): a failed write leaves no half a folder.
  publishFolder(dir, (staging) => {
    const csv = runCsv(run.config, run.replicates);
    if (writesCsv(format)) writeFileAtomic(join(staging, 'runs.csv'), csv);
    const parquet = writesParquet(format)
      ? { 'runs.parquet': writeParquetOfCsv(join(staging, 'runs.parquet'), csv, envKindsOf([run.config.envParams])) }
      : {};
    writeJson(
      join(staging, 'manifest.json'),
      makeManifest('run', run.config.seed, startedAt, {
        config: run.config,
        files: { runs: 'runs.csv' },
        ...(options.libraryDb !== undefined ? { libraryDb: libraryDbEntry(dir, options.libraryDb) } : {}),
        checksums: { ...checksumsOf(staging, writesCsv(format) ? ['runs.csv'] : []), ...parquet },
      }),
    );
  });
}
