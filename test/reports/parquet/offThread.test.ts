/** Parquet written on a worker thread is the file written here, byte for byte; discarding leaves nothing. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeParquetOfCsv } from '../../../reports/parquet/csvTable.js';
import { ParquetAside, parquetOffThread } from '../../../reports/parquet/offThread.js';
import { tempDir } from '../../scripts/sweep/cli.js';

const CSV = 'arm,replicate,round,attempts\nexploit,0,1,12\nexploit,0,2,9\nrandom,1,1,11\n';

describe('Parquet off thread', () => {
  it('writes the same bytes as on this thread', async () => {
    const dir = tempDir('pqoff');
    const here = writeParquetOfCsv(join(dir, 'here.parquet'), CSV, {});
    const there = await parquetOffThread({ path: join(dir, 'there.parquet'), csv: CSV, envKinds: {} });
    expect(there).toEqual(here);
    expect(readFileSync(join(dir, 'there.parquet')).equals(readFileSync(join(dir, 'here.parquet')))).toBe(true);
  });

  it('moves the finished file in, and leaves nothing behind when discarded', async () => {
    const dir = tempDir('pqaside');
    const kept = new ParquetAside(join(dir, 'sub', 'kept.parquet'));
    kept.start(CSV, {});
    await kept.finished();
    kept.moveTo(join(dir, 'runs.parquet'));
    await kept.discard();
    expect(readdirSync(dir).sort()).toEqual(['runs.parquet', 'sub']);
    const dropped = new ParquetAside(join(dir, 'dropped.parquet'));
    dropped.start(CSV, {});
    await dropped.discard();
    expect(existsSync(join(dir, 'dropped.parquet'))).toBe(false);
  });
});
