/**
 * Result folders for the report tests, made by the real simulator (runExperiment) and the real row and
 * manifest builders, in the documented formats: run → runs.csv; reproduce → runs.csv with a leading `arm`
 * column plus table.csv; sweep → results.csv with a leading `cell` column.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLISHED_AGENT, PUBLISHED_RUN, type AgentConfig, type RunConfig } from '../../sim/config.js';
import { runExperiment } from '../../sim/experiment.js';
import { meanInterval } from '../../sim/stats.js';
import { toCsv } from '../../reports/csv.js';
import { makeManifest } from '../../reports/manifest.js';
import { replicateRows, type Row } from '../../reports/rows.js';

export function tempDir(prefix = 'hexa-report-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

function configOf(agent: Partial<AgentConfig>, replicates: number, seed = 1): RunConfig {
  return { ...PUBLISHED_RUN, seed, replicates, agent: { ...PUBLISHED_AGENT, ...agent } };
}

function writeFolder(dir: string, files: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** `hexa run --out`: one configuration. */
export function runFolder(dir: string, replicates = 20): string {
  const config = configOf({}, replicates);
  const result = runExperiment(config);
  const rows = result.replicates.flatMap((rounds, i) => replicateRows(config, i, rounds));
  const manifest = makeManifest('run', config.seed, new Date(), { config, files: ['runs.csv'] });
  return writeFolder(dir, { 'runs.csv': toCsv(rows), 'manifest.json': JSON.stringify(manifest, null, 2) });
}

export const ARMS: Readonly<Record<string, Partial<AgentConfig>>> = {
  random: { library: false },
  exploit: {},
  explore: { explore: 0.2 },
  separate: { explore: 0.2, routing: 'separate' },
  threshold90: { threshold: 0.9 },
  threshold75: { threshold: 0.75 },
};

/** Published figures (SPEC §2) with the per-replicate value each one is compared with. */
const FIGURES: readonly { id: string; arm: string; published: number; pick: (rounds: Row[]) => number }[] = [
  ...[12.7, 12.3, 10.7, 11.9, 13.2].map((published, r) => ({ id: `random.round${r + 1}`, arm: 'random', published, pick: (rs: Row[]) => Number(rs[r]!.meanAttempts) })),
  { id: 'exploit.round1', arm: 'exploit', published: 12.1, pick: (rs) => Number(rs[0]!.meanAttempts) },
  { id: 'exploit.final', arm: 'exploit', published: 4.2, pick: (rs) => Number(rs.at(-1)!.meanAttempts) },
  { id: 'exploit.skills', arm: 'exploit', published: 2, pick: (rs) => Number(rs.at(-1)!.skills) },
  { id: 'explore.final', arm: 'explore', published: 10, pick: (rs) => Number(rs.at(-1)!.meanAttempts) },
  { id: 'separate.final', arm: 'separate', published: 7.4, pick: (rs) => Number(rs.at(-1)!.meanAttempts) },
  { id: 'exploit.tests', arm: 'exploit', published: 973, pick: (rs) => rs.reduce((s, r) => s + Number(r.tests), 0) },
  {
    id: 'exploit.refutationRate', arm: 'exploit', published: 19 / 973,
    pick: (rs) => rs.reduce((s, r) => s + Number(r.refutations), 0) / Math.max(1, rs.reduce((s, r) => s + Number(r.tests), 0)),
  },
];

/** `hexa reproduce`: every arm over the same replicates (paired), and the published-vs-simulated table. */
export function reproduceFolder(dir: string, replicates = 30, withAudit = false): string {
  const runs: Row[] = [];
  const byArm = new Map<string, Row[][]>();
  for (const [arm, agent] of Object.entries(ARMS)) {
    const config = configOf(agent, replicates);
    const result = runExperiment(config);
    const perReplicate = result.replicates.map((rounds, i) => replicateRows(config, i, rounds).map((row) => ({ arm, ...row })));
    byArm.set(arm, perReplicate);
    runs.push(...perReplicate.flat());
  }
  const table: Row[] = FIGURES.map((f) => {
    const values = byArm.get(f.arm)!.map(f.pick).sort((a, b) => a - b);
    const m = meanInterval(values);
    const below = values.filter((v) => v < f.published).length;
    const lo = values[Math.floor(0.025 * (values.length - 1))]!;
    const hi = values[Math.ceil(0.975 * (values.length - 1))]!;
    return {
      id: f.id, description: `figure ${f.id}`, published: f.published, mean: m.mean,
      ci95Lo: m.ci95![0], ci95Hi: m.ci95![1], analytic: '', singleRunPercentile: below / values.length,
      consistent: lo <= f.published && f.published <= hi,
    };
  });
  const manifest = makeManifest('reproduce', 1, new Date(), { arms: Object.keys(ARMS), replicates });
  const files: Record<string, string> = { 'runs.csv': toCsv(runs), 'table.csv': toCsv(table), 'manifest.json': JSON.stringify(manifest) };
  if (withAudit) files['audit.csv'] = toCsv([{ cadence: 'round', window: 'all', consistent: 12, rank: 1 }, { cadence: 'task', window: 'all', consistent: 7, rank: 2 }]);
  return writeFolder(dir, files);
}

/** `hexa sweep`: a grid over the given agent settings (Cartesian product), cells keyed by a hash. */
export function sweepFolder(dir: string, grid: Readonly<Record<string, readonly (number | string)[]>>, replicates = 8): string {
  let cells: Partial<AgentConfig>[] = [{}];
  for (const [key, values] of Object.entries(grid)) cells = cells.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  const rows: Row[] = [];
  for (const agent of cells) {
    const config = configOf(agent, replicates);
    const cell = createHash('sha256').update(JSON.stringify([config.env, config.envParams, config.agent])).digest('hex').slice(0, 12);
    const result = runExperiment(config);
    rows.push(...result.replicates.flatMap((rounds, i) => replicateRows(config, i, rounds).map((row) => ({ cell, ...row }))));
  }
  rows.sort((a, b) => String(a.cell).localeCompare(String(b.cell)) || Number(a.replicate) - Number(b.replicate) || Number(a.round) - Number(b.round));
  const manifest = makeManifest('sweep', 1, new Date(), { grid, cells: cells.length });
  return writeFolder(dir, { 'results.csv': toCsv(rows), 'manifest.json': JSON.stringify(manifest) });
}
