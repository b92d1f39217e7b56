/**
 * The published *pattern*, judged on one replicate of every arm (arms share random numbers, so replicate
 * i of each arm is one paired "article"): the exploitation library stays empty through round 2 and first
 * serves tasks in round 3, and ends at ≤ 5 attempts with 2 skills; exploration ends worse than
 * exploitation; separated exploration ends in between.
 */
import type { FigureId } from './figures.js';

/** Per-replicate figure values, by figure id. */
export type FigureValues = ReadonlyMap<FigureId, Float64Array>;

/** The figures the pattern reads. */
export const PATTERN_FIGURES: readonly FigureId[] = [
  'exploit.firstSkillRound',
  'exploit.final',
  'exploit.skills',
  'explore.final',
  'separate.final',
];

/** The pattern's figures, one array each (fetched once, not per replicate). */
export interface PatternArrays {
  readonly firstSkillRound: Float64Array;
  readonly final: Float64Array;
  readonly skills: Float64Array;
  readonly explore: Float64Array;
  readonly separate: Float64Array;
}

export function patternArrays(values: FigureValues): PatternArrays {
  return {
    firstSkillRound: values.get('exploit.firstSkillRound')!,
    final: values.get('exploit.final')!,
    skills: values.get('exploit.skills')!,
    explore: values.get('explore.final')!,
    separate: values.get('separate.final')!,
  };
}

/**
 * The exploitation arm's part: empty through round 2, skills first serve in round 3, ≤ 5 attempts with 2 skills at the
 * end.
 */
export function showsExploitPattern(a: PatternArrays, replicate: number): boolean {
  return a.firstSkillRound[replicate] === 3 && a.final[replicate]! <= 5 && a.skills[replicate] === 2;
}

/** The whole pattern: the exploitation part, exploration ending worse, separated exploration in between. */
export function showsPattern(a: PatternArrays, replicate: number): boolean {
  const exploit = a.final[replicate]!;
  const explore = a.explore[replicate]!;
  const separate = a.separate[replicate]!;
  return showsExploitPattern(a, replicate) && explore > exploit && exploit < separate && separate < explore;
}

/** Share of replicates for which `shows` holds. */
export function patternShare(
  values: FigureValues,
  shows: (a: PatternArrays, replicate: number) => boolean = showsPattern,
): number {
  const n = values.get('exploit.final')?.length ?? 0;
  if (n === 0) return NaN;
  const a = patternArrays(values);
  let hits = 0;
  for (let i = 0; i < n; i++) if (shows(a, i)) hits++;
  return hits / n;
}
