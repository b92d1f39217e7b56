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

/**
 * The exploitation arm's part: empty through round 2, skills first serve in round 3, ≤ 5 attempts with 2 skills at the
 * end.
 */
export function showsExploitPattern(values: FigureValues, replicate: number): boolean {
  const v = (id: FigureId): number => values.get(id)![replicate]!;
  return v('exploit.firstSkillRound') === 3 && v('exploit.final') <= 5 && v('exploit.skills') === 2;
}

/** The whole pattern: the exploitation part, exploration ending worse, separated exploration in between. */
export function showsPattern(values: FigureValues, replicate: number): boolean {
  const v = (id: FigureId): number => values.get(id)![replicate]!;
  const exploit = v('exploit.final');
  const explore = v('explore.final');
  const separate = v('separate.final');
  return showsExploitPattern(values, replicate) && explore > exploit && exploit < separate && separate < explore;
}

/** Share of replicates for which `shows` holds. */
export function patternShare(
  values: FigureValues,
  shows: (values: FigureValues, replicate: number) => boolean = showsPattern,
): number {
  const n = values.get('exploit.final')?.length ?? 0;
  if (n === 0) return NaN;
  let hits = 0;
  for (let i = 0; i < n; i++) if (shows(values, i)) hits++;
  return hits / n;
}
