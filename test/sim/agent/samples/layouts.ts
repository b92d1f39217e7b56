/** The same binary samples as a batch in each layout, for tests that hold the layouts to one another. */
import fc from 'fast-check';
import { SampleBatch, SMALL_BITS } from '../../../../sim/agent/samples/sampleBatch.js';
import { bitWords, packBits } from '../../../../sim/core/bitCode.js';

/** A width of 1 … `maxPositions` and up to `maxCodes` binary codes of that width. */
export const binaryCodes = (maxPositions: number, maxCodes: number): fc.Arbitrary<[number, number[][]]> =>
  fc
    .integer({ min: 1, max: maxPositions })
    .chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.array(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }), { maxLength: maxCodes }),
      ),
    );

export interface Layouts {
  readonly values: SampleBatch;
  readonly bits: SampleBatch;
  /** null when the codes are too wide to count by code, or when some are kept apart. */
  readonly byCode: SampleBatch | null;
}

/**
 * `codes` (0/1 values, `positions` each) as the high-score samples of `attempts` attempts (default: one
 * each) in `context`, listed value by value, as bit words, and counted by code (when at most SMALL_BITS
 * positions and none kept apart). `routed[k]` false keeps sample k from the Evolver.
 */
export function inEveryLayout(
  positions: number,
  codes: readonly (readonly number[])[],
  options: { readonly context?: number; readonly attempts?: number; readonly routed?: readonly boolean[] } = {},
): Layouts {
  const keepApart = options.routed !== undefined;
  const values = SampleBatch.values(positions, codes.length, keepApart);
  const bits = SampleBatch.bits(positions, codes.length, keepApart);
  const byCode = positions <= SMALL_BITS && !keepApart ? SampleBatch.byCode(positions) : null;
  const words = new Int32Array(bitWords(positions));
  codes.forEach((code, k) => {
    const kept = options.routed?.[k] !== false;
    values.push(code, kept);
    packBits(Int32Array.from(code), words);
    bits.push(words, kept);
    if (byCode !== null) byCode.codes[words[0]!]!++;
  });
  if (byCode !== null) byCode.count = codes.length;
  for (const batch of [values, bits, byCode]) {
    if (batch === null) continue;
    batch.attempts = options.attempts ?? codes.length;
    batch.context = options.context ?? 0;
  }
  return { values, bits, byCode };
}
