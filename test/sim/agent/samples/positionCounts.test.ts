import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PositionCounts } from '../../../../sim/agent/samples/positionCounts.js';
import { SampleBatch, SMALL_BITS } from '../../../../sim/agent/samples/sampleBatch.js';
import { binaryCodes, inEveryLayout } from './layouts.js';

/** Counts of codes added one at a time, value by value, per (group, position, value). */
function byHand(groups: number, positions: number, arity: number, added: readonly [number, number[]][]): Int32Array {
  const counts = new Int32Array(groups * positions * arity);
  for (const [group, code] of added)
    for (let p = 0; p < positions; p++) counts[(group * positions + p) * arity + code[p]!]!++;
  return counts;
}

describe('PositionCounts', () => {
  it('counts a batch in every layout (tallied by code when small) exactly as codes counted by hand', () => {
    // Up to 8 batches of the same width, each in a group, settled or not after it.
    const run = binaryCodes(40, 160).map(([n, codes]): [number, [number, number[][], boolean][]] => [
      n,
      Array.from({ length: Math.ceil(codes.length / 20) }, (_, b) => [
        b % 3,
        codes.slice(20 * b, 20 * b + 20),
        b % 2 === 0,
      ]),
    ]);
    fc.assert(
      fc.property(run, ([n, batches]) => {
        const added = batches.flatMap(([group, codes]) => codes.map((c): [number, number[]] => [group, c]));
        const expected = byHand(3, n, 2, added);
        for (const layout of ['values', 'bits', 'byCode'] as const) {
          if (layout === 'byCode' && n > SMALL_BITS) continue;
          const counts = new PositionCounts(3, n, 2);
          for (const [group, codes, settleNow] of batches) {
            counts.add(group, inEveryLayout(n, codes)[layout]!);
            if (settleNow) counts.settle();
          }
          counts.settle();
          expect(counts.counts, layout).toEqual(expected);
        }
      }),
    );
  });

  it('counts one entry of a batch as many times as asked (addTimes), in a world of any arity', () => {
    const counts = new PositionCounts(2, 3, 4);
    const batch = SampleBatch.of([
      [3, 0, 2],
      [1, 1, 1],
    ]);
    counts.addTimes(1, batch, 0, 5);
    counts.addTimes(0, batch, 1, 2);
    counts.settle();
    expect(counts.counts).toEqual(
      byHand(2, 3, 4, [...Array<[number, number[]]>(5).fill([1, [3, 0, 2]]), [0, [1, 1, 1]], [0, [1, 1, 1]]]),
    );
  });

  it('tallies small codes without touching the counts until settled, and forgets them when cleared', () => {
    const counts = new PositionCounts(1, SMALL_BITS, 2);
    counts.add(0, inEveryLayout(SMALL_BITS, [[1, 0, 1, 0, 0, 0, 0, 0]]).bits);
    expect(counts.counts.every((x) => x === 0)).toBe(true);
    counts.settle();
    expect(Array.from(counts.counts.subarray(0, 6))).toEqual([0, 1, 1, 0, 0, 1]);
    counts.add(0, inEveryLayout(SMALL_BITS, [[1, 1, 1, 1, 1, 1, 1, 1]]).byCode!);
    counts.clear();
    counts.settle();
    expect(counts.counts.every((x) => x === 0)).toBe(true);
  });
});
