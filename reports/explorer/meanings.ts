/**
 * The words the explorer shows beside its controls and views: what each value of the article's hidden choices
 * means (docs/model.md's table, value by value), what each group of flags is for, and a short "what am I looking
 * at" per view. The controls themselves come from the parameter declarations; only these sentences are written here.
 */
import type { Section } from '../../sim/core/params/declaration.js';

/** Each hidden choice's values in words (the flag's declaration gives the one-line help). */
export const HIDDEN_MEANINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cadence: {
    task: 'the Evolver distils skills after every task',
    round: 'the Evolver distils skills once, at the end of each round',
  },
  window: {
    all: 'it reads every high-score sample since the start',
    round: 'it reads only the current round’s samples',
  },
  routing: {
    shared: 'exploring attempts feed the Evolver like any other',
    separate: 'exploring attempts are kept away from the Evolver',
  },
  update: {
    replace: 'each evolution replaces the library with what it distils',
    merge: 'each evolution adds to the library and keeps skills it did not re-emit',
  },
  samples: {
    all: 'every high-score sample counts, repeats included',
    distinct: 'each distinct code counts once (the article’s figures rule this out: 4/5 < 0.85)',
  },
  'explore-unit': {
    attempt: 'a fresh coin for every attempt',
    task: 'one coin per task: the whole task explores, or none of it',
  },
  'test-unit': {
    high: 'a skill is tested by each high-score sample',
    any: 'a skill is tested by every attempt; only a high-score sample that disagrees refutes it',
  },
  'test-at': {
    record: 'tests are counted as each attempt is recorded, against the skills in force',
    evolve: 'tests are counted at each evolution: the new library against the attempts since the last one',
  },
};

/** Why the article's hidden choices are a group of their own. */
export const HIDDEN_INTRO =
  'The article does not say how these work, and together they move its headline from about 4 to about 11.6 ' +
  'attempts. The defaults are the reading the audit of hexa reproduce finds most probable.';

/** A sentence under each group's heading. */
export const SECTION_INTRO: Readonly<Record<Section, string>> = {
  world: 'The world the agent acts in, and its parameters.',
  protocol: 'How long each run is and how many runs (replicates) are averaged.',
  agent: 'The published agent’s rules: the Evolver’s evidence and threshold, the Retriever’s top-k, exploration.',
  hidden: HIDDEN_INTRO,
  skills: 'How skills are scoped, extracted, ranked and retired.',
  exploration: 'When the agent explores beyond the fixed rate.',
  tools: 'The circuit breaker of the flaky-tools world.',
  rules: 'Constants of the lifecycle policies (each applies only under its --lifecycle).',
  mode: 'The HExA matrix’s library modes (a mode sets the window and update itself).',
};

/** The short "what am I looking at" of each view. */
export const VIEW_INTRO = {
  run:
    'One configuration of the simulated agent, run many times (replicates). The curve is the mean number of ' +
    'attempts a task needs, round by round, with its 95 % interval; it narrows as replicates arrive. Dashed lines ' +
    'are exact values: what random guessing, or guessing with one or two bits known, would need. Add a second ' +
    'arm to see whether a change helps: the lower chart is the difference, replicate by replicate.',
  sweep:
    'A small grid of two parameters, every cell a run of its own. Each cell shows its final-round mean attempts; ' +
    'the best cell is marked, and cells whose interval overlaps the best’s are marked as tied with it.',
  reproduce:
    'The article’s published figures beside the simulator’s: for each figure, the spread of single simulated runs ' +
    'under the hidden choices chosen here, its mean and 95 % interval, and where the published value falls.',
} as const;
