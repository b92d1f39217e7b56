import { describe, expect, it } from 'vitest';
import { continuing, joinedRuns } from '../../../../sim/reproduction/runs/joins.js';

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

  it('joins runs kept after a copy of the runs before by views of one buffer, with the same values', () => {
    // A reserve kept this way is joined by every publication that reads it without a copy of its own.
    const whole = continuing(bank, reserve.length);
    whole.set(reserve, bank.length);
    const kept = whole.subarray(bank.length);
    const once = joinedRuns(bank, kept.subarray(0, 2));
    expect([...once]).toEqual([1, 2, 3, 4, 5]);
    expect(once.buffer).toBe(whole.buffer);
    const twice = joinedRuns(once, kept.subarray(2, 4));
    expect([...twice]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(twice.buffer).toBe(whole.buffer);
    // Runs that do not follow on: a copy, as before.
    expect([...joinedRuns(bank, kept.subarray(1, 3))]).toEqual([1, 2, 3, 5, 6]);
    expect(joinedRuns(bank, kept.subarray(1, 3)).buffer).not.toBe(whole.buffer);
    expect([...joinedRuns(Float64Array.from([1, 2, 3]), kept.subarray(0, 2))]).toEqual([1, 2, 3, 4, 5]);
  });
});
