/**
 * The layering rule, enforced: imports run one way, from a layer to itself or to the layers below it
 * (sim/core → envs → sim/agent → sim/experiment → sim/limits → sim/reproduction → reports → scripts, whose api/ is the
 * public entry point),
 * never in a circle, and no folder grows past a dozen files.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, layerOf, ROOT, sourceFiles, upwardImports } from './importGraph.js';

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
