/**
 * The words the pages (and `hexa reproduce`'s table) use that a reader may not know, each defined once here:
 * every report page ends with the ones its kind uses, linked from its first screen, and docs/reproduction.md
 * carries the same definitions word for word (a test holds the two together).
 */
import type { ResultKind } from '../manifest.js';
import { escapeHtml } from './htmlParts.js';

export interface GlossaryEntry {
  readonly term: string;
  /** Other spellings of the term (the CLI's column names). */
  readonly also?: string;
  readonly definition: string;
  /** The pages that use it. */
  readonly kinds: readonly ResultKind[];
}

const ALL: readonly ResultKind[] = ['reproduce', 'run', 'sweep'];

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'arm',
    definition:
      'One configuration the reproduction runs: the random control (no library), pure exploitation, 20 % ' +
      'exploration with shared or with separated samples, thresholds 0.90 and 0.75, and two agents that use the ' +
      'feedback inside a task (the openers).',
    kinds: ['reproduce'],
  },
  {
    term: 'single run',
    definition:
      'One replicate of an arm: 5 rounds of 30 tasks, the scale of every figure the article publishes. Its figures ' +
      'vary far more from run to run than the mean over many runs does.',
    kinds: ['reproduce'],
  },
  {
    term: 'percentile',
    also: 'pctile',
    definition:
      'Where the published value falls among the simulated single runs, from 0 to 100 (ties count half): 50 is ' +
      'the middle run, below 2.5 or above 97.5 outside the central 95 %.',
    kinds: ['reproduce'],
  },
  {
    term: 'inside',
    definition:
      'Whether the published value lies within the central 95 % of simulated single runs (for a count, unless it ' +
      'sits in a tail holding less than 2.5 % of runs).',
    kinds: ['reproduce'],
  },
  {
    term: 'hidden choice',
    definition:
      'Something the article does not say but its result depends on: when the Evolver runs, which samples it ' +
      'reads, whether a new library replaces or merges with the old, all samples or distinct codes, exploration ' +
      'per attempt or per task, what counts as a skill test and when tests are counted.',
    kinds: ['reproduce'],
  },
  {
    term: 'reading',
    definition:
      'One combination of the hidden choices: one way of reading what the article leaves unsaid (2⁷ = 128 of ' +
      'them). The audit simulates every reading and ranks them by how probable they make the published figures.',
    kinds: ['reproduce'],
  },
  {
    term: 'simulated publication',
    definition:
      'One run of every arm taken together, as the article itself is: the figures an article written from one ' +
      'simulated run per arm would print. Many of them show what publications of a reading look like.',
    kinds: ['reproduce'],
  },
  {
    term: "the article's whole story",
    definition:
      'The pattern the article reports across its arms: pure exploitation first serves a task with skills in ' +
      'round 3, ends with 2 skills and at 5 attempts or fewer, and ends below separated exploration, which ends ' +
      'below shared exploration. A simulated publication tells it when its own figures show that pattern; every ' +
      "pattern is rare, so the article's share is set beside the share a publication's own pattern gets.",
    kinds: ['reproduce'],
  },
  {
    term: 'posterior',
    definition:
      'How probable a reading is given the published figures, under equal prior weight for every reading that can ' +
      'be estimated. The 90 % credible set is the fewest readings that together hold 90 % of it.',
    kinds: ['reproduce'],
  },
  {
    term: 'exact',
    definition:
      'An expectation computed exactly, in fractions, rather than simulated: the expected attempts of guessing ' +
      'uniformly among all codes (11.599 for a 4-bit lock with 20 attempts), or among those left once one or two ' +
      'positions are known (7.446, 3.987).',
    kinds: ALL,
  },
  {
    term: '95 % CI',
    definition:
      'A 95 % interval for a figure over many runs. On the charts and in summary.csv it is a seeded bootstrap: the ' +
      'runs resampled with replacement (2000 times unless --resamples says otherwise), the figure taken on each ' +
      "resample, the middle 95 % kept; in hexa reproduce's table, the mean ± t × its standard error.",
    kinds: ALL,
  },
  {
    term: 'paired',
    definition:
      'Compared replicate by replicate: two arms or cells that drew the same random numbers (same seed, world, ' +
      'replicate, round and task) differ only by their settings, so their difference is known far more precisely ' +
      'than either alone.',
    kinds: ALL,
  },
  {
    term: 'interquartile mean',
    also: 'IQM',
    definition:
      'The mean of the middle half of the runs (a quarter cut from each end), so a few runs that never learn ' +
      'move it little.',
    kinds: ALL,
  },
  {
    term: 'performance profile',
    definition:
      'For each attempt count, the share of runs whose final round took at most that many attempts per task; ' +
      'further left and higher is better. Its band is the bootstrap’s pointwise 95 % interval.',
    kinds: ALL,
  },
  {
    term: 'probability of improvement',
    definition:
      'The chance that a run of one arm or cell ends its final round on fewer attempts per task than a run of ' +
      'another, ties counting half: 50 % means neither is better.',
    kinds: ['reproduce', 'sweep'],
  },
  {
    term: 'tied',
    definition:
      "A cell is tied with a world's best when the 95 % interval of its final-round difference from the best " +
      'includes 0 (paired when the two share random numbers, else when their intervals overlap).',
    kinds: ['sweep'],
  },
];

/** The entries a page of this kind uses. */
export function glossaryFor(kind: ResultKind): GlossaryEntry[] {
  return GLOSSARY.filter((e) => e.kinds.includes(kind));
}

const named = (e: GlossaryEntry): string => (e.also === undefined ? e.term : `${e.term} (${e.also})`);

/** The page's glossary section, its entries anchored so the first screen can link to them. */
export function glossarySection(kind: ResultKind): string {
  const items = glossaryFor(kind)
    .map((e) => `<dt>${escapeHtml(named(e))}</dt><dd>${escapeHtml(e.definition)}</dd>`)
    .join('\n');
  return `<section id="glossary"><h2>Words used on this page</h2>
<dl class="glossary">
${items}
</dl></section>`;
}

/** The first screen's pointer to the glossary, naming the terms most likely to stop a reader. */
export function glossaryLink(kind: ResultKind): string {
  const terms = glossaryFor(kind)
    .slice(0, kind === 'reproduce' ? 8 : 4)
    .map((e) => escapeHtml(named(e)));
  return `<p class="kicker glossary-link"><a href="#glossary">What the words mean</a>: ${terms.join(', ')} …</p>`;
}

/** The glossary as Markdown, as docs/reproduction.md carries it. */
export function glossaryMarkdown(): string {
  return GLOSSARY.map((e) => `- **${named(e)}**: ${e.definition}`).join('\n');
}
