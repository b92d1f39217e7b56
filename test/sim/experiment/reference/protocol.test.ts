/**
 * The engine's attempt loops held to the reference protocol (sim/experiment/reference/protocol.ts), replicate by
 * replicate: every RoundMetrics field, for the published arm, for exploration kept apart from the Evolver, for an
 * Evolver after every task over the whole history merging into the library, and for random configurations the
 * reference covers — on the fast loops, and on the per-position loop (`bitParallel: false`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lockV1 } from '../../../../envs/lock.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../../sim/experiment/config.js';
import { referenceGap, referenceReplicate } from '../../../../sim/experiment/reference/protocol.js';
import { runReplicate } from '../../../../sim/experiment/replicate.js';
import { passiveRun, randomRun } from '../randomRuns.js';

const withAgent = (agent: Partial<AgentConfig>, run: Partial<Run> = {}): Run =>
  normalizeRun({ ...PUBLISHED_RUN, ...run, agent: { ...PUBLISHED_AGENT, ...agent } });

/** Replicates `from` … `from + count − 1` of a run, on the engine and on the reference. */
function expectSame(run: Run, count: number, from = 0): void {
  for (let r = from; r < from + count; r++) expect(runReplicate(run, lockV1, r)).toEqual(referenceReplicate(run, r));
}

describe('the reference protocol', () => {
  it('plays the published arm as the engine does, replicate by replicate', () => {
    expectSame(PUBLISHED_RUN, 300);
  });

  it('plays 20 % exploration kept apart from the Evolver as the engine does', () => {
    const run = withAgent({ explore: 0.2, routing: 'separate' });
    expectSame(run, 200);
    // The runs explore and keep samples apart, so the comparison covers both.
    const rounds = runReplicate(run, lockV1, 0);
    expect(rounds.some((m) => m.explorations > 0)).toBe(true);
  });

  it('plays an Evolver after every task, over the whole history, merging, as the engine does', () => {
    const run = withAgent({ cadence: 'task', window: 'all', update: 'merge' });
    expectSame(run, 200);
    // Skills tested and refuted, and some of the library merged from earlier evolutions, in the replicates compared.
    const all = Array.from({ length: 200 }, (_, r) => referenceReplicate(run, r)).flat();
    expect(all.some((m) => m.refutations > 0)).toBe(true);
    expect(all.some((m) => m.skills > 2)).toBe(true);
  });

  it('plays per-task exploration, distinct samples and tests as recorded on an 8-bit lock as the engine does', () => {
    const run = withAgent(
      { explore: 0.3, exploreUnit: 'task', samples: 'distinct', testUnit: 'high', testAt: 'record', topK: 3 },
      { envParams: { bits: 8, truth: 'random' }, cap: 40 },
    );
    expectSame(run, 100);
  });

  it('plays every configuration it covers as the engine does, on the fast loops and the per-position one', () => {
    const covered = fc.oneof(randomRun, passiveRun).filter((c) => c.env === 'lock-v1' && referenceGap(c) === null);
    fc.assert(
      fc.property(covered, fc.integer({ min: 0, max: 50 }), (c, replicate) => {
        const reference = referenceReplicate(c, replicate);
        expect(runReplicate(c, lockV1, replicate)).toEqual(reference);
        expect(runReplicate(c, lockV1, replicate, { bitParallel: false })).toEqual(reference);
      }),
      { numRuns: 200, seed: 40 },
    );
  });

  it('names what it does not cover, and refuses it', () => {
    expect(referenceGap(PUBLISHED_RUN)).toBeNull();
    expect(referenceGap(normalizeRun({ ...PUBLISHED_RUN, env: 'mastermind-v1' }))).toBe('the world mastermind-v1');
    expect(referenceGap(withAgent({ actor: 'consistent' }))).toBe('the consistent actor');
    const beta = withAgent({ lifecycle: { ...PUBLISHED_AGENT.lifecycle, name: 'beta' } });
    expect(referenceGap(beta)).toBe('the beta lifecycle');
    expect(() => referenceReplicate(beta, 0)).toThrow('the reference protocol does not cover the beta lifecycle');
  });
});
