/**
 * The layering rule, enforced: imports run one way, from a layer to itself or to the layers below it
 * (sim/core → sim/agent → sim/experiment → sim/limits → sim/reproduction → envs → reports → scripts, whose api/ is
 * the public entry point), and so from a folder to itself or to the folders below it (sim/ → envs/ → reports/ →
 * scripts/, and inside sim/ by its layers); never in a circle, and no folder grows past a dozen files.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cycles,
  importGraph,
  interleavedFolders,
  layerOf,
  ROOT,
  sourceFiles,
  upwardFolderImports,
  upwardImports,
} from './importGraph.js';

const graph = importGraph();

describe('the import graph', () => {
  it('places every source file in a layer', () => {
    expect(sourceFiles().filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it('resolves every relative import to a source file', () => {
    const missing = [...graph].flatMap(([f, targets]) =>
      targets.filter((t) => !graph.has(t)).map((t) => `${f} -> ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('orders the folders: no folder has layers on both sides of another folder', () => {
    expect(interleavedFolders()).toEqual([]);
  });

  it('has no import from a lower folder to a higher one', () => {
    expect(upwardFolderImports(graph)).toEqual([]);
  });

  it('finds an import up by folder that no layer forbids, and interleaved folders (the checks can fail)', () => {
    // The order before the world contract moved to sim/core/world/: envs/ between sim/core/ and sim/agent/.
    const before = ['sim/core/', 'envs/', 'sim/agent/', 'sim/experiment/', 'reports/', 'scripts/'];
    const planted = new Map([['sim/agent/actor.ts', ['envs/lock.ts', 'sim/core/rng.ts']]]);
    expect(upwardImports(planted)).toEqual(['sim/agent/actor.ts (sim/agent/) -> envs/lock.ts (envs/)']);
    expect(upwardFolderImports(planted, before)).toEqual(['sim/agent/actor.ts (sim/) -> envs/lock.ts (envs/)']);
    expect(interleavedFolders(before)).toEqual(['sim/']);
    const inside = new Map([['sim/core/rng.ts', ['sim/agent/skill.ts']]]);
    expect(upwardFolderImports(inside)).toEqual(['sim/core/rng.ts (sim/core/) -> sim/agent/skill.ts (sim/agent/)']);
  });

  it('has no cycles', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds an upward import and a cycle when there is one (the checks can fail)', () => {
    const planted = new Map(graph);
    planted.set('sim/core/rng.ts', ['sim/agent/skill.ts']);
    planted.set('sim/agent/skill.ts', ['sim/core/rng.ts']);
    expect(upwardImports(planted)).toEqual(['sim/core/rng.ts (sim/core/) -> sim/agent/skill.ts (sim/agent/)']);
    expect(cycles(planted)).toContainEqual(['sim/agent/skill.ts', 'sim/core/rng.ts']);
  });

  it('keeps at most 12 source files directly in any folder', () => {
    const crowded: string[] = [];
    const visit = (dir: string): void => {
      const entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).length;
      if (files > 12) crowded.push(`${dir}: ${files}`);
      for (const e of entries) if (e.isDirectory()) visit(`${dir}/${e.name}`);
    };
    for (const top of ['sim', 'envs', 'reports', 'scripts']) visit(top);
    expect(crowded).toEqual([]);
  });
});
