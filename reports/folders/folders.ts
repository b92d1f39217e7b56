/**
 * Result folders written from code — a run's (`runs.csv`) and an in-process sweep's (`results.csv`), each
 * with its manifest.json — in the layout `hexa run --out` and `hexa sweep` write, so `hexa report` reads
 * them. A folder that exists is refused unless `force`.
 */
import { existsSync, mkdirSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { msg } from '../../sim/core/messages.js';
import type { ModuleRef, RunConfig } from '../../sim/experiment/config.js';
import type { SweepResult } from '../../sim/experiment/sweep.js';
import { makeManifest } from '../manifest.js';
import { PLUGIN_COLUMNS } from '../csv/policyColumns.js';
import { csvPrefix, replicateCsvLines, runCsv } from '../csv/rows.js';
import { cellPrefix, sweepColumns } from '../csv/sweepColumns.js';
import { writeFileAtomic, writeFileAtomicStreamed } from './atomic.js';

export interface FolderOptions {
  /** Write into a folder that exists (its other files stay). */
  readonly force?: boolean;
  /** When the work began, for the manifest (default: now). */
  readonly startedAt?: Date;
}

function prepare(dir: string, force: boolean): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new Error(msg.folderIsFile(dir));
    if (!force) throw new Error(msg.folderExists(dir));
  }
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
  prepare(dir, options.force === true);
  writeFileAtomic(join(dir, 'runs.csv'), runCsv(run.config, run.replicates));
  writeJson(
    join(dir, 'manifest.json'),
    makeManifest('run', run.config.seed, startedAt, { config: run.config, files: { runs: 'runs.csv' } }),
  );
}

/** An in-process sweep's folder: results.csv (the columns and rows of `hexa sweep`) and manifest.json (kind 'sweep'). */
export function writeSweepFolder(dir: string, sweep: SweepResult, options: FolderOptions = {}): void {
  const startedAt = options.startedAt ?? new Date();
  const configs = sweep.cells.map((c) => c.config);
  const envParams = [...new Set(configs.flatMap((c) => Object.keys(c.envParams)))].sort();
  const plugins = PLUGIN_COLUMNS.filter((k) => configs.some((c) => c.agent[k] !== undefined));
  const columns = sweepColumns(envParams, plugins);
  const modules = new Map<string, ModuleRef>();
  for (const m of configs.flatMap((c) => c.modules ?? [])) modules.set(`${m.kind}\n${m.path}`, m);
  prepare(dir, options.force === true);
  writeFileAtomicStreamed(join(dir, 'results.csv'), (fd) => {
    writeSync(fd, `${csvPrefix(columns)}\n`);
    for (const cell of sweep.cells) {
      const prefix = cellPrefix(columns, cell.id, cell.config);
      writeSync(fd, cell.replicates.map((rounds, r) => replicateCsvLines(prefix, r, rounds)).join(''));
    }
  });
  writeJson(
    join(dir, 'manifest.json'),
    makeManifest('sweep', sweep.seed, startedAt, {
      source: 'runSweep',
      replicates: sweep.replicates,
      ...(modules.size > 0 ? { modules: [...modules.values()] } : {}),
      columns,
      files: { results: 'results.csv' },
      cells: sweep.cells.map((c) => ({ id: c.id, config: c.config })),
    }),
  );
}
