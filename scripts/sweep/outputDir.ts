/**
 * The sweep's output folder, checked before any work starts. A folder that exists is left untouched
 * unless --resume (same grid and shard: continue it) or --force (delete the sweep's own files in it,
 * nothing else, then start afresh) is given.
 */
import { existsSync, statSync } from 'node:fs';
import { checkOutputDir } from '../output.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import type { SweepPlan } from './cells.js';
import { CELLS, clearSweepFiles } from './folder/store.js';
import { join } from 'node:path';
import { readSweepManifest, type Shard, type SweepManifestHead } from './folder/manifest.js';
import { gitCommit, packageVersion } from '../../reports/manifest.js';
import { changedModule } from '../../sim/experiment/moduleRefs.js';

export type FolderMode = 'fresh' | 'resume' | 'force';

/** Check the folder; returns its absolute path. Throws UsageError and changes nothing on failure. */
export function checkSweepDir(path: string, mode: FolderMode, plan: SweepPlan, shard: Shard): string {
  const exists = existsSync(path);
  if (exists && statSync(path).isDirectory() && mode === 'fresh') throw new UsageError(msg.outputExistsSweep(path));
  const full = checkOutputDir('out', path, mode !== 'fresh', mode === 'force');
  if (!exists || mode !== 'resume') return full;
  const head = readSweepManifest(full);
  if (head === undefined) throw new UsageError(msg.resumeNothing(path));
  refuseOtherVersion(path, head);
  const cells = join(full, CELLS);
  if (existsSync(cells) && !statSync(cells).isDirectory()) throw new UsageError(msg.resumeCellsNotFolder(path));
  const changed = changedModule(head.modules ?? [], plan.modules);
  if (changed !== null)
    throw new UsageError(msg.resumeModuleChanged(path, changed.now.path, changed.before.sha256, changed.now.sha256));
  if (head.grid.id !== plan.gridId)
    throw new UsageError(msg.resumeOther(path, `grid ${head.grid.id}, this one ${plan.gridId}`));
  if (head.shard.index !== shard.index || head.shard.count !== shard.count) {
    throw new UsageError(
      msg.resumeOther(path, `shard ${head.shard.index}/${head.shard.count}, this one ${shard.index}/${shard.count}`),
    );
  }
  return full;
}

/**
 * Cells run by two versions of hexa-sim cannot be one sweep (the same grid may give other numbers): a folder
 * written by another version — or, from a git checkout, another commit — is refused, as merge refuses shards.
 */
function refuseOtherVersion(path: string, head: SweepManifestHead): void {
  const version = packageVersion();
  const commit = gitCommit();
  if (head.version === version && head.gitCommit === commit) return;
  const name = (v: unknown, c: unknown): string =>
    `${String(v)}${typeof c === 'string' ? ` (commit ${c.slice(0, 12)})` : ''}`;
  throw new UsageError(msg.resumeVersion(path, name(head.version, head.gitCommit), name(version, commit)));
}

/** After every check passed: with --force, remove the previous sweep's files (only those). */
export function prepareSweepDir(full: string, mode: FolderMode): void {
  if (mode === 'force' && existsSync(full)) clearSweepFiles(full);
}
