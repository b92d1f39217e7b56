/**
 * The runtime dependencies are exactly what the product imports: every package the source folders load — by an
 * import, static or dynamic, a require, or by name for the report pages' inlined browser builds — is a dependency
 * (or the optional peer, better-sqlite3), and every dependency is loaded there. A package only tests use (mathjs,
 * the oracle of the exact fractions) is a devDependency, so `npm i hexa-sim` does not install it.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLES } from '../../reports/render/embed.js';
import { ROOT, sourceFiles } from './importGraph.js';

/** Packages a file loads at run time: `import … from`, `export … from`, `import '…'`, `import('…')`, `require('…')`. */
const LOADED = new RegExp(
  [
    String.raw`(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*'([^'.][^']*)'`,
    String.raw`(?:^|\n)\s*import\s*'([^'.][^']*)'`,
    String.raw`import\(\s*'([^'.][^']*)'\s*\)`,
    String.raw`(?:require|\))\(\s*'([^'.][^']*)'\s*\)`,
  ].join('|'),
  'g',
);

/**
 * Source files that are tools of this repository, never run by an installed package: the explorer's page is built
 * by `npm run build` (esbuild), and its bench drives Chromium (playwright-core); what they load is a devDependency.
 */
const DEVELOPMENT_TOOLS: readonly string[] = ['scripts/explorer/build.ts', 'scripts/bench/explorerBench.ts'];

/** '@scope/name/sub' → '@scope/name', 'name/sub' → 'name'. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function loadedPackages(files: readonly string[]): Map<string, string[]> {
  const builtins = new Set(builtinModules);
  const byPackage = new Map<string, string[]>();
  const note = (name: string, where: string): void => {
    if (!name.startsWith('node:') && !builtins.has(name)) byPackage.set(name, [...(byPackage.get(name) ?? []), where]);
  };
  for (const file of files)
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(LOADED))
      note(packageOf((m[1] ?? m[2] ?? m[3] ?? m[4])!), file);
  for (const { pkg } of BUNDLES) note(pkg, 'reports/render/embed.ts');
  return byPackage;
}

describe('runtime dependencies', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  const sources = sourceFiles();
  const loaded = loadedPackages(sources.filter((f) => !DEVELOPMENT_TOOLS.includes(f)));

  it('the scan sees the product load its packages (static, dynamic, required and by name)', () => {
    expect(loaded.get('yargs')).toBeDefined();
    expect(loaded.get('ajv')).toBeDefined();
    expect(loaded.get('better-sqlite3')).toBeDefined();
    expect(loaded.get('vega-embed')).toBeDefined();
  });

  it('are exactly the packages the product loads', () => {
    const declared = Object.keys(pkg.dependencies).sort();
    const needed = [...loaded.keys()].filter((name) => pkg.peerDependencies[name] === undefined).sort();
    expect(declared).toEqual(needed);
  });

  it("the repository's own tools exist, and what they load beside the product is a devDependency", () => {
    for (const tool of DEVELOPMENT_TOOLS) expect(sources).toContain(tool);
    const tools = [...loadedPackages(DEVELOPMENT_TOOLS).keys()].filter((name) => !loaded.has(name));
    expect(tools.sort()).toEqual(['esbuild', 'playwright-core']);
    for (const name of tools) expect(pkg.devDependencies[name], name).toBeDefined();
  });

  it("include the design's packages where the product uses them, and not mathjs, which only tests use", () => {
    expect(loaded.get('seedrandom')).toEqual(['sim/core/rng.ts']);
    expect(loaded.get('csv-stringify')).toEqual(['reports/csv/table.ts']);
    expect(loaded.has('mathjs')).toBe(false);
  });
});
