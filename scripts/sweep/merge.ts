/**
 * `hexa merge`: join the folders of a sharded sweep into one folder whose results.csv is byte-identical
 * to an unsharded run's. Everything is checked before anything is written: every input is a finished
 * shard of the same grid, no cell is in two inputs, and together they hold every cell.
 */
import { resolve } from 'node:path';
import { msg, UsageError } from '../messages.js';
import { checkOutputDir } from '../output.js';
import { planSweep, shardPositions, type SweepPlan } from './cells.js';
import { assembleResults, clearSweepFiles, copyCellRows, doneFile, ensureCellsDir, saveCellFailure, scanCells, type CellStates } from './store.js';
import { countCells, readSweepManifest, statusOf, writeSweepManifest, type CellCounts, type SweepManifestHead, type SweepStatus } from './sweepManifest.js';

interface Input {
  readonly dir: string;
  readonly head: SweepManifestHead;
  readonly states: CellStates;
}

export interface MergeSummary extends CellCounts {
  readonly out: string;
  readonly status: SweepStatus;
  readonly gridId: string;
  readonly inputs: number;
}

function readInputs(dirs: readonly string[]): Input[] {
  if (dirs.length === 0) throw new UsageError(msg.mergeNoInput());
  return dirs.map((dir) => {
    const head = readSweepManifest(dir);
    if (head === undefined || head.status === 'running') throw new UsageError(msg.mergeNotSweep(dir));
    return { dir, head, states: scanCells(dir, false) };
  });
}

/** Which input holds each cell; throws on a mismatched grid, an unfinished shard, overlap or a gap. */
function assignCells(inputs: readonly Input[], plan: SweepPlan): Map<string, Input> {
  const owner = new Map<string, Input>();
  for (const input of inputs) {
    const { head } = input;
    const base = inputs[0]!;
    if (head.grid.id !== base.head.grid.id) throw new UsageError(msg.mergeMismatch(input.dir, base.dir, 'their grids'));
    // The same grid run by different code could give different numbers: insist on one version.
    if (head.version !== base.head.version || head.gitCommit !== base.head.gitCommit) {
      throw new UsageError(msg.mergeMismatch(input.dir, base.dir, 'the hexa-sim versions that ran them'));
    }
    const positions = shardPositions(plan, head.shard.index, head.shard.count);
    const pending = countCells(plan, positions, input.states).pending;
    if (pending > 0) throw new UsageError(msg.mergeUnfinished(input.dir, pending));
    for (const p of positions) {
      const id = plan.ids[p]!;
      const other = owner.get(id);
      if (other !== undefined) throw new UsageError(msg.mergeOverlap(id, other.dir, input.dir));
      owner.set(id, input);
    }
  }
  if (owner.size < plan.ids.length) {
    const counts = new Set(inputs.map((i) => i.head.shard.count));
    let hint = '';
    if (counts.size === 1) {
      const n = [...counts][0]!;
      const have = new Set(inputs.map((i) => i.head.shard.index));
      const absent = Array.from({ length: n }, (_, i) => i).filter((i) => !have.has(i));
      hint = ` (shard${absent.length > 1 ? 's' : ''} ${absent.map((i) => `${i}/${n}`).join(', ')} not given)`;
    }
    throw new UsageError(msg.mergeMissing(plan.ids.length - owner.size, plan.ids.length, hint));
  }
  return owner;
}

export function mergeSweeps(dirs: readonly string[], outPath: string, force: boolean): MergeSummary {
  const inputs = readInputs(dirs);
  const first = inputs[0]!;
  const plan = planSweep({ axes: first.head.grid.axes });
  if (plan.gridId !== first.head.grid.id) throw new UsageError(msg.mergeVersion(first.dir));
  const owner = assignCells(inputs, plan);

  const out = checkOutputDir('out', outPath, force);
  if (dirs.some((d) => resolve(d) === out)) throw new UsageError(msg.mergeOutIsInput(outPath));
  if (force) clearSweepFiles(out);

  const started = new Date();
  ensureCellsDir(out);
  for (const id of plan.ids) {
    const input = owner.get(id)!;
    if (input.states.done.has(id)) copyCellRows(out, id, doneFile(input.dir, id));
    else saveCellFailure(out, id, input.states.failed.get(id)!);
  }
  const states = scanCells(out);
  const all = plan.ids.map((_, p) => p);
  const counts = countCells(plan, all, states);
  const status = statusOf(counts);
  assembleResults(out, plan.columns, plan.ids, (id) => (states.done.has(id) ? doneFile(out, id) : undefined));
  writeSweepManifest(out, plan, { index: 0, count: 1 }, all, started, status, states);
  return { out, status, gridId: plan.gridId, inputs: inputs.length, ...counts };
}
