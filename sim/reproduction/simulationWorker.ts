/** A worker thread of the reproduction's pool (`simulationPool`): runs the simulations it is handed. */
import { serveJobs } from '../core/parallel/serve.js';
import { runSimulation, transferables } from './simulationJobs.js';

serveJobs(runSimulation, transferables);
