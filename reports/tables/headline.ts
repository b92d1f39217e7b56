/**
 * The reproduction's headline: four plain sentences, every number and every qualifier taken from the
 * results — what the library really achieves; where the article's 4.2 and 10.0 sit, called lucky only if
 * that holds after allowing for the most extreme of the article's figures being picked out; how rare the
 * article's whole story is beside any simulated publication's own, and whether the predictive checks find
 * it an outlier; and which hidden choices the figures pin down, which are open and which no figure can
 * reach. A headline resting on a cheaper audit than the full one says so.
 */
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from '../../sim/reproduction/arms.js';
import { correctedTail } from '../../sim/reproduction/checks/extremeness.js';
import { findFigure, type FigureId } from '../../sim/reproduction/figures.js';
import { checkPValues } from '../../sim/reproduction/likelihood/predictive.js';
import type { FigureRow } from '../../sim/reproduction/reproduction.js';
import type { Verdict } from '../../sim/reproduction/verdict.js';

/** "1st", "2nd", "3rd", "4th", "11th", "22nd" … */
export function ordinal(k: number): string {
  const tens = k % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[k % 10] ?? 'th');
  return `${k}${suffix}`;
}

/** The level below which a (corrected) p-value makes a figure lucky, or the article an outlier. */
export const SIGNIFICANT = 0.05;

const percent = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)} %`;
const flagOf = (key: HiddenKey): string => HIDDEN_CHOICES.find((c) => c.key === key)!.flag;
const list = (parts: readonly string[]): string =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
const sameReading = (a: HiddenChoices, b: HiddenChoices): boolean => HIDDEN_CHOICES.every((c) => a[c.key] === b[c.key]);

/** What the headline rests on when it is not the full audit. */
export interface AuditBasis {
  /** Replicates per reading of the full audit (`--audit`). */
  readonly full: number;
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

/** A figure's two-sided tail from its single-run percentile. */
const tailOf = (row: FigureRow): number =>
  Math.min(1, (2 * Math.min(row.placement!.percentile, 100 - row.placement!.percentile)) / 100);

function placementLine(rows: ReadonlyMap<FigureId, FigureRow>, v: Verdict): string {
  const final = rows.get('exploit.final')!;
  const explore = rows.get('explore.final')!;
  if (final.placement === null || explore.placement === null) return '';
  const at = (r: FigureRow): string => ordinal(Math.round(r.placement!.percentile));
  const ext = v.checks?.extremeness;
  const shown = [final, explore];
  const judged = shown.map((r) => {
    if (!r.placement!.consistent) return { r, word: 'outside the range of single runs', corrected: NaN };
    const corrected = ext === undefined ? NaN : correctedTail(ext, tailOf(r));
    // Fewer attempts are the lucky side.
    const word =
      corrected < SIGNIFICANT ? (r.placement!.percentile < 50 ? 'a lucky run' : 'an unlucky run') : 'an ordinary run';
    return { r, word, corrected };
  });
  const head =
    `The article's ${final.figure.published} sits at the ${at(final)} percentile of single runs ` +
    `and its ${explore.figure.published.toFixed(1)} with 20 % exploration at the ${at(explore)}`;
  if (ext === undefined) return `${head}.`;
  const extreme = judged.reduce((a, b) => (tailOf(b.r) < tailOf(a.r) ? b : a));
  const allOrdinary = judged.every((j) => j.word === 'an ordinary run');
  if (allOrdinary)
    return (
      `${head}: ordinary runs once the most extreme of ${ext.figures} figures is allowed for, since ` +
      `${percent(extreme.corrected, 0)} of simulated publications have a figure at least as extreme as the ` +
      `${extreme.r.figure.published}.`
    );
  const each = judged.map(
    (j) =>
      `the ${j.r.figure.published} ${j.word}` +
      (Number.isFinite(j.corrected) && j.word !== 'an ordinary run'
        ? ` (only ${percent(j.corrected, 0)} of simulated publications have a figure that extreme among their ` +
          `${ext.figures})`
        : ''),
  );
  return `${head}: ${list(each)}.`;
}

function storyLine(v: Verdict): string {
  const c = v.checks;
  if (c === null)
    return `No reading reproduces the article closely enough to judge its story at ${v.replicates} runs per reading.`;
  const s = c.story;
  const story =
    `Under its best reading ${percent(s.article)} of simulated publications tell the article's whole story, ` +
    `where a simulated publication's own story is told by a median ${percent(s.medianOwn)} and ${percent(s.asRare)} ` +
    `of them tell one as rare`;
  const checks = checkPValues(c.predictive);
  const failing = checks.filter((k) => !(k.pValue >= SIGNIFICANT)).sort((a, b) => a.pValue - b.pValue);
  if (failing.length === 0)
    return (
      `${story}; and the article is no outlier: every predictive check, joint, per arm and given the discrete ` +
      `figures, has p ≥ ${SIGNIFICANT} (joint ${c.predictive.joint.pValue.toFixed(2)}).`
    );
  const worst = failing[0]!;
  const figure =
    worst.worst === null
      ? ''
      : `, most of all in ${findFigure(worst.worst.id).what} (${worst.worst.published} where the other figures lead ` +
        `one to expect ${worst.worst.expected.toFixed(Math.abs(worst.worst.expected) >= 100 ? 0 : 2)})`;
  const what = worst.what === 'joint' ? 'its figures taken jointly' : worst.what;
  return `${story}; but the article is an outlier in ${what} (p = ${worst.pValue.toPrecision(2)})${figure}.`;
}

