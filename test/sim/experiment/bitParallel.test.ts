/**
 * The bit-word path of binary worlds (guesses and scores 32 positions at a time) against the per-position
 * path, over random configurations: every replicate must come out identical, round by round.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { findEnv } from '../../../sim/agent/moduleStore.js';
import { Actor } from '../../../sim/agent/actor.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';
import { passiveRun, randomRun } from './randomRuns.js';

describe('the bit-word path of binary worlds', () => {
  it('gives every replicate exactly what the per-position path gives, for any configuration', () => {
    fc.assert(
      fc.property(randomRun, fc.integer({ min: 0, max: 50 }), (c, replicate) => {
        const spec = findEnv(c.env)!;
        expect(runReplicate(c, spec, replicate)).toEqual(runReplicate(c, spec, replicate, { bitParallel: false }));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('runs a round as one batch under passive hooks, with what the per-position path gives, task by task', () => {
    const batched = vi.spyOn(Actor.prototype, 'runBatch');
    try {
      fc.assert(
        fc.property(passiveRun, fc.integer({ min: 0, max: 50 }), (c, replicate) => {
          const spec = findEnv(c.env)!;
          batched.mockClear();
          const rounds = runReplicate(c, spec, replicate);
          // Every round of a world of at most 32 positions ran as a batch (prior rounds included), no other.
          const ran = batched.mock.results.filter((r) => r.value === true).length;
          if (Number(c.envParams.bits) <= 32) expect(ran).toBeGreaterThanOrEqual(c.rounds);
          else expect(ran).toBe(0);
          expect(rounds).toEqual(runReplicate(c, spec, replicate, { bitParallel: false }));
        }),
        { numRuns: 200, seed: 12 },
      );
    } finally {
      batched.mockRestore();
    }
  });
});
