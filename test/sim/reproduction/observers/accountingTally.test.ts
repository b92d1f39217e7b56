import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../../../sim/agent/agentConfig.js';
import { HIDDEN_PARAMS } from '../../../../sim/agent/choices.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../../sim/experiment/config.js';
import { runReplicate } from '../../../../sim/experiment/replicate.js';
import { ReplicateWatch } from '../../../../sim/reproduction/observers/replicateWatch.js';

const config: Run = normalizeRun({ ...PUBLISHED_RUN, seed: 3, replicates: 1 });
const { cadence: CADENCES, window: WINDOWS, update: UPDATES, samples: SAMPLE_SETS } = HIDDEN_PARAMS;

describe("the audit's tally of every test accounting", () => {
  it('counts every test accounting at once, each equal to a run configured with it, and changes nothing else', () => {
    let checked = 0;
    for (const cadence of CADENCES.values)
      for (const window of WINDOWS.values)
        for (const update of UPDATES.values)
          for (const samples of SAMPLE_SETS.values)
            for (let r = 0; r < 3; r++) {
              const agent = { ...PUBLISHED_AGENT, cadence, window, update, samples };
              const watch = new ReplicateWatch({}, { accountings: true, replacements: false });
              const watched = runReplicate(normalizeRun({ ...config, agent }), lockV1, r, watch.next());
              const tallies = watch.accountings;
              expect(tallies.length).toBe(config.rounds);
              for (const testUnit of HIDDEN_PARAMS.testUnit.values)
                for (const testAt of HIDDEN_PARAMS.testAt.values) {
                  const run = normalizeRun({ ...config, agent: { ...agent, testUnit, testAt } });
                  const one = runReplicate(run, lockV1, r);
                  one.forEach((m, i) => {
                    const a = tallies[i]!;
                    expect(a.tests[testUnit][testAt]).toBe(m.tests);
                    expect(a.refutations[testAt]).toBe(m.refutations);
                    const { tests: _t, refutations: _r, refutationRate: _q, ...rest } = m;
                    const { tests: _t2, refutations: _r2, refutationRate: _q2, ...restWatched } = watched[i]!;
                    expect(restWatched).toEqual(rest);
                    checked++;
                  });
                  // Under the configured accounting the watched run is the run itself.
                  if (testUnit === agent.testUnit && testAt === agent.testAt) expect(watched).toEqual(one);
                }
            }
    expect(checked).toBe(2 * 2 * 2 * 2 * 3 * 4 * PUBLISHED_RUN.rounds);
  });

  it('counts codes of more than one word as it counts those of one (a 40-bit lock, 24 bits right a high score)', () => {
    const wide = normalizeRun({ ...config, envParams: { bits: 40 }, cap: 60 });
    let tested = 0;
    for (const cadence of CADENCES.values)
      for (let r = 0; r < 2; r++) {
        const agent = { ...PUBLISHED_AGENT, cadence, goodScore: 24 };
        const watch = new ReplicateWatch({}, { accountings: true, replacements: false });
        runReplicate(normalizeRun({ ...wide, agent }), lockV1, r, watch.next());
        const tallies = watch.accountings;
        for (const testUnit of HIDDEN_PARAMS.testUnit.values)
          for (const testAt of HIDDEN_PARAMS.testAt.values) {
            const one = runReplicate(normalizeRun({ ...wide, agent: { ...agent, testUnit, testAt } }), lockV1, r);
            one.forEach((m, i) => {
              expect(tallies[i]!.tests[testUnit][testAt]).toBe(m.tests);
              expect(tallies[i]!.refutations[testAt]).toBe(m.refutations);
              tested += m.tests;
            });
          }
      }
    expect(tested).toBeGreaterThan(0);
  });

  it("counts the skills evolutions under 'replace' dropped, afresh for every replicate", () => {
    const agent = { ...PUBLISHED_AGENT, cadence: 'task' as const, window: 'round' as const };
    const run = normalizeRun({ ...config, agent });
    const watch = new ReplicateWatch({}, { accountings: false, replacements: true });
    const drops = Array.from({ length: 6 }, (_, r) => {
      runReplicate(run, lockV1, r, watch.next());
      return watch.dropped;
    });
    // Under --cadence task with --window round almost every replicate drops skills; counted per replicate.
    expect(drops.filter((d) => d > 0).length).toBeGreaterThan(3);
    const again = new ReplicateWatch({}, { accountings: false, replacements: true });
    runReplicate(run, lockV1, 5, again.next());
    expect(again.dropped).toBe(drops[5]);
    expect(watch.accountings).toEqual([]);
  });
});
