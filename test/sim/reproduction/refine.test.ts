import { describe, expect, it } from 'vitest';
import { joinedRuns } from '../../../sim/reproduction/refine.js';

describe('joinedRuns', () => {
  const bank = Float64Array.from([1, 2, 3]);
  const reserve = Float64Array.from([4, 5, 6, 7]);

  it('gives the runs before, then the runs after', () => {
    expect([...joinedRuns(bank, reserve.subarray(1, 3))]).toEqual([1, 2, 3, 5, 6]);
  });

  it('makes a join once: the same runs after the same runs give the same array, other runs another', () => {
    // Publications judged on one bank each take views of the same reserve: the views differ, the join does not.
    const first = joinedRuns(bank, reserve.subarray(0, 2));
    expect(joinedRuns(bank, reserve.subarray(0, 2))).toBe(first);
    expect(joinedRuns(bank, reserve.subarray(0, 3))).not.toBe(first);
    expect(joinedRuns(bank, Float64Array.from([4, 5]))).not.toBe(first);
    expect([...joinedRuns(first, reserve.subarray(2, 4))]).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
