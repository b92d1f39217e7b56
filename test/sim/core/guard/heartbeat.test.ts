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
    beat.steps.beat(true);
    beat.steps.beat(false);
    expect(beat.cells[0]).toBe(4);
    expect(beat.cells[1]).toBe(0);
  });

  it('doubles the run while runs are quick, up to 64 steps', () => {
    const time = clock();
    const { steps } = new Heartbeat();
    expect(steps.run).toBe(1);
    const runs: number[] = [];
    for (let i = 0; i < 8; i++) {
      time.at += 1;
      runs.push(steps.beat(i === 0));
    }
    expect(runs).toEqual([2, 4, 8, 16, 32, 64, 64, 64]);
  });

  it('falls back to one step after a slow run, and grows again from there', () => {
    const time = clock();
    const { steps } = new Heartbeat();
    for (let i = 0; i < 6; i++) steps.beat(i === 0);
    expect(steps.run).toBe(64);
    time.at += 4;
    expect(steps.beat(false)).toBe(1);
    time.at += 3.9;
    expect(steps.beat(false)).toBe(2);
  });

  it("does not judge a task's first run, whose start it did not time", () => {
    const time = clock();
    const { steps } = new Heartbeat();
    steps.beat(true);
    time.at += 60_000; // the tasks between two beats, not a run
    expect(steps.beat(true)).toBe(4);
  });
});
