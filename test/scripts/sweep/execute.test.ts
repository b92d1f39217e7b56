import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunking, partStart } from '../../../scripts/sweep/execute.js';

describe('sweep tasks sized to the machine', () => {
  it('cuts a short sweep of few cells into parts, so every worker has work to the end', () => {
    // 3 cells of 1000 replicates on 2 workers: whole cells would leave one worker idle for a third of the run.
    const { parts, perTask } = chunking(3, 1000, 2);
    expect(perTask).toBe(1);
    expect(3 * parts).toBeGreaterThanOrEqual(2 * 8);
    // Many cells: whole cells; tiny cells: several per task; one worker: never parts.
    expect(chunking(40, 1000, 2)).toEqual({ parts: 1, perTask: 1 });
    expect(chunking(100_000, 1, 2).perTask).toBe(64);
    expect(chunking(3, 1000, 1).parts).toBe(1);
  });

  it('parts cover the replicates exactly once, in order, none empty', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 64 }),
        (cells, replicates, workers) => {
          const { parts, perTask } = chunking(cells, replicates, workers);
          expect(parts).toBeGreaterThanOrEqual(1);
          expect(parts).toBeLessThanOrEqual(replicates);
          expect(perTask).toBeGreaterThanOrEqual(1);
          if (parts > 1) expect(perTask).toBe(1);
          const starts = Array.from({ length: parts }, (_, i) => partStart(i, parts, replicates));
          expect(starts[0]).toBe(0);
          for (let i = 1; i < parts; i++) expect(starts[i]!).toBeGreaterThan(starts[i - 1]!);
          expect(starts[parts - 1]!).toBeLessThan(replicates);
        },
      ),
    );
  });
});
