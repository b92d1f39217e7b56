import { describe, expect, it } from 'vitest';
import { benchStore, storeLines } from '../../../scripts/bench/storeBench.js';
import { tempDir } from '../sweep/cli.js';

describe('the store bench', () => {
  it('times CSV and Parquet from the same rows, Parquet far fewer bytes a row, and the writer over many cells', () => {
    const s = benchStore(tempDir('storebench'), 2000);
    expect(s.rows).toBe(20 * 200 * 5);
    expect(s.csv.rowsPerSecond).toBeGreaterThan(0);
    expect(s.parquet.rowsPerSecond).toBeGreaterThan(0);
    expect(s.csv.bytesPerRow / s.parquet.bytesPerRow).toBeGreaterThanOrEqual(10);
    expect(s.peak).toMatchObject({ cells: 2000, rows: 2000 * 5 });
    expect(storeLines(s)).toHaveLength(2);
  });
});
