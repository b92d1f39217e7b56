import { afterEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat } from '../../../../sim/core/guard/heartbeat.js';

/** A clock the test moves: performance.now() as StepBeat reads it. */
function clock(): { at: number } {
  const time = { at: 1000 };
  vi.spyOn(performance, 'now').mockImplementation(() => time.at);
  return time;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StepBeat: a loop of steps beats in runs', () => {
  it('counts 2 a beat, in the counter the watching thread reads', () => {
    clock();
    const beat = new Heartbeat();
    beat.steps.beat();
    beat.steps.beat();
    expect(beat.cells[0]).toBe(4);
    expect(beat.cells[1]).toBe(0);
  });

  it('starts at one step, and doubles the run while beats come quickly, up to 65 536 steps', () => {
    const time = clock();
    const { steps } = new Heartbeat();
    expect([steps.run, steps.left]).toEqual([1, 1]);
    time.at += 10; // the first beat comes long after the heartbeat was made
    const runs: number[] = [steps.beat()];
    for (let i = 0; i < 20; i++) {
      time.at += 3.9;
      runs.push(steps.beat());
    }
    expect(runs.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(runs.slice(15)).toEqual([32_768, 65_536, 65_536, 65_536, 65_536, 65_536]);
  });

  it('falls back to one step when beats come 4 ms apart or more, and grows again from there', () => {
    const time = clock();
    const { steps } = new Heartbeat();
    for (let i = 0; i < 8; i++) {
      time.at += 1;
      steps.beat();
    }
    expect(steps.run).toBe(128); // the first beat, long after the making, falls back to one step
    time.at += 4;
    expect(steps.beat()).toBe(1);
    time.at += 1;
    expect(steps.beat()).toBe(2);
  });
});
