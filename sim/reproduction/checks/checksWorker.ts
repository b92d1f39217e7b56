/** A worker thread that makes the best reading's checks (`checksAside`) while the thread that started it goes on. */
import { serveJobs } from '../../core/parallel/serve.js';
import { checksOf } from './bestReading.js';

serveJobs(checksOf);
