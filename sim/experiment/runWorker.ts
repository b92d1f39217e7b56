/** A worker thread of `runWatched` (watched.ts): runs whole experiments whose code includes plugin modules. */
import { serveJobs } from '../core/parallel/serve.js';
import { runExperiment } from './experiment.js';
import type { Run } from './config.js';
import { ensureModules } from '../agent/plugins/load.js';

serveJobs(async (config: Run) => {
  // The files the configuration names, with the content it was made with.
  await ensureModules(config.modules);
  return runExperiment(config);
});
