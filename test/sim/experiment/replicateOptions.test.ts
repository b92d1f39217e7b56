import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../sim/experiment/config.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';

const config: Run = normalizeRun({ ...PUBLISHED_RUN, seed: 3, replicates: 1 });

describe('how a replicate runs, not what it computes', () => {
  it('stops when asked to, after the rounds played, which are unchanged', () => {
    const whole = runReplicate(config, lockV1, 5);
    const cut = runReplicate(config, lockV1, 5, { keepGoing: (rounds) => rounds.length < 2 });
    expect(cut).toEqual(whole.slice(0, 2));
  });

  it("attaches an observer to the replicate's library and tells it the evaluation rounds, changing nothing", () => {
    // A prior batch (library mode off2on plays one) is not an evaluation round: it is not told.
    for (const agent of [PUBLISHED_AGENT, { ...PUBLISHED_AGENT, mode: 'off2on-iterative' as const }]) {
      const run = normalizeRun({ ...config, agent });
      const told: string[] = [];
      let batches = 0;
      const watched = runReplicate(run, lockV1, 2, {
        observe: (library) => {
          told.push(`library of ${library.positions} positions`);
          return {
            roundBegins: (round) => void told.push(`begins ${round}`),
            roundEnded: (round) => void told.push(`ended ${round}`),
            recording: () => void batches++,
          };
        },
      });
      expect(watched).toEqual(runReplicate(run, lockV1, 2));
      const rounds = Array.from({ length: run.rounds }, (_, i) => [`begins ${i + 1}`, `ended ${i + 1}`]).flat();
      expect(told).toEqual(['library of 4 positions', ...rounds]);
      expect(batches).toBeGreaterThan(0);
    }
    // Without a library there is nothing to observe.
    let asked = false;
    runReplicate(normalizeRun({ ...config, agent: { ...PUBLISHED_AGENT, library: false } }), lockV1, 2, {
      observe: () => {
        asked = true;
        return {};
      },
    });
    expect(asked).toBe(false);
  });
});
