import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Env, Feedback } from '../../../sim/core/world/env.js';
import { lockV1 } from '../../../envs/lock.js';
import { Actor } from '../../../sim/agent/actor.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../sim/agent/agentConfig.js';
import type { Constraint } from '../../../sim/agent/constraint.js';
import { Evolver } from '../../../sim/agent/evolver.js';
import { Library } from '../../../sim/agent/library.js';
import { RoundTally } from '../../../sim/core/metrics.js';
import { Retriever } from '../../../sim/agent/retriever.js';
import { ReplicateKey } from '../../../sim/core/rng.js';

/** Wraps an env and records every code submitted. */
function recording(env: Env): { env: Env; codes: number[][] } {
  const codes: number[][] = [];
  return {
    codes,
    env: {
      id: env.id,
      space: env.space,
      maxScore: env.maxScore,
      reset: (t) => env.reset(t),
      step: (code): Feedback => {
        codes.push(Array.from(code));
        return env.step(code);
      },
      truth: () => env.truth(),
    },
  };
}

const task = { round: 0, task: 0, taskIndex: 0, stream: () => new ReplicateKey(0, 0).stream('env') };

/** An Actor on a lock with a fixed library of skills (no Evolver): the constraint never changes. */
function fixedActor(bits: number, skills: [number, number][], agent: Partial<AgentConfig>, cap = 20) {
  const base = lockV1.create({ bits, truth: 'random' }, new ReplicateKey(3, 0).stream('world'));
  const rec = recording(base);
  const library = new Library(bits, 2);
  library.update(
    skills.map(([position, value]) => ({ position, value, confidence: 1, evidence: 10 })),
    'replace',
  );
  const retriever = new Retriever(bits, skills.length);
  const actor = new Actor({
    env: rec.env,
    agent: { ...PUBLISHED_AGENT, ...agent },
    cap,
    goodScore: bits - 1,
    library,
    retriever,
  });
  return { actor, rec, base };
}

