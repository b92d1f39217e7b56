/** A worker thread that writes a runs table as Parquet (`parquetOffThread`), so the main thread goes on meanwhile. */
import { serveJobs } from '../../sim/core/parallel/serve.js';
import { writeParquetOfCsv } from './csvTable.js';
import type { ParquetOfCsvJob } from './offThread.js';

serveJobs((job: ParquetOfCsvJob) => writeParquetOfCsv(job.path, job.csv, job.envKinds));
