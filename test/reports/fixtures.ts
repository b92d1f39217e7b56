/**
 * Result folders for the report tests, made by the real simulator (runExperiment) and the real row and
 * manifest builders, in the documented formats: run → runs.csv; reproduce → runs.csv with a leading `arm`
 * column plus table.csv (made by `hexa reproduce`'s own code); sweep → results.csv with a leading `cell` column.
 * Each manifest records its files' checksums and the replicates, as the commands' do (`withoutChecksums` makes
 * a folder whose manifest cannot verify its rows, as an old one's).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { checksumsOf } from '../../reports/store/checksums.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hiddenOf } from '../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type Run, type RunConfig } from '../../sim/experiment/config.js';
import { SkillDbWriter } from '../../reports/skillDb/writer.js';
import { executeReproduce } from '../../scripts/reproduceReport.js';
import { runExperiment } from '../../sim/experiment/experiment.js';
import { toCsv } from '../../reports/csv/table.js';
import { makeManifest } from '../../reports/manifest.js';
import { replicateRows } from '../../reports/csv/rows.js';
import type { Row } from '../../reports/csv/csv.js';

export function tempDir(prefix = 'hexa-report-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

function configOf(agent: Partial<AgentConfig>, replicates: number, seed = 1): RunConfig {
  return { ...PUBLISHED_RUN, seed, replicates, agent: { ...PUBLISHED_AGENT, ...agent } };
}

/** Write the files, then manifest.json with their checksums. */
function writeFolder(dir: string, files: Record<string, string>, manifest: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const checksums = checksumsOf(dir, Object.keys(files));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, checksums }, null, 2));
  return dir;
}

/** The manifest of `dir` without its checksums (a folder from before they were recorded). */
export function withoutChecksums(dir: string): string {
  const { checksums: _, ...manifest } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/** `hexa run --out` (with `libraryDb`: and `--library-db DIR/library.sqlite`): one configuration. */
export function runFolder(
  dir: string,
  replicates = 20,
  options: { libraryDb?: boolean; agent?: Partial<AgentConfig> } = {},
): string {
  const config = configOf(options.agent ?? {}, replicates);
  const result = runExperiment(normalizeRun(config));
  const rows = result.replicates.flatMap((rounds, i) => replicateRows(config, i, rounds));
  mkdirSync(dir, { recursive: true });
  const db =
    options.libraryDb === true
      ? { libraryDb: { file: 'library.sqlite', sha256: skillDb(join(dir, 'library.sqlite'), normalizeRun(config)) } }
      : {};
  const manifest = makeManifest('run', config.seed, new Date(), { config, files: ['runs.csv'], ...db });
  return writeFolder(dir, { 'runs.csv': toCsv(rows) }, manifest);
}

/** A skill database of a run (what `hexa run --library-db FILE` writes), in process; returns its SHA-256. */
export function skillDb(path: string, config: Run, label: string | null = null): string {
  const writer = new SkillDbWriter(path, { command: 'run', seed: config.seed, config });
  const cell = writer.addCell(config, label);
  runExperiment(config, 0, { onHistory: (history, rounds) => writer.push(cell, { history, rounds }) });
  return writer.finish();
}

/**
 * `hexa reproduce`, in-process through its own code (executeReproduce: runs.csv with a leading `arm`
 * column, table.csv, paired.csv, and audit.csv with verdict.json when audited), with the manifest the command writes.
 */
export async function reproduceFolder(dir: string, replicates = 30, withAudit = false): Promise<string> {
  const hidden = hiddenOf(PUBLISHED_AGENT);
  const report = await executeReproduce({
    hidden,
    seed: 1,
    replicates,
    single: false,
    audit: withAudit,
    auditReplicates: replicates,
    fullAuditReplicates: replicates,
    workers: 1,
  });
  const files = report.files();
  if (!withAudit) {
    delete files['audit.csv'];
    delete files['verdict.json'];
  }
  const manifest = makeManifest('reproduce', 1, new Date(), { config: report.config(), files: Object.keys(files) });
  return writeFolder(dir, files, manifest);
}

/** `hexa sweep`: a grid over the given agent settings (Cartesian product), cells keyed by a hash. */
export function sweepFolder(
  dir: string,
  grid: Readonly<Record<string, readonly (number | string)[]>>,
  replicates = 8,
): string {
  let cells: Partial<AgentConfig>[] = [{}];
  for (const [key, values] of Object.entries(grid))
    cells = cells.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  const rows: Row[] = [];
  for (const agent of cells) {
    const config = configOf(agent, replicates);
    const cell = createHash('sha256')
      .update(JSON.stringify([config.env, config.envParams, config.agent]))
      .digest('hex')
      .slice(0, 12);
    const result = runExperiment(normalizeRun(config));
    rows.push(
      ...result.replicates.flatMap((rounds, i) => replicateRows(config, i, rounds).map((row) => ({ cell, ...row }))),
    );
  }
  rows.sort(
    (a, b) =>
      String(a.cell).localeCompare(String(b.cell)) ||
      Number(a.replicate) - Number(b.replicate) ||
      Number(a.round) - Number(b.round),
  );
  const summary = { cells: cells.length, done: cells.length, failed: 0, pending: 0 };
  const manifest = makeManifest('sweep', 1, new Date(), { grid, cells: cells.length, replicates, summary });
  return writeFolder(dir, { 'results.csv': toCsv(rows) }, manifest);
}
