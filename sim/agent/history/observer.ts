/**
 * What an observer of skills' lives is told, and when: the Library calls it where a skill enters or leaves
 * and where its test record changes (`settle`), the Actor where the Retriever hands skills to a task. A
 * library without an observer makes none of these calls, so a run that records nothing runs as before.
 */
import type { Skill } from '../skill.js';

/**
 * Why a skill left the library: `retired` by its lifecycle for the evidence against it; `dropped` by a
 * lifecycle for another reason (evicted by a cap, split into narrower skills); `replaced` by an evolution
 * that did not re-emit it (`--update replace`); `removed` by a lifecycle module.
 */
export type ExitReason = 'retired' | 'dropped' | 'replaced' | 'removed';

export const EXIT_REASONS: readonly ExitReason[] = ['retired', 'dropped', 'replaced', 'removed'];

/** An unknown share: the run cannot tell which of these tests exploration made. */
export const UNKNOWN = -1;

/** Told of skills' lives by the Library and the Actor (`Library.observer`); SkillRecorder is the one the runs use. */
export interface SkillObserver {
  /** The skill joined the library (first time or again). */
  entered(skill: Skill): void;
  /** The skill left the library, for `reason`. */
  left(skill: Skill, reason: ExitReason): void;
  /**
   * `tests` tests of the skill were settled, `agreed` of them agreeing and `refuted` refuting; `explored` of
   * the tests came from exploration attempts (UNKNOWN when the run cannot tell).
   */
  settled(skill: Skill, tests: number, agreed: number, refuted: number, explored: number): void;
  /** The Retriever handed the skill to the next `tasks` tasks. */
  retrieved(skill: Skill, tasks: number): void;
}
