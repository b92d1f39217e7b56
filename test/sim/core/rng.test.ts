import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { ReplicateKey, below, replicateKeyWords } from '../../../sim/core/rng.js';

const draws = (key: ReplicateKey, purpose: 'guess' | 'explore', round: number, task: number, n = 8): number[] => {
  const s = key.stream(purpose, round, task);
  return Array.from({ length: n }, () => s.int32());
};

describe('ReplicateKey streams', () => {
  it('hang off the SHA-256 of (seed, replicate), read as little-endian 32-bit words', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.nat(1e7), (seed, rep) => {
        const digest = createHash('sha256').update(`hexa-sim/v1/seed=${seed}/replicate=${rep}`).digest();
        expect([...replicateKeyWords(seed, rep)]).toEqual(
          Array.from({ length: 8 }, (_, i) => digest.readUInt32LE(4 * i)),
        );
      }),
      { numRuns: 500, seed: 3 },
    );
  });

  it('are a pure function of (seed, replicate, purpose, round, task)', () => {
    fc.assert(
      fc.property(fc.nat(1e6), fc.nat(1e4), fc.nat(50), fc.nat(1000), (seed, rep, round, task) => {
        expect(draws(new ReplicateKey(seed, rep), 'guess', round, task)).toEqual(
          draws(new ReplicateKey(seed, rep), 'guess', round, task),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('differ when any part of the key differs', () => {
    const base = draws(new ReplicateKey(1, 0), 'guess', 0, 0);
    expect(draws(new ReplicateKey(2, 0), 'guess', 0, 0)).not.toEqual(base);
    expect(draws(new ReplicateKey(1, 1), 'guess', 0, 0)).not.toEqual(base);
    expect(draws(new ReplicateKey(1, 0), 'explore', 0, 0)).not.toEqual(base);
    expect(draws(new ReplicateKey(1, 0), 'guess', 1, 0)).not.toEqual(base);
    expect(draws(new ReplicateKey(1, 0), 'guess', 0, 1)).not.toEqual(base);
    // Swapping round and task must not collide either.
    expect(draws(new ReplicateKey(1, 0), 'guess', 2, 3)).not.toEqual(draws(new ReplicateKey(1, 0), 'guess', 3, 2));
  });

  it('give uniform bits and values (chi-square, fixed seed)', () => {
    const key = new ReplicateKey(12345, 0);
    const counts = new Array<number>(10).fill(0);
    const bitOnes = new Array<number>(32).fill(0);
    const n = 20_000;
    for (let t = 0; t < n; t++) {
      const s = key.stream('guess', 0, t); // a fresh stream per task, as the simulator uses them
      const w = s.int32();
      for (let b = 0; b < 32; b++) bitOnes[b]! += (w >>> b) & 1;
      counts[below(s, 10)]!++;
    }
    // Each bit of the first word is fair: |ones − n/2| < 4.5 sd for all 32 bits.
    const sd = Math.sqrt(n / 4);
    for (const ones of bitOnes) expect(Math.abs(ones - n / 2)).toBeLessThan(4.5 * sd);
    // chi-square with 9 df; 99.99th percentile ≈ 33.7.
    const chi = counts.reduce((s, c) => s + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi).toBeLessThan(33.7);
  });
});

describe('AleaStream', () => {
  it("draws exactly what seedrandom's alea draws from the same state", async () => {
    const seedrandom = (await import('seedrandom')).default;
    const key = new ReplicateKey(77, 3);
    for (let t = 0; t < 50; t++) {
      const ours = key.stream('guess', 1, t);
      const theirs = seedrandom.alea('', { state: ours.aleaState() });
      for (let i = 0; i < 100; i++) {
        if (i % 2 === 0) expect(ours.int32()).toBe(theirs.int32());
        else expect(ours.quick()).toBe(theirs.quick());
      }
    }
  });

  it("ReplicateKey.generator is seedrandom's alea, drawing the numbers of the same key's stream", async () => {
    const seedrandom = (await import('seedrandom')).default;
    const key = new ReplicateKey(5, 2);
    for (const [round, task] of [
      [-1, -1],
      [-2, 7],
      [3, 0],
    ] as const) {
      const ours = key.stream('bootstrap', round, task);
      const theirs = key.generator('bootstrap', round, task);
      // seedrandom's prng, not a stream of ours: it carries seedrandom's own methods.
      expect(Object.keys(theirs).sort()).toEqual(Object.keys(seedrandom.alea('', { state: true })).sort());
      for (let i = 0; i < 1000; i++) {
        if (i % 3 === 0) expect(theirs.int32()).toBe(ours.int32());
        else expect(theirs.quick()).toBe(ours.quick());
      }
    }
  });
});
