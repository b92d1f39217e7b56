/**
 * The piscina worker: run every replicate of one cell and publish its rows (cells/<id>.csv). Rows go
 * straight to disk from here, so the main thread only counts; a failure is returned, and recorded there.
 */
import type { RunConfig } from '../../sim/experiment/config.js';
import { envSpecOf } from '../../sim/experiment/experiment.js';
import { ensureModules } from '../../sim/experiment/modules.js';
import { runReplicate } from '../../sim/experiment/replicate.js';
import { configColumns, replicateCsvLines } from '../../reports/csv/rows.js';
import { cellPrefix } from '../../reports/csv/sweepColumns.js';
import { saveCellRows } from './store.js';

export interface CellTask {
  readonly dir: string;
  readonly id: string;
  readonly config: RunConfig;
  readonly columns: readonly string[];
}

export type CellOutcome = { readonly ok: true; readonly attempts: number } | { readonly ok: false; readonly error: string };

/**
 * Test hook, not a user feature: HEXA_SWEEP_FAIL_WHEN="column=value" makes every cell whose tidy
 * configuration column has that value throw, so tests can check failure recording end to end.
 */
function injectedFailure(config: RunConfig): void {
  const rule = process.env.HEXA_SWEEP_FAIL_WHEN;
  if (rule === undefined || rule === '') return;
  const eq = rule.indexOf('=');
  const value = configColumns(config)[rule.slice(0, eq)];
  if (value !== undefined && String(value) === rule.slice(eq + 1)) throw new Error(`injected failure (${rule})`);
}

export default async function runCell(task: CellTask): Promise<CellOutcome> {
  const { dir, id, config, columns } = task;
  try {
    // A worker loads the plugin files the cell names, and refuses one that changed since the sweep began.
    if (config.modules !== undefined) await ensureModules(config.modules);
    injectedFailure(config);
    const spec = envSpecOf(config);
    const prefix = cellPrefix(columns, id, config);
    let csv = '';
    let attempts = 0;
    for (let r = 0; r < config.replicates; r++) {
      const rounds = runReplicate(config, spec, r);
      for (const m of rounds) attempts += m.attempts;
      csv += replicateCsvLines(prefix, r, rounds);
    }
    saveCellRows(dir, id, csv);
    return { ok: true, attempts };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
