/**
 * The hot path allocates nothing per task or per attempt: replicates with 5 times the tasks must not
 * allocate more than the shorter ones. Allocations are counted by V8's sampling heap profiler (every
 * object, collected or not), once the code is warm; both runs are long, so both run the same optimised
 * code and their per-replicate allocations cancel.
 */
import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';

/** Mean bytes between samples; V8 scales each sample by its odds, so the totals estimate the bytes allocated. */
const INTERVAL = 64;
const REPLICATES = 10;
const SHORT = 2000;
const LONG = 10_000;

let session: Session;
beforeAll(() => {
  session = new Session();
  session.connect();
});
afterAll(() => session.disconnect());

/** Bytes sampled while running replicates 100 … 109 of `config`. */
async function sampledBytes(config: RunConfig): Promise<number> {
  await session.post('HeapProfiler.startSampling', { samplingInterval: INTERVAL, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let r = 0; r < REPLICATES; r++) runReplicate(config, lockV1, 100 + r);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  let total = 0;
  const visit = (node: typeof profile.head): void => {
    total += node.selfSize;
    node.children.forEach(visit);
  };
  visit(profile.head);
  return total;
}

const CASES: [string, RunConfig][] = [
  ['the published 4-bit exploitation arm (one bit word)', PUBLISHED_RUN],
  ['20 % exploration kept apart', { ...PUBLISHED_RUN, agent: { ...PUBLISHED_AGENT, explore: 0.2, routing: 'separate' } }],
  ['a 40-bit lock (two bit words), tests as recorded', { ...PUBLISHED_RUN, envParams: { bits: 40, truth: 'random' }, agent: { ...PUBLISHED_AGENT, testAt: 'record', goodScore: 30 } }],
];

describe('allocation', () => {
  for (const [what, config] of CASES) {
    it(`${what}: nothing per task or attempt`, async () => {
      const short = { ...config, tasks: SHORT };
      const long = { ...config, tasks: LONG };
      // Warm: the optimising compiler has settled (unoptimised code boxes numbers); then the least of
      // two samples each, as whatever else the process does only adds.
      for (let r = 0; r < 3; r++) runReplicate(long, lockV1, r);
      for (let r = 0; r < 3; r++) runReplicate(short, lockV1, r);
      const least = async (c: RunConfig): Promise<number> => Math.min(await sampledBytes(c), await sampledBytes(c));
      const extraTasks = REPLICATES * config.rounds * (LONG - SHORT);
      const perTask = ((await least(long)) - (await least(short))) / extraTasks;
      // The smallest object is 16 bytes, so one per task would read ≈ 16 (per attempt, ≈ 16 × 9); the
      // estimate's own noise is about ±2 bytes per task.
      expect(perTask).toBeLessThan(6);
    });
  }
});