describe('Actor', () => {
  it('never breaks its constraint when not exploring, and never exceeds the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.tuple(fc.nat(39), fc.integer({ min: 0, max: 1 })), { maxLength: 6 }),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(1000),
        (bits, rawSkills, cap, seed) => {
          const skills = rawSkills.filter(([p]) => p < bits);
          const { actor, rec } = fixedActor(bits, skills, { explore: 0 }, cap);
          const tally = new RoundTally();
          const key = new ReplicateKey(seed, 0);
          for (let t = 0; t < 5; t++) {
            rec.env.reset(task);
            rec.codes.length = 0;
            const attempts = actor.runTask({ guess: key.stream('guess', 0, t), explore: null }, tally);
            expect(attempts).toBeLessThanOrEqual(cap);
            expect(rec.codes.length).toBeLessThanOrEqual(cap);
            // Equal confidence and evidence rank by (position, value), so on a clash value 0 comes first and wins.
            const fixed = new Map<number, number>();
            for (const [p, v] of skills) fixed.set(p, Math.min(v, fixed.get(p) ?? 1));
            for (const c of rec.codes) for (const [p, v] of fixed) expect(c[p]).toBe(v);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('explores at the configured rate, per attempt', () => {
    const { actor, rec } = fixedActor(
      8,
      [
        [0, 1],
        [1, 1],
      ],
      { explore: 0.3 },
      20,
    );
    const tally = new RoundTally();
    const key = new ReplicateKey(5, 0);
    let attempts = 0;
    for (let t = 0; t < 3000; t++) {
      rec.env.reset(task);
      attempts += actor.runTask({ guess: key.stream('guess', 0, t), explore: key.stream('explore', 0, t) }, tally);
    }
    const rate = tally.explorations / attempts;
    const se = Math.sqrt((0.3 * 0.7) / attempts);
    expect(Math.abs(rate - 0.3)).toBeLessThan(4 * se);
  });

  it('same streams → same codes (the Actor keeps no hidden randomness)', () => {
    const run = (): number[][] => {
      const { actor, rec } = fixedActor(6, [[2, 0]], { explore: 0.2 });
      const key = new ReplicateKey(11, 4);
      for (let t = 0; t < 20; t++) {
        rec.env.reset(task);
        actor.runTask({ guess: key.stream('guess', 0, t), explore: key.stream('explore', 0, t) }, new RoundTally());
      }
      return rec.codes;
    };
    expect(run()).toEqual(run());
  });

  it('submits bit words in a binary world (via stepWord where it exists): the codes of the per-position path', () => {
    for (const bits of [3, 32, 45]) {
      const run = (
        bitParallel: boolean,
        oneWord = false,
      ): { codes: number[][]; perPosition: number; byWord: number } => {
        const lock = lockV1.create({ bits, truth: 'random' }, new ReplicateKey(2, 0).stream('world'));
        const codes: number[][] = [];
        let perPosition = 0;
        let byWord = 0;
        const env: Env = {
          id: lock.id,
          space: lock.space,
          maxScore: lock.maxScore,
          truth: () => lock.truth(),
          reset: (t) => lock.reset(t),
          step: (code) => {
            perPosition++;
            codes.push(Array.from(code));
            return lock.step(code);
          },
          stepBits: (words) => {
            codes.push(Array.from({ length: bits }, (_, p) => (words[p >>> 5]! >>> (p & 31)) & 1));
            return lock.stepBits!(words);
          },
          ...(oneWord
            ? {
                stepWord: (word: number) => {
                  byWord++;
                  codes.push(Array.from({ length: bits }, (_, p) => (word >>> p) & 1));
                  return lock.stepWord!(word);
                },
              }
            : {}),
        };
        const library = new Library(bits, 2);
        library.update(
          [
            { position: 1, value: 1, confidence: 1, evidence: 9 },
            { position: bits - 1, value: 0, confidence: 1, evidence: 9 },
          ],
          'replace',
        );
        const actor = new Actor({
          env,
          agent: { ...PUBLISHED_AGENT, explore: 0.25 },
          cap: 20,
          goodScore: bits - 1,
          library,
          retriever: new Retriever(bits, 2),
          bitParallel,
        });
        const key = new ReplicateKey(9, 1);
        for (let t = 0; t < 40; t++) {
          env.reset(task);
          actor.runTask({ guess: key.stream('guess', 0, t), explore: key.stream('explore', 0, t) }, new RoundTally());
        }
        return { codes, perPosition, byWord };
      };
      const words = run(true);
      const oneWord = run(true, true);
      const positions = run(false);
      expect(words.perPosition).toBe(0);
      expect(positions.perPosition).toBe(positions.codes.length);
      expect(words.codes).toEqual(positions.codes);
      // stepWord takes every code of at most 32 positions, and is never called for a longer one.
      expect(oneWord.byWord).toBe(bits <= 32 ? oneWord.codes.length : 0);
      expect(oneWord.codes).toEqual(positions.codes);
    }
  });

  it('runs a round as one batch only when nothing but the Actor changes between tasks and codes are one word', () => {
    /** Whether `runBatch` ran a round of 5 tasks, for a lock of `bits` bits and the given parts and agent. */
    const batches = (
      o: { bits?: number; passive?: boolean | null; context?: boolean; ban?: boolean; bitParallel?: boolean },
      agent: Partial<AgentConfig> = {},
    ): boolean => {
      const bits = o.bits ?? 4;
      const lock = lockV1.create({ bits, truth: 'random' }, new ReplicateKey(3, 0).stream('world'));
      const env: Env = o.context === true ? Object.assign(lock, { context: () => 0 }) : lock;
      const library = new Library(bits, 2);
      library.update([{ position: 0, value: 1, confidence: 1, evidence: 10 }], 'replace');
      const bans = o.ban === true ? (c: Constraint): void => c.ban(1, 0, 2) : undefined;
      const actor = new Actor({
        env,
        agent: { ...PUBLISHED_AGENT, ...agent },
        cap: 20,
        goodScore: bits - 1,
        library,
        retriever: new Retriever(bits, 2, bans),
        evolver: new Evolver(bits, 2, PUBLISHED_AGENT),
        ...(o.passive === null ? {} : { hooks: { passive: o.passive ?? true } }),
        ...(o.bitParallel === undefined ? {} : { bitParallel: o.bitParallel }),
      });
      const key = new ReplicateKey(9, 1);
      const streams = { guess: key.stream('guess', 0, 0), explore: null };
      const tally = new RoundTally();
      const ran = actor.runBatch(streams, tally, 5, (t) => {
        lock.reset(task);
        key.rekey(streams.guess, 'guess', 0, t);
      });
      // A batch that did not run counted nothing.
      expect(tally.attempts > 0).toBe(ran);
      return ran;
    };
    expect(batches({})).toBe(true);
    expect(batches({ bits: 8 }, { routing: 'separate', explore: 0.2 })).toBe(true);
    expect(batches({ bits: 32 })).toBe(true);
    expect(batches({ bits: 33 })).toBe(false);
    expect(batches({ passive: false })).toBe(false);
    expect(batches({ passive: null })).toBe(false);
    expect(batches({}, { cadence: 'task' })).toBe(false);
    expect(batches({ context: true })).toBe(false);
    expect(batches({ ban: true })).toBe(false);
    expect(batches({ bitParallel: false })).toBe(false);
  });
});
