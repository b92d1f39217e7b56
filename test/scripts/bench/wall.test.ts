import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DISTURBANCE_RESOLUTION,
  fastest,
  leastDisturbed,
  timeHexa,
  type WallRun,
} from '../../../scripts/bench/wall.js';
import { speedupCeiling, startupFigure, sweepSpeedup } from '../../../scripts/bench/wallFigures.js';

const run = (seconds: number, others?: number): WallRun => ({ seconds, cpuSeconds: seconds, others });

describe('whole-command timings', () => {
  it('keeps the least disturbed run, and the fastest among equally disturbed ones', () => {
    expect(leastDisturbed([run(3, 0.9), run(5, 0.1), run(4, 0.1)])).toEqual(run(4, 0.1));
    // Disturbances a few /proc/stat ticks apart are equal: the fastest of those runs counts, not the one a tick
    // quieter.
    expect(leastDisturbed([run(2.8, 0), run(2.2, 0.02), run(2.1, 0.3)])).toEqual(run(2.2, 0.02));
    expect(leastDisturbed([run(2.8, 0), run(2.2, 0.02 + DISTURBANCE_RESOLUTION)])).toEqual(run(2.8, 0));
    expect(fastest([run(3, 0.9), run(5, 0.1)])).toEqual(run(3, 0.9));
  });

  it('bounds a speed-up by the CPU the faster run needed: C CPU-seconds take at least C / cores seconds', () => {
    // One worker: 2.2 s. Two workers needed 2.75 CPU-s, so on 2 cores they took at least 1.375 s: at most 1.6×.
    const one = { seconds: 2.2, cpuSeconds: 2.5, others: 0 };
    const two = { seconds: 1.45, cpuSeconds: 2.75, others: 0 };
    expect(speedupCeiling(one, two, 2)).toBeCloseTo(1.6, 12);
    expect(speedupCeiling(one, two, 4)).toBeCloseTo(3.2, 12);
  });

  it('times a command and refuses one that fails', () => {
    const r = timeHexa(['envs']);
    expect(r.seconds).toBeGreaterThan(0);
    expect(() => timeHexa(['run', '--rounds', 'x'])).toThrow(/exited 2/);
  });

  it('stops a command at its deadline and says so, and leaves one that ends before it alone', () => {
    const out = mkdtempSync(join(tmpdir(), 'hexa-wall-'));
    const stopped = timeHexa(['reproduce', '--audit', '--quiet', '--out', join(out, 'a')], { deadlineSeconds: 1 });
    expect(stopped.stopped).toBe(true);
    expect(stopped.seconds).toBeGreaterThanOrEqual(1);
    const ended = timeHexa(['envs'], { deadlineSeconds: 60 });
    expect(ended.stopped).toBeUndefined();
  });

  it('compares hexa run with hexa --help, and a sweep with 1 and 2 workers, checking the outputs agree', () => {
    const s = startupFigure(1);
    expect(s.ratio).toBeCloseTo(s.run.seconds / s.help.seconds, 12);
    const dir = mkdtempSync(join(tmpdir(), 'hexa-wall-'));
    const sweep = sweepSpeedup(dir, 1, ['--explore', '0,0.2', '--replicates', '20', '--tasks', '5']);
    expect(sweep.identical).toBe(true);
    expect(sweep.runs.map((r) => r.length)).toEqual([1, 1]);
    expect(sweep.speedup).toBeCloseTo(sweep.one.seconds / sweep.two.seconds, 12);
    expect(sweep.oneCores).toBeCloseTo(sweep.one.cpuSeconds / sweep.one.seconds, 12);
    expect(sweep.ceiling).toBeCloseTo(speedupCeiling(sweep.one, sweep.two, sweep.cores), 12);
    expect(sweep.two.cpuSeconds).toBeGreaterThan(0);
  });
});
