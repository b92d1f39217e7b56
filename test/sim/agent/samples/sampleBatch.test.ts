import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SampleBatch, SMALL_BITS } from '../../../../sim/agent/samples/sampleBatch.js';
import { binaryCodes, inEveryLayout } from './layouts.js';

/** A batch's samples as text, one per sample (an entry counted by code repeated), in entry order. */
function samplesOf(batch: SampleBatch): string[] {
  const out: string[] = [];
  const code = new Int32Array(batch.positions);
  for (let i = 0; i < batch.entries; i++) {
    batch.unpack(i, code);
    const values = Array.from(code).join('');
    expect(batch.text(i)).toBe(values);
    expect(Array.from({ length: batch.positions }, (_, p) => batch.valueAt(i, p)).join('')).toBe(values);
    if (batch.positions <= 32) expect(batch.word(i)).toBe(Number.parseInt([...values].reverse().join(''), 2) | 0);
    for (let k = 0; k < batch.times(i); k++) out.push(values);
  }
  return out;
}

describe('SampleBatch', () => {
  it('reads the same samples back from every layout (entry by entry, each standing for its times)', () => {
    fc.assert(
      fc.property(binaryCodes(40, 20), ([n, codes]) => {
        const written = codes.map((c) => c.join(''));
        const { values, bits, byCode } = inEveryLayout(n, codes);
        expect(samplesOf(values)).toEqual(written);
        expect(samplesOf(bits)).toEqual(written);
        if (byCode !== null) expect(samplesOf(byCode).sort()).toEqual([...written].sort());
        else expect(n).toBeGreaterThan(SMALL_BITS);
      }),
    );
  });

  it('builds a batch by hand from codes of any arity, with the attempts, context and routing given', () => {
    const batch = SampleBatch.of(
      [
        [2, 0, 1],
        [0, 3, 3],
      ],
      { context: 4, attempts: 7, routed: [true, false] },
    );
    expect([batch.layout, batch.count, batch.attempts, batch.context]).toEqual(['values', 2, 7, 4]);
    expect([batch.text(0), batch.text(1)]).toEqual(['201', '033']);
    expect(Array.from(batch.routed!)).toEqual([1, 0]);
    expect(SampleBatch.of([[1, 1]]).routed).toBeNull();
    expect(SampleBatch.of([[1, 1]]).attempts).toBe(1);
  });

  it('is empty after clear, counts by code included, and ready to fill again', () => {
    const { bits, byCode } = inEveryLayout(3, [
      [1, 0, 1],
      [1, 0, 1],
    ]);
    for (const batch of [bits, byCode!]) {
      batch.clear();
      expect([batch.count, batch.attempts, batch.entries === 0 || batch.layout === 'byCode']).toEqual([0, 0, true]);
    }
    expect(byCode!.codes.every((x) => x === 0)).toBe(true);
    expect([bits.capacity, byCode!.capacity]).toEqual([2, -1]);
  });

  it('counts by code only codes of at most SMALL_BITS positions', () => {
    expect(() => SampleBatch.byCode(SMALL_BITS + 1)).toThrow(RangeError);
    expect(SampleBatch.byCode(SMALL_BITS).codes).toHaveLength(1 << SMALL_BITS);
  });
});
