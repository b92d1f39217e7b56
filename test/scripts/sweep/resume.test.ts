/** Durability: SIGKILL a sweep mid-run, twice, resume it, and get exactly the uninterrupted output. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexaSpawn, tempDir } from './cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

// 24 cells of a few tens of milliseconds each: long enough to be killed in the middle.
const GRID = ['--explore', '0:0.23:0.01', '--tasks', '40', '--replicates', '120', '--workers', '2', '--quiet'];

const finished = (dir: string): string[] => {
  const cells = join(dir, 'cells');
  return existsSync(cells) ? readdirSync(cells).filter((f) => /^[0-9a-f]{16}\.csv$/.test(f)) : [];
};

/** Start a sweep, SIGKILL it once at least `atLeast` cells are finished; resolves with the exit signal. */
async function killAfter(dir: string, extra: readonly string[], atLeast: number): Promise<NodeJS.Signals | null> {
  const child = hexaSpawn(['sweep', ...GRID, '--out', dir, ...extra]);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  for (let waited = 0; waited < 60_000 && child.exitCode === null; waited += 5) {
    if (finished(dir).length >= atLeast) {
      child.kill('SIGKILL');
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return exited;
}

describe('kill and resume', () => {
  it('after SIGKILLs mid-sweep and resumes, the output is byte-identical to an uninterrupted run', async () => {
    const root = tempDir('resume');
    const reference = join(root, 'reference');
    expect((await hexaHere(['sweep', ...GRID, '--out', reference, '--keep-cells'])).status).toBe(0);
    const total = finished(reference).length;
    expect(total).toBe(24);

    const dir = join(root, 'killed');
    expect(await killAfter(dir, [], 4)).toBe('SIGKILL');
    const afterFirst = finished(dir);
    expect(afterFirst.length).toBeLessThan(total);
    expect(existsSync(join(dir, 'results.csv'))).toBe(false);
    // Whatever a killed sweep left is whole: each published cell equals the uninterrupted run's.
    for (const f of afterFirst)
      expect(readFileSync(join(dir, 'cells', f), 'utf8')).toBe(readFileSync(join(reference, 'cells', f), 'utf8'));

    // Without --resume the folder is refused and left as it is.
    expect((await hexaHere(['sweep', ...GRID, '--out', dir])).status).toBe(2);
    expect(finished(dir)).toEqual(afterFirst);

    expect(await killAfter(dir, ['--resume'], afterFirst.length + 4)).toBe('SIGKILL');
    const afterSecond = finished(dir);
    expect(afterSecond.length).toBeGreaterThan(afterFirst.length);
    expect(afterSecond.length).toBeLessThan(total);

    const r = await hexaHere(['sweep', ...GRID, '--out', dir, '--resume', '--json']);
    expect(r.status).toBe(0);
    const summary = JSON.parse(r.stdout) as { skipped: number; ran: number; done: number };
    expect(summary.skipped).toBe(afterSecond.length);
    expect(summary.ran).toBe(total - afterSecond.length);
    expect(readFileSync(join(dir, 'results.csv'), 'utf8')).toBe(readFileSync(join(reference, 'results.csv'), 'utf8'));
    // Done, the folder is compacted: no cells/ left, and no temporary anywhere.
    expect(existsSync(join(dir, 'cells'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
