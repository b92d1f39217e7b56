import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { HIDDEN_PARAMS } from '../../../sim/agent/choices.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../sim/experiment/config.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';

const config: Run = normalizeRun({ ...PUBLISHED_RUN, seed: 3, replicates: 1 });
const { cadence: CADENCES, window: WINDOWS, update: UPDATES, samples: SAMPLE_SETS } = HIDDEN_PARAMS;
const strip = <T extends { accountings?: unknown }>(m: T): Omit<T, 'accountings'> => {
  const { accountings: _, ...rest } = m;
  return rest;
};

describe('how a replicate runs, not what it computes', () => {
  it('stops when asked to, after the rounds played, which are unchanged', () => {
    const whole = runReplicate(config, lockV1, 5);
    const cut = runReplicate(config, lockV1, 5, { keepGoing: (rounds) => rounds.length < 2 });
    expect(cut).toEqual(whole.slice(0, 2));
  });

  it('counts every test accounting at once, each equal to a run configured with it, and changes nothing else', () => {
    let checked = 0;
    for (const cadence of CADENCES.values)
      for (const window of WINDOWS.values)
        for (const update of UPDATES.values)
          for (const samples of SAMPLE_SETS.values)
            for (let r = 0; r < 3; r++) {
              const agent = { ...PUBLISHED_AGENT, cadence, window, update, samples };
              const all = runReplicate(normalizeRun({ ...config, agent }), lockV1, r, { accountings: true });
              for (const testUnit of HIDDEN_PARAMS.testUnit.values)
                for (const testAt of HIDDEN_PARAMS.testAt.values) {
                  const one = runReplicate(
                    normalizeRun({ ...config, agent: { ...agent, testUnit, testAt } }),
                    lockV1,
                    r,
                  );
                  one.forEach((m, i) => {
                    const a = all[i]!.accountings!;
                    expect(a.tests[testUnit][testAt]).toBe(m.tests);
                    expect(a.refutations[testAt]).toBe(m.refutations);
                    const { tests: _t, refutations: _r, refutationRate: _q, ...rest } = strip(m);
                    const { tests: _t2, refutations: _r2, refutationRate: _q2, ...restAll } = strip(all[i]!);
                    expect(restAll).toEqual(rest);
                    checked++;
                  });
                }
            }
    expect(checked).toBe(2 * 2 * 2 * 2 * 3 * 4 * PUBLISHED_RUN.rounds);
    // Without the option, rounds carry no accountings.
    expect(runReplicate(config, lockV1, 0)[0]!.accountings).toBeUndefined();
  });
});
