/** A worker thread of the sweep's pool (`startPool`): runs the tasks it is handed. */
import { serveJobs } from '../../sim/core/parallel/serve.js';
import { runTask } from './task.js';

serveJobs(runTask);
