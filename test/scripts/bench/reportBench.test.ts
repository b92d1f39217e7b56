import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchReport, reportLine } from '../../../scripts/bench/reportBench.js';

const dir = mkdtempSync(join(tmpdir(), 'hexa-report-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("hexa bench's report row", () => {
  it('times the report of two sweeps and takes each one’s peak memory (the shape, not the figures)', () => {
    const steps: string[] = [];
    const r = benchReport(
      dir,
      (line) => steps.push(line),
      { big: ['--explore', '0,0.2', '--threshold', '0.75,0.85'], small: ['--explore', '0'] },
      10,
    );
    expect([r.big.cells, r.big.rows, r.small.cells, r.small.rows]).toEqual([4, 200, 1, 50]);
    for (const x of [r.big, r.small]) {
      expect(x.run.seconds).toBeGreaterThan(0);
      // Node and its modules alone take tens of MB: a peak below that was not the command's.
      expect(x.peakMb).toBeGreaterThan(20);
    }
    expect(r.peakRatio).toBeCloseTo(r.big.peakMb / r.small.peakMb, 12);
    expect(steps).toHaveLength(4);
    const run = String.raw`[\d.]+ s \(CPU [\d.]+ s; others [\d.?]+ CPU-s\), peak RSS \d+ MB`;
    expect(reportLine(r)).toMatch(
      new RegExp(
        `^hexa report of a sweep, 10 replicates a cell: 4 cells \\(0\\.00 M rows\\): ${run}; of 1 cells ` +
          String.raw`\(0\.00 M rows\): ${run}; peak [\d.]+× for 4\.0× the cells \(goal ≤ 60 s and ≤ 400 MB`,
      ),
    );
  }, 120_000);
});
