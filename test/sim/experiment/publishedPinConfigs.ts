/**
 * The seeded runs whose rows are pinned (test/fixtures/published-pin.json): the published agent with
 * default flags and a few hidden-choice variants, all with the published (feedback-blind) Actor.
 */
import { PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';

export const PINNED_RUNS: Readonly<Record<string, RunConfig>> = {
  published: { ...PUBLISHED_RUN, replicates: 3 },
  separateExploration: {
    ...PUBLISHED_RUN,
    seed: 7,
    replicates: 2,
    agent: { ...PUBLISHED_RUN.agent, explore: 0.2, routing: 'separate' },
  },
  randomControl: { ...PUBLISHED_RUN, seed: 3, replicates: 2, agent: { ...PUBLISHED_RUN.agent, library: false } },
  variant8: {
    ...PUBLISHED_RUN,
    envParams: { bits: 8, truth: 'random' },
    seed: 11,
    replicates: 2,
    rounds: 4,
    agent: {
      ...PUBLISHED_RUN.agent,
      cadence: 'task',
      window: 'round',
      update: 'merge',
      explore: 0.1,
      exploreUnit: 'task',
      samples: 'distinct',
    },
  },
};
