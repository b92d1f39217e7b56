/**
 * The HExA configuration matrix (arXiv 2606.29315): where the skill library learns from × how it changes.
 *
 *   Offline   built from a prior batch of tasks, then frozen for the evaluation;
 *   Online    learned during the evaluation (the article's setting);
 *   Off2On    both: built from the prior batch, then learning continues during the evaluation.
 *
 *   Static    built once: the first evolution that yields a skill fixes the library for good;
 *   Iterative rebuilt from scratch each round: the Evolver reads only the current round, and a new
 *             evolution replaces the library (window round, update replace);
 *   Evolving  updated with memory: the Evolver reads the whole history and new skills merge into the
 *             library, which keeps the ones not re-emitted (window all, update merge).
 *
 * So a mode is a setting of the existing hidden choices (window, update) plus two things they cannot
 * express: a prior batch (`priorRounds` rounds of `tasks` tasks, run before the evaluation and not
 * reported) and freezing. Static reads the whole history (window all) until it has built. `none` leaves
 * the hidden choices to their own flags — with the defaults (window round, update replace) that is
 * Online × Iterative.
 *
 * A frozen library still settles its test accounting at each would-be evolution (tests counted at
 * evolution), so tests and refutations stay comparable across modes.
 */
import type { LibraryUpdate, Window } from './choices.js';

export type LibrarySource = 'offline' | 'off2on' | 'online';
export type LibraryDynamics = 'static' | 'iterative' | 'evolving';
export type LibraryMode = 'none' | `${LibrarySource}-${LibraryDynamics}`;

export const LIBRARY_SOURCES: readonly LibrarySource[] = ['offline', 'off2on', 'online'];
export const LIBRARY_DYNAMICS: readonly LibraryDynamics[] = ['static', 'iterative', 'evolving'];
export const LIBRARY_MODES: readonly LibraryMode[] = [
  'none',
  ...LIBRARY_SOURCES.flatMap((s) => LIBRARY_DYNAMICS.map((d): LibraryMode => `${s}-${d}`)),
];

/** Prior-batch rounds when a mode uses a prior batch and none is given. */
export const DEFAULT_PRIOR_ROUNDS = 2;

export function modeParts(mode: LibraryMode): { source: LibrarySource; dynamics: LibraryDynamics } | null {
  if (mode === 'none') return null;
  const [source, dynamics] = mode.split('-') as [LibrarySource, LibraryDynamics];
  return { source, dynamics };
}

/** The hidden choices a library's dynamics fix. */
export const DYNAMICS_CHOICES: Readonly<
  Record<LibraryDynamics, { readonly window: Window; readonly update: LibraryUpdate }>
> = {
  static: { window: 'all', update: 'replace' },
  iterative: { window: 'round', update: 'replace' },
  evolving: { window: 'all', update: 'merge' },
};

/** The agent with the mode's hidden choices in force (unchanged for `none`). */
export function applyMode<
  A extends { readonly mode: LibraryMode; readonly window: Window; readonly update: LibraryUpdate },
>(agent: A): A {
  const parts = modeParts(agent.mode);
  return parts === null ? agent : { ...agent, ...DYNAMICS_CHOICES[parts.dynamics] };
}

/** How a replicate schedules the library. */
export interface LibrarySchedule {
  /** Rounds of the prior batch, played before the evaluation and not reported. */
  readonly priorRounds: number;
  /** Whether the library keeps learning during the evaluation. */
  readonly learnsOnline: boolean;
  /** Whether the first evolution that yields a skill freezes the library. */
  readonly freezesOnceBuilt: boolean;
}

export function librarySchedule(agent: { readonly mode: LibraryMode; readonly priorRounds: number }): LibrarySchedule {
  const parts = modeParts(agent.mode);
  if (parts === null) return { priorRounds: 0, learnsOnline: true, freezesOnceBuilt: false };
  return {
    priorRounds: parts.source === 'online' ? 0 : agent.priorRounds,
    learnsOnline: parts.source !== 'offline',
    freezesOnceBuilt: parts.dynamics === 'static',
  };
}
