/**
 * `writeParquetOfCsv` on a worker thread: a reproduction's runs table is ready long before the audit behind
 * its verdict is, and encoding it is the longest step left after; started as soon as the runs are in, it
 * overlaps the rest. The file is the same, byte for byte, wherever it is written.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { WorkerPool } from '../../sim/core/parallel/pool.js';
import type { FileRecord } from '../store/checksums.js';
import type { EnvParamKind } from './columns.js';
import { writeParquetOfCsv } from './csvTable.js';
import { settled, temporary } from '../store/temporaries.js';

export interface ParquetOfCsvJob {
  readonly path: string;
  readonly csv: string;
  readonly envKinds: Readonly<Record<string, EnvParamKind>>;
}

/** Start writing `csv` as Parquet at `path` on a worker thread; the promise settles when the file is complete. */
export async function parquetOffThread(job: ParquetOfCsvJob): Promise<FileRecord> {
  // Two threads, this one running none of the jobs: the one job goes to the worker thread.
  const pool = new WorkerPool<ParquetOfCsvJob, FileRecord>(new URL('./parquetWorker.js', import.meta.url), 2, (j) =>
    writeParquetOfCsv(j.path, j.csv, j.envKinds),
  );
  try {
    let record: FileRecord | null = null;
    await pool.run([job], (_, result) => (record = result), { here: () => false });
    return record!;
  } finally {
    await pool.close();
  }
}

/**
 * A Parquet file encoded off thread beside the folder it is for (`path`, on the same file system), then moved in.
 * `start` may be called once or not at all; whatever happens, `discard` leaves nothing behind.
 */
export class ParquetAside {
  private pending: Promise<FileRecord> | null = null;

  constructor(readonly path: string) {}

  start(csv: string, envKinds: Readonly<Record<string, EnvParamKind>>): void {
    mkdirSync(dirname(this.path), { recursive: true });
    temporary(this.path);
    this.pending = parquetOffThread({ path: this.path, csv, envKinds });
    // Its failure is reported where it is awaited (`finished`).
    this.pending.catch(() => undefined);
  }

  /** Wait for the file; a failure removes what was written and throws. */
  async finished(): Promise<void> {
    try {
      await this.pending;
    } catch (e) {
      rmSync(this.path, { force: true });
      throw e;
    }
  }

  moveTo(file: string): void {
    renameSync(this.path, file);
    settled(this.path);
  }

  async discard(): Promise<void> {
    await this.pending?.catch(() => undefined);
    rmSync(this.path, { force: true });
    settled(this.path);
  }
}
