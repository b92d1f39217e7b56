/**
 * Run by allocation.test.ts in a process of its own, one case per process (the compiler's state, and the
 * sampling profiler's effect on it, must not carry over from another case): prints the bytes allocated
 * per task, estimated by V8's sampling heap profiler, between long runs and longer ones.
 */
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { lockV1 } from '../../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';

/** Mean bytes between samples; V8 scales each sample by its odds, so the totals estimate the bytes allocated. */
const INTERVAL = 64;
const REPLICATES = 10;
const SHORT = 2000;
const LONG = 10_000;

export const CASES: Readonly<Record<string, RunConfig>> = {
  published: PUBLISHED_RUN,
  exploreApart: { ...PUBLISHED_RUN, agent: { ...PUBLISHED_AGENT, explore: 0.2, routing: 'separate' } },
  bits40: {
    ...PUBLISHED_RUN,
    envParams: { bits: 40, truth: 'random' },
    agent: { ...PUBLISHED_AGENT, testAt: 'record', goodScore: 30 },
  },
};

async function sampledBytes(session: Session, config: RunConfig): Promise<number> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let r = 0; r < REPLICATES; r++) runReplicate(normalizeRun(config), lockV1, 100 + r);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  let total = 0;
  const visit = (node: typeof profile.head): void => {
    total += node.selfSize;
    node.children.forEach(visit);
  };
  visit(profile.head);
  return total;
}

/** Bytes per task that the longer runs allocate beyond the long ones (both warm, so both run optimised code). */
export async function bytesPerTask(config: RunConfig): Promise<number> {
  const session = new Session();
  session.connect();
  const short = { ...config, tasks: SHORT };
  const long = { ...config, tasks: LONG };
  for (let r = 0; r < 3; r++) runReplicate(normalizeRun(long), lockV1, r);
  for (let r = 0; r < 3; r++) runReplicate(normalizeRun(short), lockV1, r);
  // The least of two samples each: whatever else the process does only adds.
  const least = async (c: RunConfig): Promise<number> =>
    Math.min(await sampledBytes(session, c), await sampledBytes(session, c));
  const perTask = ((await least(long)) - (await least(short))) / (REPLICATES * config.rounds * (LONG - SHORT));
  session.disconnect();
  return perTask;
}

// Run as a script (`node --import tsx allocationProbe.ts <case>`), not when imported for CASES.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${JSON.stringify({ perTask: await bytesPerTask(CASES[process.argv[2]!]!) })}\n`);
}
