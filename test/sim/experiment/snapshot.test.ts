/**
 * No-regression snapshot: the exact tidy CSV of seeded runs. Any change to random streams, the Actor,
 * the Evolver, the Retriever or the accounting shows up here. If a change is intended, regenerate with
 * `npx vitest run test/sim/experiment/snapshot.test.ts -u` and say why in the commit.
 */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../reports/csv/table.js';
import { replicateRows } from '../../../reports/csv/rows.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';

function csvOf(config: RunConfig): string {
  return toCsv(runExperiment(normalizeRun(config)).replicates.flatMap((rounds, i) => replicateRows(config, i, rounds)));
}

describe('no-regression snapshot', () => {
  it('published arm, default hidden choices, seed 2026, 3 replicates', async () => {
    await expect(csvOf({ ...PUBLISHED_RUN, seed: 2026, replicates: 3 })).toMatchFileSnapshot(
      '../../__snapshots__/published-seed2026.csv',
    );
  });

  it('published arm, pre-audit hidden choices (window all, tests = recorded good samples), seed 2026', async () => {
    const agent = { ...PUBLISHED_AGENT, window: 'all' as const, testUnit: 'high' as const, testAt: 'record' as const };
    await expect(csvOf({ ...PUBLISHED_RUN, seed: 2026, replicates: 3, agent })).toMatchFileSnapshot(
      '../../__snapshots__/published-window-all-seed2026.csv',
    );
  });

  it('per-task evolution with 20 % exploration kept apart, seed 2026, 3 replicates', async () => {
    const agent = {
      ...PUBLISHED_AGENT,
      cadence: 'task' as const,
      explore: 0.2,
      routing: 'separate' as const,
      update: 'merge' as const,
    };
    await expect(csvOf({ ...PUBLISHED_RUN, seed: 2026, replicates: 3, agent })).toMatchFileSnapshot(
      '../../__snapshots__/task-explore-separate-seed2026.csv',
    );
  });
});
