/**
 * The reproduction's headline: three or four plain sentences, every number and every qualifier taken
 * from the results — what the library really achieves, where the article's 4.2 and 10.0 sit, how probable
 * the article's whole story is under its best reading, and which hidden choices the figures pin down.
 */
import { HIDDEN_CHOICES, type HiddenChoices } from '../../sim/reproduction/arms.js';
import { findFigure, type FigureId } from '../../sim/reproduction/figures.js';
import type { FigureRow } from '../../sim/reproduction/reproduction.js';
import { IDENTIFIED, type Verdict } from '../../sim/reproduction/verdict.js';

/** "1st", "2nd", "3rd", "4th", "11th", "22nd" … */
export function ordinal(k: number): string {
  const tens = k % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[k % 10] ?? 'th');
  return `${k}${suffix}`;
}

const percent = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)} %`;
const flags = (keys: readonly string[]): string => {
  const parts = keys.map((k) => `--${k}`);
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
};
const sameReading = (a: HiddenChoices, b: HiddenChoices): boolean => HIDDEN_CHOICES.every((c) => a[c.key] === b[c.key]);

/** Fewer attempts are the lucky side; a figure outside the central 95 % is called so. */
function luck(row: FigureRow): string {
  const p = row.placement!;
  if (!p.consistent) return 'outside the range of single runs';
  if (p.percentile < 10) return 'a lucky run';
  if (p.percentile > 90) return 'an unlucky run';
  return 'an ordinary run';
}

function libraryLine(rows: ReadonlyMap<FigureId, FigureRow>, reading: string): string {
  const final = rows.get('exploit.final')!;
  const uniform = rows.get('random.round1')!.analytic?.value ?? rows.get('random.round1')!.mean;
  const [lo, hi] = final.ci95 ?? [final.mean, final.mean];
  const cut = 1 - final.mean / uniform;
  const start = findFigure('exploit.round1').published;
  const end = findFigure('exploit.final').published;
  return (
    `${reading} the skill library ends at ${final.mean.toFixed(2)} attempts per task (95 % CI ` +
    `${lo.toFixed(2)}–${hi.toFixed(2)} over ${final.n} runs) ` +
    `against ${uniform.toFixed(2)} without one: a ${percent(cut, 0)} cut, where the article reports ` +
    `${percent(1 - end / start, 0)} (${start} → ${end}).`
  );
}

function placementLine(rows: ReadonlyMap<FigureId, FigureRow>): string {
  const final = rows.get('exploit.final')!;
  const explore = rows.get('explore.final')!;
  if (final.placement === null || explore.placement === null) return '';
  const at = (r: FigureRow): string => ordinal(Math.round(r.placement!.percentile));
  return (
    `The article's ${final.figure.published} sits at the ${at(final)} percentile of single runs (${luck(final)}) ` +
    `and its ${explore.figure.published.toFixed(1)} with 20 % exploration at the ${at(explore)} (${luck(explore)}).`
  );
}

function storyLine(v: Verdict): string {
  const check = v.check;
  const story = `${percent(v.best.patternShare)} of simulated publications tell the article's whole story`;
  if (check === null)
    return (
      `Under its best reading ${story}, and none comes close enough to its figures to estimate a likelihood at ` +
      `${v.replicates} runs per arm.`
    );
  const top = check.contributions[0]!;
  const far = `${percent(check.pValue, 0)} of simulated publications lie farther from the expected values`;
  const deviation =
    `the largest deviation being ${findFigure(top.id).what} (${top.published} against ` +
    `${top.mean.toFixed(2)} expected)`;
  return check.pValue >= 0.05
    ? `Under its best reading only ${story}, yet figure by figure the article is no outlier: ${far}, ${deviation}.`
    : `Under its best reading only ${story}, and figure by figure the article is an outlier too: ${far}, ${deviation}.`;
}

function choicesLine(v: Verdict): string {
  const flagOf = (key: string): string => HIDDEN_CHOICES.find((c) => c.key === key)!.flag;
  const pinned = HIDDEN_CHOICES.filter((c) => v.identified[c.key] !== undefined).map(
    (c) => `${c.flag} ${v.identified[c.key]}`,
  );
  const open = v.open.map(flagOf);
  const pinnedText =
    pinned.length === 0
      ? 'pin down none of the hidden choices'
      : `pin down ${flags(pinned)} (posterior ≥ ${IDENTIFIED} each)`;
  const openText = open.length === 0 ? '' : ` but leave ${flags(open)} open`;
  const ties =
    v.tied.length > 1
      ? `${v.tied.length} readings are tied within Monte Carlo error, the best at posterior ` +
        `${v.best.posterior.toFixed(2)}`
      : `the best reading stands alone at posterior ${v.best.posterior.toFixed(2)}`;
  return `The figures ${pinnedText}${openText}: ${ties}.`;
}

/** The headline's sentences. `rows` are the figure table under `hidden`, the reading the table was run with. */
export function headlineSentences(rows: readonly FigureRow[], hidden: HiddenChoices, v: Verdict): string[] {
  const byId = new Map(rows.map((r) => [r.figure.id, r]));
  const inUse = v.tied.some((e) => sameReading(e.hidden, hidden));
  const reading = sameReading(hidden, v.best.hidden)
    ? 'Under the best reading'
    : inUse
      ? `Under the reading used here, one of the ${v.tied.length} tied best,`
      : 'Under the hidden choices used here';
  if (!v.estimable) {
    return [
      libraryLine(byId, reading),
      placementLine(byId),
      storyLine(v),
      `No reading reproduces the article's figures closely enough to rank at ${v.replicates} runs per arm: the ` +
        `hidden choices stay open.`,
    ].filter((s) => s !== '');
  }
  return [libraryLine(byId, reading), placementLine(byId), storyLine(v), choicesLine(v)].filter((s) => s !== '');
}