/** "--update: replace and merge give identical runs" or null when the runs differ at all. */
function byDesign(v: Verdict, key: HiddenKey): string | null {
  if (!v.unidentifiable.includes(key)) return null;
  const values = HIDDEN_CHOICES.find((c) => c.key === key)!.values;
  return `--${flagOf(key)} is not identifiable by design (${list([...values])} give identical runs)`;
}

function choicesLine(v: Verdict): string {
  const pinned = HIDDEN_CHOICES.filter((c) => v.identified[c.key] !== undefined).map(
    (c) => `--${c.flag} ${v.identified[c.key]}`,
  );
  const designed = v.open.map((k) => byDesign(v, k)).filter((x) => x !== null);
  const open = v.open.filter((k) => !v.unidentifiable.includes(k)).map((k) => `--${flagOf(k)}`);
  const pinnedText =
    pinned.length === 0
      ? 'pin down none of the hidden choices'
      : `pin down ${list(pinned)} (each with its posterior interval above 0.95 at every bandwidth)`;
  const openText = open.length === 0 || pinned.length === 0 ? '' : ` but leave ${list(open)} open`;
  const designText = designed.length === 0 ? '' : `; ${list(designed)}`;
  const crossText = crossCheckText(v);
  const [lo, hi] = v.bestInterval;
  const set =
    v.credible.length > 1
      ? `${v.credible.length} readings make up the 90 % credible set, the best at posterior ` +
        `${v.best.posterior.toFixed(2)} (${lo.toFixed(2)}–${hi.toFixed(2)})`
      : `the best reading alone makes up the 90 % credible set, at posterior ${v.best.posterior.toFixed(2)} ` +
        `(${lo.toFixed(2)}–${hi.toFixed(2)})`;
  const confidence =
    v.confidence === null
      ? ''
      : `; the 90 % confidence set (each reading judged against ${v.confidence.publications} publications ` +
        `simulated under it) holds ${v.confidence.members.length}`;
  const compete =
    v.couldCompete.length === 0
      ? ''
      : `, and ${v.couldCompete.length} reading${v.couldCompete.length === 1 ? '' : 's'} too rarely reproduced to ` +
        `estimate could still compete`;
  return `The figures ${pinnedText}${openText}${crossText}${designText}: ${set}${confidence}${compete}.`;
}

/**
 * The headline's sentences. `rows` are the figure table under `hidden`, the reading the table was run with;
 * `basis`, when the audit behind the verdict ran fewer replicates than the full one.
 */
export function headlineSentences(
  rows: readonly FigureRow[],
  hidden: HiddenChoices,
  v: Verdict,
  basis?: AuditBasis,
): string[] {
  const byId = new Map(rows.map((r) => [r.figure.id, r]));
  const inCredible = v.credible.some((e) => sameReading(e.hidden, hidden));
  const reading = sameReading(hidden, v.best.hidden)
    ? 'Under the best reading'
    : inCredible
      ? `Under the reading used here, one of the ${v.credible.length} in the 90 % credible set,`
      : 'Under the hidden choices used here';
  const quick =
    basis !== undefined && v.replicates < basis.full
      ? ` (A quick audit, ${v.replicates} runs per reading, is all this rests on: \`--audit\` runs ${basis.full}.)`
      : '';
  const last = v.estimable
    ? choicesLine(v)
    : `No reading reproduces the article's figures often enough to estimate at ${v.replicates} runs per reading: the ` +
      `hidden choices stay open.`;
  return [libraryLine(byId, reading), placementLine(byId, v), storyLine(v), `${last}${quick}`].filter((s) => s !== '');
}

/** Why the test unit stays open when a cross-check disagrees with the kernel: which, and the Bayes factors. */
function crossCheckText(v: Verdict): string {
  const t = v.crossCheck.testUnit;
  if (t === null || (t.agree && t.syntheticAgrees) || !v.open.includes('testUnit')) return '';
  const bf = (x: { log: number; se: number }): string => `${x.log.toFixed(1)} ± ${x.se.toFixed(1)}`;
  const abc = `${bf(t.abc)} by rejection ABC`;
  const synthetic = t.synthetic === null ? null : `${bf(t.synthetic)} by a synthetic likelihood`;
  const disagreeing = [t.agree ? null : abc, t.syntheticAgrees ? null : synthetic].filter((x) => x !== null);
  const agreeing = t.agree ? abc : t.syntheticAgrees ? synthetic : null;
  const told = disagreeing.length === 0 ? 'not estimable by a synthetic likelihood' : `${disagreeing.join(' and ')}`;
  return (
    ` (--test-unit, whose log Bayes factor is ${told} against the kernel's ${bf(t.main)}` +
    `${agreeing === null ? '' : `, though ${agreeing} agrees`})`
  );
}
