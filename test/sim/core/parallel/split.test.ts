import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PartJoiner,
  partStart,
  splitReplicates,
  type Piece,
  type SplitOptions,
} from '../../../../sim/core/parallel/split.js';

const SWEEP: SplitOptions = { tasksPerThread: 16, maxUnitsPerTask: 64 };
const tasksOf = (units: number, replicates: number, threads: number, options = SWEEP): Piece[][] => [
  ...splitReplicates(units, () => replicates, threads, options),
];

describe('work cut into tasks for the pool', () => {
  it('cuts a few long units into parts, so every thread has work to the end', () => {
    // 3 cells of 1000 replicates on 2 threads: whole cells would leave one idle for a third of the run.
    const tasks = tasksOf(3, 1000, 2);
    expect(tasks.every((t) => t.length === 1)).toBe(true);
    expect(tasks.length).toBeGreaterThanOrEqual(2 * 8);
    expect(new Set(tasks.map((t) => t[0]!.parts)).size).toBe(1);
  });

  it('leaves many units whole, groups tiny ones up to the most a task takes, and never cuts on one thread', () => {
    expect(tasksOf(40, 1000, 2).map((t) => t.map((p) => [p.unit, p.parts]))).toEqual(
      Array.from({ length: 40 }, (_, u) => [[u, 1]]),
    );
    expect(tasksOf(100_000, 1, 2)[0]).toHaveLength(64);
    expect(
      tasksOf(3, 1000, 1)
        .flat()
        .every((p) => p.parts === 1),
    ).toBe(true);
  });

  it('cuts the units at the end of the list finer when asked, and only those', () => {
    const tasks = tasksOf(100, 50, 2, { tasksPerThread: 32, fineTail: 3 }).flat();
    const firstCut = tasks.findIndex((p) => p.parts > 1);
    expect(firstCut).toBeGreaterThan(50);
    expect(tasks.slice(0, firstCut).map((p) => p.unit)).toEqual(Array.from({ length: firstCut }, (_, u) => u));
  });

  it('covers every replicate of every unit exactly once, in order, with no empty part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 64 }),
        fc.record({
          tasksPerThread: fc.integer({ min: 1, max: 40 }),
          fineTail: fc.integer({ min: 0, max: 4 }),
          maxUnitsPerTask: fc.integer({ min: 1, max: 64 }),
        }),
        (replicates, threads, options) => {
          const tasks = [...splitReplicates(replicates.length, (u) => replicates[u]!, threads, options)];
          for (const task of tasks) {
            expect(task.length).toBeGreaterThanOrEqual(1);
            expect(task.length).toBeLessThanOrEqual(options.maxUnitsPerTask);
            if (task.length > 1) expect(task.every((p) => p.parts === 1)).toBe(true);
          }
          const pieces = tasks.flat();
          let at = 0;
          replicates.forEach((n, unit) => {
            const own = pieces.slice(at, at + (pieces[at]?.parts ?? 0));
            at += own.length;
            expect(own.map((p) => [p.unit, p.part])).toEqual(own.map((_, part) => [unit, part]));
            expect(own.map((p) => [p.from, p.to])).toEqual(
              own.map((_, i) => [partStart(i, own.length, n), partStart(i + 1, own.length, n)]),
            );
            expect(own.every((p) => p.to > p.from)).toBe(true);
            if (threads === 1) expect(own).toHaveLength(1);
          });
          expect(at).toBe(pieces.length);
        },
      ),
    );
  });
});

describe('parts joined', () => {
  it('gives a unit its parts in order once the last is in, whatever order they came in', () => {
    const pieces = tasksOf(3, 1000, 2).flat();
    const joiner = new PartJoiner<string>();
    const completed: [number, string[]][] = [];
    for (const p of [...pieces].reverse()) {
      const parts = joiner.add(p, `${p.unit}:${p.from}`);
      if (parts !== null) completed.push([p.unit, parts]);
    }
    expect(joiner.open).toBe(0);
    expect(completed.map(([u]) => u).sort()).toEqual([0, 1, 2]);
    for (const [unit, parts] of completed)
      expect(parts).toEqual(pieces.filter((p) => p.unit === unit).map((p) => `${unit}:${p.from}`));
    const whole = { unit: 7, from: 0, to: 5, part: 0, parts: 1 };
    expect(joiner.add(whole, 'w')).toEqual(['w']);
  });

  it('refuses a part given twice', () => {
    const joiner = new PartJoiner<number>();
    const piece = { unit: 0, from: 0, to: 5, part: 0, parts: 2 };
    joiner.add(piece, 1);
    expect(() => joiner.add(piece, 1)).toThrow(/came twice/);
  });
});
