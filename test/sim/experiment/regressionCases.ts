/**
 * The seeded lock-v1 runs pinned by the no-regression test. The fixture beside this file was produced by
 * the Core simulator before lifecycles, exploration policies and contexts were added; any change to these
 * numbers means the published defaults no longer reproduce the original behaviour.
 */
import { PUBLISHED_AGENT, type AgentConfig } from '../../../sim/agent/agentConfig.js';
import { PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';

/** The Core simulator's hidden-choice defaults (before the audit moved the published defaults). */
const CORE_CHOICES: Partial<AgentConfig> = { window: 'all', testUnit: 'high', testAt: 'record' };

const run = (agent: Partial<AgentConfig>, rest: Partial<RunConfig> = {}): RunConfig => ({
  ...PUBLISHED_RUN,
  replicates: 3,
  seed: 7,
  ...rest,
  agent: { ...PUBLISHED_AGENT, ...CORE_CHOICES, ...agent },
});

export const REGRESSION_CASES: Readonly<Record<string, RunConfig>> = {
  published: run({}),
  noLibrary: run({ library: false }),
  explore20Shared: run({ explore: 0.2 }),
  explore20Separate: run({ explore: 0.2, routing: 'separate' }),
  exploreTask: run({ explore: 0.3, exploreUnit: 'task' }),
  cadenceTask: run({ cadence: 'task' }),
  windowRound: run({ window: 'round', update: 'merge' }),
  distinct: run({ samples: 'distinct', threshold: 0.75 }),
  loose: run({ threshold: 0.6, topK: 3, minEvidence: 1 }),
  bits8: run({}, { envParams: { bits: 8, truth: 'random' }, rounds: 4 }),
  bits40: run({ threshold: 0.7 }, { envParams: { bits: 40, truth: 'random' }, rounds: 3, tasks: 10, cap: 50 }),
};

/** The metric fields the Core simulator reported; the pinned fixture holds exactly these. */
export const PINNED_FIELDS = [
  'round',
  'tasks',
  'attempts',
  'meanAttempts',
  'solved',
  'solveRate',
  'skills',
  'tasksWithSkills',
  'constraintSize',
  'tests',
  'refutations',
  'refutationRate',
  'clashes',
  'fallbacks',
  'explorations',
  'goodSamples',
] as const;
