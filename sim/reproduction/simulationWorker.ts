/** Worker thread of the pool: says 'ready', then runs the jobs `runJobs` posts and posts back their results. */
import { parentPort } from 'node:worker_threads';
import { runSimulation, transferables, type SimulationJob } from './simulationJobs.js';

parentPort?.on('message', (job: SimulationJob) => {
  const result = runSimulation(job);
  parentPort!.postMessage(result, transferables(result));
});
parentPort?.postMessage('ready');
