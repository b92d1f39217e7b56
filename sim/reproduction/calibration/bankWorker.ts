/** A worker thread judging a calibration batch on a bank of its own (bankBatch.ts), bank and reserve made here. */
import { serveJobs } from '../../core/parallel/serve.js';
import { freshBatch } from './bankBatch.js';

serveJobs(freshBatch);
