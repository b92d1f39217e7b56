/** A worker thread that summarises groups of a result folder (`summarizeFolder` on several threads). */
import { serveJobs } from '../sim/core/parallel/serve.js';
import { jobStats, type GroupJob } from './summary.js';

serveJobs((job: GroupJob) => jobStats(job));
