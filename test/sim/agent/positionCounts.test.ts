import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitWords, packBits } from '../../../sim/core/bitCode.js';
import { PositionCounts, SMALL_BITS } from '../../../sim/agent/positionCounts.js';

describe('PositionCounts', () => {
  it('counts bit-word codes (tallied by code when small) exactly as value-by-value codes', () => {
    const sample = fc
      .integer({ min: 1, max: 40 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(
            fc.tuple(fc.nat(2), fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }), fc.boolean()),
            { maxLength: 60 },
          ),
        ),
      );
    fc.assert(
      fc.property(sample, ([n, codes]) => {
        const direct = new PositionCounts(3, n, 2);
        const bits = new PositionCounts(3, n, 2);
        const words = new Int32Array(bitWords(n));
        codes.forEach(([group, values, settleNow], i) => {
          const c = Int32Array.from(values);
          direct.add(group, c);
          packBits(c, words);
          // Mixed: a run may count some codes value by value and others as words.
          if (i % 3 === 0) bits.add(group, c);
          else bits.addBits(group, words);
          if (settleNow) bits.settle();
        });
        bits.settle();
        expect(bits.counts).toEqual(direct.counts);
        bits.clear();
        bits.settle();
        expect(bits.counts.every((x) => x === 0)).toBe(true);
      }),
    );
  });

  it('counts a batch of one-word codes (addWords) exactly as one code at a time', () => {
    const sample = fc
      .integer({ min: 1, max: 32 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(fc.tuple(fc.nat(2), fc.array(fc.integer(), { maxLength: 20 })), { maxLength: 10 }),
        ),
      );
    fc.assert(
      fc.property(sample, ([n, batches]) => {
        const width = n === 32 ? -1 : (1 << n) - 1;
        const one = new PositionCounts(3, n, 2);
        const batched = new PositionCounts(3, n, 2);
        for (const [group, raw] of batches) {
          const words = Int32Array.from(raw, (w) => w & width);
          for (const w of words) one.addWord(group, w);
          batched.addWords(group, words, words.length);
        }
        one.settle();
        batched.settle();
        expect(batched.counts).toEqual(one.counts);
      }),
    );
  });

  it('counts codes given as counts by code (addByCode) exactly as one code at a time', () => {
    const sample = fc.integer({ min: 1, max: SMALL_BITS }).chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.array(fc.tuple(fc.nat(2), fc.array(fc.nat(5), { minLength: 1 << n, maxLength: 1 << n })), {
          maxLength: 6,
        }),
      ),
    );
    fc.assert(
      fc.property(sample, ([n, batches]) => {
        const one = new PositionCounts(3, n, 2);
        const byCode = new PositionCounts(3, n, 2);
        for (const [group, times] of batches) {
          times.forEach((k, code) => {
            for (let i = 0; i < k; i++) one.addWord(group, code);
          });
          byCode.addByCode(group, Int32Array.from(times));
        }
        one.settle();
        byCode.settle();
        expect(byCode.counts).toEqual(one.counts);
      }),
    );
  });

  it('tallies small codes without touching the counts until settled', () => {
    const counts = new PositionCounts(1, SMALL_BITS, 2);
    counts.addBits(0, Int32Array.of(0b101));
    expect(counts.counts.every((x) => x === 0)).toBe(true);
    counts.settle();
    expect(Array.from(counts.counts.subarray(0, 6))).toEqual([0, 1, 1, 0, 0, 1]);
  });
});
