/** The GNU parallel recipe of docs/sweeps.md, run as printed: three shards at once, merged, equal to one sweep. */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipe, recipeFolder, wholeSweep } from './recipes.js';

const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
// CI installs GNU parallel (.ci/run) and must run this; elsewhere its absence skips the file.
const skip = hasParallel || process.env.CI !== undefined ? undefined : 'GNU parallel is not installed';

if (skip !== undefined) console.warn(`the GNU parallel recipe test is skipped: ${skip}`);
describe.skipIf(skip !== undefined)('the GNU parallel recipe', () => {
  it('shards the grid with parallel -j 3 and merges it into the unsharded results, byte for byte', () => {
    const dir = recipeFolder('recipe-parallel');
    const run = spawnSync('bash', ['-e', '-c', recipe('parallel')], { cwd: dir, encoding: 'utf8' });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    // Nothing but the merge's summary: no citation notice from parallel, no warning from npx.
    expect(run.stderr).toMatch(/^hexa merge: done: 3 folders, (\d+) cells, \1 done, 0 failed → .*\n$/);
    expect(readFileSync(join(dir, 'out', 'grid', 'results.csv'), 'utf8')).toBe(wholeSweep().results);
    rmSync(dir, { recursive: true, force: true }); // kept only when a check failed
    // Heavy: with other test files beside it on a loaded two-core machine it can outlast the default minute.
  }, 240_000);
});
