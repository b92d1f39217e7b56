/** A worker entry for the pool's tests: serves `runTestJob` (which says which thread ran each job). */
import { serveJobs } from '../../../../sim/core/parallel/serve.js';
import { runTestJob } from './testJobs.js';

serveJobs(runTestJob);
