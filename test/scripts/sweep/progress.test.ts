import { describe, expect, it } from 'vitest';
import { Pace } from '../../../scripts/sweep/progress.js';

describe("a sweep's ETA", () => {
  it('counts only the cells left, at the pace of this run after its first cell', () => {
    // A resumed sweep: 60 of 100 cells already finished. Its threads take 5 s to start; then 10 cells come in
    // 0.1 s each. What is left — 29 cells — takes about 2.9 s at that pace.
    let ms = 0;
    const pace = new Pace(100, 60, () => ms);
    expect(pace.eta()).toBe('?');
    ms = 5000;
    pace.cell(1000);
    expect(pace.eta()).toBe('?'); // one cell gives no pace
    for (let i = 1; i <= 10; i++) {
      ms = 5000 + 100 * i;
      pace.cell(1000);
    }
    expect(pace.done).toBe(71);
    expect(pace.eta()).toBe('3s');
    // Timed from the start, or with the finished cells as work, it read 16 s or more.
    for (; pace.done < 100; ms += 100) pace.cell(1000);
    expect(pace.eta()).toBe('0s');
  });
});
