import { describe, expect, it } from 'vitest';
import { FIGURES, firstSkillRound, type FigureId } from '../../../sim/reproduction/figures.js';
import type { RoundMetrics } from '../../../sim/core/metrics.js';

/** The published figures, as docs/reproduction.md lists them. */
const PUBLISHED: Record<FigureId, number> = {
  'random.round1': 12.7,
  'random.round2': 12.3,
  'random.round3': 10.7,
  'random.round4': 11.9,
  'random.round5': 13.2,
  'exploit.round1': 12.1,
  'exploit.round2': 9.1,
  'exploit.firstSkillRound': 3,
  'exploit.final': 4.2,
  'exploit.skills': 2,
  'explore.final': 10.0,
  'explore.skills': 1,
  'separate.final': 7.4,
  'separate.skills': 1,
  'exploit.tests': 973,
  'exploit.refutations': 19,
  'exploit.refutationRate': 0.0195,
  'threshold90.skills': 0,
  'threshold75.skills': 3,
};

const round = (round: number, over: Partial<RoundMetrics> = {}): RoundMetrics => ({
  round,
  tasks: 30,
  attempts: 300,
  meanAttempts: 10,
  solved: 30,
  solveRate: 1,
  skills: 0,
  skillsEver: 0,
  wrongSkillsEver: 0,
  tasksWithSkills: 0,
  constraintSize: 0,
  tests: 0,
  refutations: 0,
  refutationRate: 0,
  clashes: 0,
  fallbacks: 0,
  explorations: 0,
  goodSamples: 0,
  retired: 0,
  toolErrors: 0,
  paramErrors: 0,
  ambiguousQueries: 0,
  toolUnavailable: 0,
  breakerTrips: 0,
  ...over,
});

describe('published figures', () => {
  it('lists every published figure exactly once, with its published value', () => {
    const ids = FIGURES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(PUBLISHED).sort());
    for (const f of FIGURES) expect(f.published, f.id).toBe(PUBLISHED[f.id]);
  });

  it('reads "noise is extracted" as a lower bound and every other figure as a value', () => {
    expect(FIGURES.filter((f) => f.claim === 'atLeast').map((f) => f.id)).toEqual(['threshold75.skills']);
  });

  it('each figure is read from its own arm and round', () => {
    const rounds = [1, 2, 3, 4, 5].map((r) =>
      round(r, {
        meanAttempts: 10 + r,
        tasksWithSkills: r >= 3 ? 5 : 0,
        skills: r - 1,
        skillsEver: r,
        tests: 10 * r,
        refutations: r,
      }),
    );
    const value = (id: FigureId): number => FIGURES.find((f) => f.id === id)!.value(rounds);
    expect(value('random.round4')).toBe(14);
    expect(value('exploit.round2')).toBe(12);
    expect(value('exploit.final')).toBe(15);
    expect(value('exploit.skills')).toBe(4);
    expect(value('exploit.firstSkillRound')).toBe(3);
    expect(value('exploit.tests')).toBe(150);
    expect(value('exploit.refutations')).toBe(15);
    expect(value('exploit.refutationRate')).toBe(0.1);
    expect(value('threshold90.skills')).toBe(5);
  });

  it('first skill round: the first round a task starts with skills; never = rounds + 1', () => {
    expect(firstSkillRound([1, 2, 3].map((r) => round(r)))).toBe(4);
    expect(firstSkillRound([1, 2, 3].map((r) => round(r, { tasksWithSkills: r === 2 ? 1 : 0 })))).toBe(2);
    // skills at the end of round 1 serve from round 2 on
    expect(firstSkillRound([round(1, { skills: 1 }), round(2, { skills: 1, tasksWithSkills: 30 })])).toBe(2);
  });

  it('a run without tests has no refutation rate', () => {
    const rate = FIGURES.find((f) => f.id === 'exploit.refutationRate')!;
    expect(rate.value([round(1)])).toBeNaN();
  });
});
