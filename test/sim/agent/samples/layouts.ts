/** The same binary samples as a batch in each layout, for tests that hold the layouts to one another. */
import { SampleBatch, SMALL_BITS } from '../../../../sim/agent/samples/sampleBatch.js';
import { packBits } from '../../../../sim/core/bitCode.js';

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
  codes.forEach((code, k) => {
    values.codes.set(code, k * positions);
    packBits(Int32Array.from(code), bits.codes.subarray(k * bits.stride, (k + 1) * bits.stride));
    if (keepApart) values.routed![k] = bits.routed![k] = options.routed![k] ? 1 : 0;
    if (byCode !== null) byCode.codes[bits.codes[k]!]!++;
  });
  for (const batch of [values, bits, byCode]) {
    if (batch === null) continue;
    batch.count = codes.length;
    batch.attempts = options.attempts ?? codes.length;
    batch.context = options.context ?? 0;
  }
  return { values, bits, byCode };
}
