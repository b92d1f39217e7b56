/**
 * The cluster recipes of docs/sweeps.md, read out of the page (the fenced block after each
 * `<!-- recipe: NAME -->`), so what the tests run is what a user copies. They run in a folder that stands in
 * for the repository: `npx hexa` there runs the CLI built from the current sources, and `sweep.json` is the
 * page's grid at fewer replicates a cell (`recipeGrid`).
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { builtCli, hexa, ROOT, tempDir } from '../../helpers/cli.js';
import { sharedFolder } from '../../helpers/sharedFolder.js';

const PAGE = join(ROOT, 'docs', 'sweeps.md');

/** The block marked `<!-- recipe: name -->` in docs/sweeps.md, exactly as printed (without its fences). */
export function recipe(name: string): string {
  const page = readFileSync(PAGE, 'utf8');
  const marker = `<!-- recipe: ${name} -->\n`;
  const at = page.indexOf(marker);
  if (at < 0 || page.indexOf(marker, at + 1) >= 0) throw new Error(`docs/sweeps.md: no single recipe '${name}'`);
  const block = /^```[a-z]*\n([\s\S]*?)^```$/m.exec(page.slice(at + marker.length));
  if (block === null || block.index !== 0) throw new Error(`docs/sweeps.md: recipe '${name}' is not a fenced block`);
  return block[1]!;
}

/** Replicates a cell in the recipes' sweep.json (the page prints 100). */
export const RECIPE_REPLICATES = 20;

/**
 * The page's sweep.json with RECIPE_REPLICATES replicates a cell, its cells and every other setting as printed:
 * the recipes' checks are of wiring and bytes — shards, a resume after a kill, a merge equal to one sweep — which
 * hold at any replicate count, while at the printed 100 the cluster tests spent most of their time simulating. A
 * cell still takes long enough for a task to be caught with some of its cells finished and more to go.
 */
export function recipeGrid(replicates = RECIPE_REPLICATES): string {
  const printed = recipe('sweep.json');
  const grid = printed.replace(/^(\s*"replicates": )\d+(,?)$/m, `$1${replicates}$2`);
  if (!/^\s*"replicates": \d+,?$/m.test(printed))
    throw new Error(`docs/sweeps.md: sweep.json has no "replicates" line`);
  return grid;
}

/**
 * A fresh folder with the recipes' sweep.json and a `hexa` bin that `npx hexa` finds, as after `npm ci`; and, for
 * `standInNpx`, an `npx` of the test's own.
 */
export function recipeFolder(tag: string, replicates = RECIPE_REPLICATES): string {
  const dir = tempDir(tag);
  writeFileSync(join(dir, 'sweep.json'), recipeGrid(replicates));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const bin = join(dir, 'node_modules', '.bin', 'hexa');
  writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${builtCli()}' "$@"\n`);
  chmodSync(bin, 0o755);
  mkdirSync(join(dir, STAND_IN));
  writeFileSync(join(dir, STAND_IN, 'npx'), NPX);
  chmodSync(join(dir, STAND_IN, 'npx'), 0o755);
  return dir;
}

/** Where a recipe folder keeps the test's `npx`. */
const STAND_IN = 'stand-in-bin';

/**
 * `npx NAME ARGS…` for a NAME the folder's `npm ci` installed: its node_modules/.bin/NAME run on ARGS, as npx runs
 * it, without starting npm's own command line first — which cost each shard of the cluster recipes more than the
 * shard's own start-up. Anything else npx would do (its options, a package to fetch) it refuses, loudly.
 */
const NPX = [
  '#!/bin/sh',
  `case "$1" in -*|'') echo "the test's npx: takes NAME ARGS..., not '$1'" >&2; exit 2;; esac`,
  'bin="$PWD/node_modules/.bin/$1"',
  `[ -x "$bin" ] || { echo "the test's npx: no $1 in $PWD/node_modules/.bin" >&2; exit 127; }`,
  'shift',
  'exec "$bin" "$@"',
  '',
].join('\n');

/**
 * `env` with the folder's stand-in `npx` first on the PATH, for the Kubernetes and Slurm recipes, whose every shard
 * and merge is an `npx hexa`; the GNU parallel recipe runs npm's own npx, so the recipes are still checked through
 * it.
 */
export function standInNpx(dir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, PATH: `${join(dir, STAND_IN)}:${env.PATH ?? ''}` };
}

/**
 * results.csv of one unsharded sweep of the recipes' grid (and its cell count), by the current build: run once
 * per build and grid into the git-ignored .vitest-cache/, which the recipe tests share.
 */
export function wholeSweep(replicates = RECIPE_REPLICATES): { results: string; cells: number } {
  const grid = recipeGrid(replicates);
  const key = createHash('sha256').update(builtCli()).update(grid).digest('hex').slice(0, 16);
  const dir = sharedFolder(`recipe-whole-${key}`, (folder) => {
    writeFileSync(join(folder, 'sweep.json'), grid);
    const r = hexa(['sweep', '--config', 'sweep.json', '--out', 'whole', '--quiet'], { cwd: folder });
    expect(r.status, r.stderr).toBe(0);
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'whole', 'manifest.json'), 'utf8')) as { cells: unknown[] };
  return { results: readFileSync(join(dir, 'whole', 'results.csv'), 'utf8'), cells: manifest.cells.length };
}

/** Shard i of n holds every n-th cell from position i (--shard i/n). */
export const shardSize = (cells: number, i: number, n: number): number => Math.ceil((cells - i) / n);

/** The finished cells of a shard folder, by file name, with their modification times. */
export function finishedCells(shardDir: string): Map<string, number> {
  const cells = join(shardDir, 'cells');
  const out = new Map<string, number>();
  if (!existsSync(cells)) return out;
  for (const name of readdirSync(cells))
    if (/^[0-9a-f]{16}\.csv$/.test(name)) out.set(name, statSync(join(cells, name)).mtimeMs);
  return out;
}

/**
 * After a shard was interrupted (over by `cutAt`, ms) with `kept` finished, and run again: it is done and
 * compacted (its cell files gone), every cell is there, the run that finished it ended after the cut (the cut
 * came mid-run), and the rerun, started after the cut, found at least the kept cells finished and ran the rest.
 */
export function expectResumed(shardDir: string, kept: ReadonlyMap<string, number>, cutAt: number, size: number): void {
  expect(finishedCells(shardDir).size).toBe(0);
  const m = JSON.parse(readFileSync(join(shardDir, 'manifest.json'), 'utf8')) as {
    status: string;
    store?: string;
    startedAt: string;
    finishedAt: string;
    summary: { done: number };
    resumedCells?: number;
  };
  expect([m.status, m.store, m.summary.done]).toEqual(['done', 'compacted', size]);
  expect(Date.parse(m.startedAt)).toBeGreaterThan(cutAt);
  expect(m.resumedCells).toBeGreaterThanOrEqual(kept.size);
  expect(m.resumedCells).toBeLessThan(size);
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
