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
 * A saved library (`--library-from`) takes the prior batch's place: the library another run learned, in this
 * world or another of the same shape, is where every replicate starts (then frozen, offline, or learning on,
 * off2on or no mode).
 *
 * A frozen library still settles its test accounting at each would-be evolution (tests counted at
 * evolution), so tests and refutations stay comparable across modes.
 */
import type { LibraryUpdate, Window } from './choices.js';

export const LIBRARY_SOURCES = ['offline', 'off2on', 'online'] as const;
export const LIBRARY_DYNAMICS = ['static', 'iterative', 'evolving'] as const;
export type LibrarySource = (typeof LIBRARY_SOURCES)[number];
export type LibraryDynamics = (typeof LIBRARY_DYNAMICS)[number];
export type LibraryMode = 'none' | `${LibrarySource}-${LibraryDynamics}`;

export const LIBRARY_MODES: readonly LibraryMode[] = [
  'none',
  ...LIBRARY_SOURCES.flatMap((s) => LIBRARY_DYNAMICS.map((d): LibraryMode => `${s}-${d}`)),
];

export const MODE_PARAMS = {
  /** HExA configuration matrix cell; 'none' leaves window and update to their own flags. */
  mode: {
    kind: 'choice',
    flag: 'mode',
    section: 'mode',
    values: LIBRARY_MODES,
    default: 'none',
    late: true,
    help: 'offline|off2on|online × static|iterative|evolving; none: window and update as their flags say',
  },
  /** Rounds of the prior batch for offline and off2on modes (0 in a normalized configuration of any other mode). */
  priorRounds: {
    kind: 'integer',
    flag: 'prior-rounds',
    section: 'mode',
    min: 0,
    max: 1_000_000,
    default: 2,
    late: true,
    help: 'rounds of the prior batch that builds the library in offline and off2on modes',
  },
  /** A saved library every replicate starts from, in place of a prior batch (absent: none). */
  libraryFrom: {
    kind: 'file',
    flag: 'library-from',
    section: 'mode',
    shape:
      'a skill database written by --library-db (FILE.sqlite, FILE.sqlite#replicate or FILE.sqlite#cell/replicate)',
    optional: true,
    label: 'Saved library',
    help:
      'start every replicate from the library replicate N of FILE.sqlite#N ended with ' +
      '(a --library-db file; default replicate 0), in place of a prior batch',
  },
} as const;

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

/** What a mode decides in an agent's configuration. */
export interface ModeFields {
  readonly mode: LibraryMode;
  readonly window: Window;
  readonly update: LibraryUpdate;
  readonly priorRounds: number;
  readonly libraryFrom?: string;
}

/**
 * The agent with what its mode decides in force: the dynamics' window and update (unchanged for `none`),
 * and no prior batch unless the mode builds the library from one. The one place a mode takes effect: a
 * run's configuration is normalized once (sim/experiment/config.ts), and everything after reads it as is.
 */
export function normalizeAgent<A extends ModeFields>(agent: A): A {
  const parts = modeParts(agent.mode);
  const priorRounds = librarySchedule(agent).priorRounds;
  const choices = parts === null ? {} : DYNAMICS_CHOICES[parts.dynamics];
  return { ...agent, ...choices, priorRounds };
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

export function librarySchedule(agent: Pick<ModeFields, 'mode' | 'priorRounds' | 'libraryFrom'>): LibrarySchedule {
  const parts = modeParts(agent.mode);
  if (parts === null) return { priorRounds: 0, learnsOnline: true, freezesOnceBuilt: false };
  return {
    priorRounds: parts.source === 'online' || agent.libraryFrom !== undefined ? 0 : agent.priorRounds,
    learnsOnline: parts.source !== 'offline',
    freezesOnceBuilt: parts.dynamics === 'static',
  };
}
