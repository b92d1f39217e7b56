/**
 * The skill recorder against the run's own accounting, over random configurations (every world, hidden
 * choice, lifecycle, exploration policy and mode): recording changes nothing the run reports, and what it
 * records adds up to what the run reports — tests and refutations per round, the skills in the library at
 * each round's end — with exploration's share of the tests known wherever every attempt is a test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReplicateHistory } from '../../../../sim/agent/history/recorder.js';
import { findEnv } from '../../../../sim/agent/moduleStore.js';
import type { RoundMetrics } from '../../../../sim/core/metrics.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../../sim/experiment/config.js';
import { runReplicate } from '../../../../sim/experiment/replicate.js';
import { randomRun } from '../../experiment/randomRuns.js';

function recorded(c: Run, replicate: number): { rounds: RoundMetrics[]; history: ReplicateHistory } {
  let history: ReplicateHistory | undefined;
  const rounds = runReplicate(c, findEnv(c.env)!, replicate, { onHistory: (h) => void (history = h) });
  return { rounds, history: history! };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('the skill recorder', () => {
  it('changes nothing a run reports, and its rows add up to the run’s tests, refutations and skills', () => {
    fc.assert(
      fc.property(randomRun, fc.integer({ min: 0, max: 50 }), (c, replicate) => {
        const { rounds, history } = recorded(c, replicate);
        expect(rounds).toEqual(runReplicate(c, findEnv(c.env)!, replicate));
        for (const m of rounds) {
          const rows = history.rounds.filter((r) => r.round === m.round);
          expect(sum(rows.map((r) => r.tests))).toBe(m.tests);
          expect(sum(rows.map((r) => r.refuted))).toBe(m.refutations);
          expect(rows.filter((r) => r.inLibrary && r.weight > 0)).toHaveLength(m.skills);
          for (const r of rows) if (r.explored !== null) expect(r.explored).toBeLessThanOrEqual(r.tests);
        }
        // Each life's numbering follows first entry, and a row belongs to a skill that had entered by then.
        expect(history.skills.map((s) => s.skill)).toEqual(history.skills.map((_, i) => i + 1));
        for (const r of history.rounds) expect(history.skills[r.skill - 1]!.bornRound).toBeLessThanOrEqual(r.round);
        if (c.agent.testUnit === 'any')
          for (const r of history.rounds) expect(r.explored, `skill ${r.skill} round ${r.round}`).not.toBeNull();
      }),
      { numRuns: 150, seed: 23 },
    );
  });

  it('counts exploration’s tests: none without exploration, all of them when every attempt explores', () => {
    const at = (explore: number): Run =>
      normalizeRun({ ...PUBLISHED_RUN, agent: { ...PUBLISHED_RUN.agent, explore, minEvidence: 1 } });
    for (let r = 0; r < 20; r++) {
      for (const row of recorded(at(0), r).history.rounds) expect(row.explored).toBe(0);
      for (const row of recorded(at(1), r).history.rounds) expect(row.explored).toBe(row.tests);
    }
    const some = Array.from({ length: 40 }, (_, r) => recorded(at(0.2), r).history.rounds).flat();
    const share = sum(some.map((row) => row.explored!)) / sum(some.map((row) => row.tests));
    // Every attempt is a test (the published unit), so exploration makes about its rate of them.
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
  });

  it('records how each skill entered and left, and when the Retriever handed it over', () => {
    const threshold75 = normalizeRun({ ...PUBLISHED_RUN, agent: { ...PUBLISHED_RUN.agent, threshold: 0.75 } });
    const histories = Array.from({ length: 30 }, (_, r) => recorded(threshold75, r).history);
    const lives = histories.flatMap((h) => h.skills);
    // At 0.75 noise is taken for a rule and dropped by the next evolution (the article's finding).
    const replaced = lives.filter((s) => s.exitReason === 'replaced');
    expect(replaced.length).toBeGreaterThan(0);
    for (const s of replaced) expect(s.exitRound).toBeGreaterThan(s.bornRound);
    for (const h of histories) {
      for (const e of h.evolutions) expect(e.kept + e.left).toBeLessThanOrEqual(30); // no more than was there
      const inAtEnd = h.skills.filter((s) => s.exitReason === null);
      const lastRound = h.rounds.filter((r) => r.round === threshold75.rounds && r.inLibrary);
      expect(lastRound.map((r) => r.skill).sort()).toEqual(inAtEnd.map((s) => s.skill).sort());
      // Top-k of 2: each task is handed at most two skills.
      for (let round = 1; round <= threshold75.rounds; round++) {
        const handed = sum(h.rounds.filter((r) => r.round === round).map((r) => r.retrieved));
        expect(handed).toBeLessThanOrEqual(2 * threshold75.tasks);
      }
    }
  });
});
