import { describe, expect, it } from 'vitest';
import type { FigureId } from '../../../sim/reproduction/figures.js';
import { patternArrays, patternShare, showsExploitPattern, showsPattern } from '../../../sim/reproduction/pattern.js';

type Run = { first: number; exploit: number; skills: number; explore: number; separate: number };

function values(runs: readonly Run[]): Map<FigureId, Float64Array> {
  return new Map<FigureId, Float64Array>([
    ['exploit.firstSkillRound', Float64Array.from(runs, (r) => r.first)],
    ['exploit.final', Float64Array.from(runs, (r) => r.exploit)],
    ['exploit.skills', Float64Array.from(runs, (r) => r.skills)],
    ['explore.final', Float64Array.from(runs, (r) => r.explore)],
    ['separate.final', Float64Array.from(runs, (r) => r.separate)],
  ]);
}

const published: Run = { first: 3, exploit: 4.2, skills: 2, explore: 10, separate: 7.4 };

describe('the published pattern', () => {
  it('holds for the published run and fails when any part fails', () => {
    const runs: Run[] = [
      published,
      { ...published, first: 2 }, // skills already in round 2
      { ...published, first: 4 },
      { ...published, exploit: 5.1 }, // more than 5 attempts
      { ...published, skills: 1 },
      { ...published, explore: 4 }, // exploration not worse
      { ...published, separate: 11 }, // separated not in between
      { ...published, separate: 4 },
      { ...published, exploit: 5 }, // ≤ 5 holds
    ];
    const v = values(runs);
    const a = patternArrays(v);
    expect(runs.map((_, i) => showsPattern(a, i))).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(runs.map((_, i) => showsExploitPattern(a, i))).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(patternShare(v)).toBeCloseTo(2 / 9, 12);
    expect(patternShare(v, showsExploitPattern)).toBeCloseTo(5 / 9, 12);
  });
});
