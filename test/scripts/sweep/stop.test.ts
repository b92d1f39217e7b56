/**
 * One writer per folder, and signals leave a true record: a second sweep into a folder being written gets one
 * line and exit 2 while the first goes on untouched; SIGINT and SIGTERM leave the manifest `stopped`, never
 * `running`, with the cells that finished (resuming from there is resume.test.ts's).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexaSpawn, tempDir } from './cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const GRID = ['--explore', '0:0.23:0.01', '--tasks', '40', '--replicates', '1500', '--workers', '1', '--quiet'];

const finished = (dir: string): number =>
  existsSync(join(dir, 'cells'))
    ? readdirSync(join(dir, 'cells')).filter((f) => /^[0-9a-f]{16}\.csv$/.test(f)).length
    : 0;
const status = (dir: string): unknown =>
  (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { status: unknown }).status;

async function until(test: () => boolean): Promise<void> {
  for (let waited = 0; waited < 60_000 && !test(); waited += 10) await new Promise((r) => setTimeout(r, 10));
}

describe('one writer, and stopping', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`refuses a second writer while one runs; ${signal} leaves "stopped" with the cells finished`, async () => {
      const dir = join(tempDir('stop'), 'sweep');
      const child = hexaSpawn(['sweep', ...GRID, '--out', dir]);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await until(() => finished(dir) >= 2);
      expect(child.exitCode).toBeNull();

      const second = await hexaHere(['sweep', ...GRID, '--out', dir, '--resume']);
      expect(second.status).toBe(2);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(second.stderr).toContain(`is being written by pid ${child.pid}`);

      child.kill(signal);
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(status(dir)).toBe('stopped');
      expect(existsSync(join(dir, '.hexa.lock'))).toBe(false);
      // A cell a worker was writing as the signal came may be on disk without being counted: it verifies on resume.
      const { summary } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        summary: { cells: number; done: number; failed: number };
      };
      expect(summary).toMatchObject({ cells: 24, failed: 0 });
      expect(summary.done).toBeGreaterThanOrEqual(2);
      expect(summary.done).toBeLessThanOrEqual(finished(dir));
    });
  }
});
