/**
 * Readings that provably cannot produce a published figure, whatever the number of runs — so a zero count
 * there is no sampling zero, and the reading is out rather than merely not estimable. Each rule states its
 * proof; a test checks the rule against simulated runs.
 *
 * Refutations under pure exploitation, `--update merge` and `--test-at record`, for runs that end with at
 * most top-k skills: a merged library never drops a skill, so it never held more than it ends with, and all
 * of them are in the constraint; every guess obeys the constraint, so every recorded sample agrees with every
 * skill in force and none is refuted. (Two skills cannot clash: once a value is in force at a position, every
 * later sample has it there, so no evolution can emit another value for that position, and one evolution
 * cannot emit two, their shares summing to at most 1.) The published 19 refutations with 2 skills cannot occur.
 */
import { PUBLISHED_AGENT } from '../../agent/agentConfig.js';
import type { ArmId, HiddenChoices } from '../arms.js';
import type { FigureId } from '../figures.js';
import type { ArmTargets } from '../likelihood/classes/armClass.js';

/**
 * Why the arm cannot land in these windows (the article's, or a simulated publication's) under these choices, or null.
 */
export function provablyImpossible(
  arm: ArmId,
  hidden: HiddenChoices,
  targets: ArmTargets,
): { readonly figure: FigureId; readonly reason: string } | null {
  const refutations = targets.get('exploit.refutations');
  const skills = targets.get('exploit.skills');
  if (
    arm === 'exploit' &&
    hidden.update === 'merge' &&
    hidden.testAt === 'record' &&
    skills !== undefined &&
    skills.point <= PUBLISHED_AGENT.topK &&
    refutations !== undefined &&
    refutations.lo > 0
  )
    return {
      figure: 'exploit.refutations',
      reason: 'pure exploitation with a merged library and tests counted as recorded refutes no skill in force',
    };
  return null;
}
