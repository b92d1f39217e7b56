/** Worker thread for the audit: says 'ready', then runs jobs posted by `runJobs` and posts back their figure values. */
import { parentPort } from 'node:worker_threads';
import { runAuditJob, type AuditJob } from './auditJobs.js';

parentPort?.on('message', (job: AuditJob) => {
  const result = runAuditJob(job);
  parentPort!.postMessage(result, result.values.map(([, v]) => v.buffer as ArrayBuffer));
});
parentPort?.postMessage('ready');
