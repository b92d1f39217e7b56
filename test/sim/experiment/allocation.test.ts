/**
 * The hot path allocates nothing per task or per attempt: replicates with 5 times the tasks must not
 * allocate more than the shorter ones. Each case runs in a process of its own (allocationProbe.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CASES } from './allocationProbe.js';

const PROBE = fileURLToPath(new URL('./allocationProbe.ts', import.meta.url));

function perTask(name: string): number {
  const r = spawnSync(process.execPath, ['--import', 'tsx', PROBE, name], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`allocation probe ${name} exited ${r.status}: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { perTask: number }).perTask;
}

describe('allocation on the bit-word path', () => {
  for (const name of Object.keys(CASES)) {
    it(`${name}: nothing per task or attempt`, () => {
      // The smallest object is 16 bytes, so one per task would read ≈ 16 (one per attempt, ≈ 16 × 9); the
      // estimate's own noise is about ±2 bytes per task.
      expect(perTask(name)).toBeLessThan(6);
    });
  }
});
