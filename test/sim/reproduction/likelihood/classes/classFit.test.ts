import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../../sim/core/rng.js';
import { figuresOf, type FigureId } from '../../../../../sim/reproduction/figures.js';
import { classOf, publishedTargets } from '../../../../../sim/reproduction/likelihood/classes/armClass.js';
import {
  BATCHES,
  batchFits,
  batchRuns,
  fitClass,
  MarginalCache,
  MIN_CLASS_RUNS,
} from '../../../../../sim/reproduction/likelihood/classes/classFit.js';

const targets = publishedTargets('exploit');

/** n runs of the exploitation arm, every discrete figure in its window, continuous ones rounded (so tied). */
function classRuns(n: number, seed: number): Map<FigureId, Float64Array> {
  const stream = new ReplicateKey(seed, 0).stream('world');
  return new Map(
    figuresOf('exploit').map((f) => {
      const t = targets.get(f.id)!;
      const xs = Float64Array.from({ length: n }, () =>
        f.smooth ? Math.round((t.lo - 2 + 5 * stream.quick()) * 10) / 10 : t.lo,
      );
      return [f.id, xs];
    }),
  );
}

describe('a class fit and its batches', () => {
  const values = classRuns(1003, 3);
  const fit = fitClass('exploit', values, classOf('exploit', values, targets));

  it('fits a copula only to a class of at least MIN_CLASS_RUNS runs', () => {
    expect(fit.hits).toHaveLength(1003);
    expect(fit.copula).not.toBeNull();
    const small = fitClass(
      'exploit',
      values,
      Int32Array.from({ length: MIN_CLASS_RUNS - 1 }, (_, i) => i),
    );
    expect(small.copula).toBeNull();
    expect(
      fitClass(
        'exploit',
        values,
        Int32Array.from({ length: MIN_CLASS_RUNS }, (_, i) => i),
      ).copula,
    ).not.toBeNull();
  });

  it(`splits the class into ${BATCHES} batches by run index, each fitted as if from scratch`, () => {
    const batches = batchFits('exploit', values, fit);
    expect(batches).toHaveLength(BATCHES);
    expect(batchFits('exploit', values, fit)).toBe(batches); // made once
    batches.forEach((batch, b) => {
      expect([...batch.hits].every((i) => i % BATCHES === b)).toBe(true);
      expect(batch.hits.length).toBe(batchRuns(1003, b));
      // Counted from the class's ranks, the same as sorting the batch's own values again.
      const fresh = fitClass('exploit', values, batch.hits);
      expect(batch.columns).toEqual(fresh.columns);
      expect(batch.copula).toEqual(fresh.copula);
    });
    expect(batches.reduce((s, b) => s + b.hits.length, 0)).toBe(1003);
  });

  it('counts the runs of n in batch b as the indices below n congruent to b', () => {
    for (const n of [0, 1, 4, 5, 6, 1003])
      for (let b = 0; b < BATCHES; b++)
        expect(batchRuns(n, b)).toBe(Array.from({ length: n }, (_, i) => i).filter((i) => i % BATCHES === b).length);
  });

  it('holds one marginal slot per figure, window and bandwidth', () => {
    const cache = new MarginalCache();
    const slot = cache.slot('exploit.final', 4.15, 0.2);
    expect(cache.slot('exploit.final', 4.15, 0.2)).toBe(slot);
    cache.slot('exploit.final', 4.15, 0.4);
    cache.slot('exploit.final', 4.25, 0.2);
    cache.slot('exploit.tests', 4.15, 0.2);
    expect(cache.size).toBe(4);
  });
});
