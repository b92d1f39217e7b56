/**
 * What an observer of a library is told, and when (`Library.attach`). The Library calls it where a skill enters
 * or leaves, where its test record changes (`settle`), when a sample batch arrives and when an evolution's tests
 * are due; the Actor where the Retriever hands skills to a task. Every event is optional, and the library keeps
 * one slot per event, so an observer pays only for what it listens to and a library without one makes none of
 * these calls: a run that records nothing runs as before. Observers are told, never asked: none changes a run.
 *
 * The skill histories (recorder.ts) listen to the skills' lives; the audit attaches its own (sim/reproduction).
 */
import type { SampleBatch } from '../samples/sampleBatch.js';
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

/**
 * The high-score samples recorded since the previous evolution, counted: what tests at an evolution are
 * settled against (`--test-at evolve`), whichever timing the library is configured with.
 */
export interface SamplesSince {
  /** High-score samples in a context. */
  high(context: number): number;
  /** Attempts in a context, high-score or not. */
  attempts(context: number): number;
  /** High-score samples in a context whose code holds `value` at `position`. */
  holding(context: number, position: number, value: number): number;
}

/** Told of a library's life (`Library.attach`); every method optional. */
export interface LibraryObserver {
  /** The skill joined the library (first time or again). */
  entered?(skill: Skill): void;
  /** The skill left the library, for `reason`. */
  left?(skill: Skill, reason: ExitReason): void;
  /**
   * `tests` tests of the skill were settled, `agreed` of them agreeing and `refuted` refuting; `explored` of
   * the tests came from exploration attempts (UNKNOWN when the run cannot tell).
   */
  settled?(skill: Skill, tests: number, agreed: number, refuted: number, explored: number): void;
  /** The Retriever handed the skill to the next `tasks` tasks. */
  retrieved?(skill: Skill, tasks: number): void;
  /** A batch of samples arrived, before it tests anything: `skills` are the library's now (a live view). */
  recording?(batch: SampleBatch, skills: readonly Skill[]): void;
  /**
   * An evolution ended (or, in a frozen library, would have): `skills` (a live view) are what it tests against
   * the samples recorded since the previous one, `since` (read it now; it is cleared after the call). Asking
   * for this makes the library keep those counts whatever its test timing.
   */
  evolved?(skills: readonly Skill[], since: SamplesSince): void;
}

/** The name of an event a library tells its observers of. */
export type LibraryEvent = keyof LibraryObserver;

/** An observer that listens to `event`. */
export type Listener<E extends LibraryEvent> = Pick<Required<LibraryObserver>, E>;

/** Several observers as one: each event goes to those that listen to it, in the order they were attached. */
class Observers implements Required<LibraryObserver> {
  constructor(private readonly all: readonly LibraryObserver[]) {}
  entered(skill: Skill): void {
    for (const o of this.all) o.entered?.(skill);
  }
  left(skill: Skill, reason: ExitReason): void {
    for (const o of this.all) o.left?.(skill, reason);
  }
  settled(skill: Skill, tests: number, agreed: number, refuted: number, explored: number): void {
    for (const o of this.all) o.settled?.(skill, tests, agreed, refuted, explored);
  }
  retrieved(skill: Skill, tasks: number): void {
    for (const o of this.all) o.retrieved?.(skill, tasks);
  }
  recording(batch: SampleBatch, skills: readonly Skill[]): void {
    for (const o of this.all) o.recording?.(batch, skills);
  }
  evolved(skills: readonly Skill[], since: SamplesSince): void {
    for (const o of this.all) o.evolved?.(skills, since);
  }
}

/** The observers of a list that listen to `event`, as one (null: none does). */
export function listenerOf<E extends LibraryEvent>(
  observers: readonly LibraryObserver[],
  event: E,
): Listener<E> | null {
  const listening = observers.filter((o) => o[event] !== undefined);
  if (listening.length === 0) return null;
  return listening.length === 1 ? (listening[0] as Listener<E>) : new Observers(listening);
}
