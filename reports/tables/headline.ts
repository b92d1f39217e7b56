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
import { findArm, type ArmId } from '../../sim/reproduction/arms.js';
import { CHECK_RUNS, type Share } from '../../sim/reproduction/checks/bestReading.js';
import { figureWords, findFigure, type FigureId } from '../../sim/reproduction/figures.js';
import type { FigureRow } from '../../sim/reproduction/reproduction.js';
import { IDENTIFIED, type ReadingMean, type Verdict } from '../../sim/reproduction/verdict.js';
import { ESS_FLOOR } from '../../sim/reproduction/likelihood/armEstimate.js';

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

/** A share as a percentage with its Monte Carlo error: "79 % ± 1 %". */
const withError = (x: Share, digits = 0): string =>
  `${percent(x.value, digits)} ± ${percent(Math.max(x.se, 0.5 * 10 ** -(digits + 2)), digits)}`;

/** A mean with its Monte Carlo error, to the error's first significant place (at least 0.01). */
const meanWithError = (m: ReadingMean): string => `${m.mean.toFixed(2)} ± ${m.se.toFixed(2)}`;

function libraryLine(rows: ReadonlyMap<FigureId, FigureRow>, reading: string, v: Verdict): string {
  const final = rows.get('exploit.final')!;
  const uniform = rows.get('random.round1')!.analytic?.value ?? rows.get('random.round1')!.mean;
  const [lo, hi] = final.ci95 ?? [final.mean, final.mean];
  const start = findFigure('exploit.round1').published;
  const end = findFigure('exploit.final').published;
  const published = `${percent(1 - end / start, 0)} (${start} → ${end})`;
  const table =
    `${final.mean.toFixed(2)} attempts per task (95 % CI ${lo.toFixed(2)}–${hi.toFixed(2)} over ${final.n} runs) ` +
    `against ${uniform.toFixed(2)} without one`;
  const { readings, lowest, highest } = v.openEffect;
  if (readings <= 1 || highest.mean - lowest.mean <= 2 * Math.hypot(lowest.se, highest.se))
    return (
      `${reading} the skill library ends at ${table}: a ${percent(1 - final.mean / uniform, 0)} cut, where the ` +
      `article reports ${published}.`
    );
  const cut = (m: ReadingMean): string => percent(1 - m.mean / uniform, 0);
  return (
    `Over the ${readings} readings the figures leave open, the skill library ends at ${meanWithError(lowest)} to ` +
    `${meanWithError(highest)} attempts per task (${lowest.runs} runs each) against ${uniform.toFixed(2)} without ` +
    `one: a cut of ${cut(highest)} to ${cut(lowest)}, where the article reports ${published}; ` +
    `${reading.replace(/^Under/, 'under')} it ends at ${table}.`
  );
}

function placementLine(rows: ReadonlyMap<FigureId, FigureRow>, v: Verdict): string {
  const shown: FigureId[] = ['exploit.final', 'explore.final'];
  const c = v.checks;
  const ext = c?.extremeness;
  // One reading's runs for every number here: the best reading's, where the audit could estimate one.
  const percentileOf = (id: FigureId): number => ext?.percentiles.get(id) ?? rows.get(id)?.placement?.percentile ?? NaN;
  if (shown.some((id) => Number.isNaN(percentileOf(id)))) return '';
  const at = (id: FigureId): string => ordinal(Math.round(percentileOf(id)));
  const head =
    `${ext === undefined ? '' : 'Under its best reading, '}the article's ${findFigure('exploit.final').published} ` +
    `sits at the ${at('exploit.final')} percentile of single runs and its ` +
    `${findFigure('explore.final').published.toFixed(1)} with 20 % exploration at the ${at('explore.final')}`;
  const sentence = head.charAt(0).toUpperCase() + head.slice(1);
  if (ext === undefined || c === null) return `${sentence}.`;
  const judged = shown.map((id) => {
    const tail = ext.tails.get(id)!;
    const corrected = correctedTail(ext, tail);
    // Fewer attempts are the lucky side.
    const word =
      corrected < SIGNIFICANT ? (percentileOf(id) < 50 ? 'a lucky run' : 'an unlucky run') : 'an ordinary run';
    return { id, tail, word, corrected };
  });
  const extreme = judged.reduce((a, b) => (b.tail < a.tail ? b : a));
  const shares = extreme.id === ext.most.id ? withError(c.mostExtreme) : percent(extreme.corrected, 0);
  if (judged.every((j) => j.word === 'an ordinary run'))
    return (
      `${sentence}: ordinary runs once the most extreme of ${ext.figures} figures is allowed for, since ${shares} ` +
      `of simulated publications have a figure at least as extreme as the ${findFigure(extreme.id).published}.`
    );
  const each = judged.map(
    (j) =>
      `the ${findFigure(j.id).published} ${j.word}` +
      (j.word !== 'an ordinary run'
        ? ` (only ${percent(j.corrected, 0)} of simulated publications have a figure that extreme among their ` +
          `${ext.figures})`
        : ''),
  );
  return `${sentence}: ${list(each)}.`;
}

/** The claim the smallest predictive check supports: an outlier, no outlier, or not settled by its error. */
export type OutlierClaim = 'outlier' | 'no outlier' | 'not settled' | 'not checked';

/**
 * The outlier claim: the corrected p-value (sim/reproduction/checks/surprise.ts) below SIGNIFICANT by more than
 * twice its Monte Carlo error, above it by as much, or neither; a quick audit's runs are too few to make it.
 */
export function outlierClaim(v: Verdict): OutlierClaim {
  const c = v.checks;
  if (c === null || c.publications < CHECK_RUNS) return 'not checked';
  const { pValue, se } = c.surprise;
  if (pValue + 2 * se < SIGNIFICANT) return 'outlier';
  if (pValue - 2 * se >= SIGNIFICANT) return 'no outlier';
  return 'not settled';
}

/** A check's name in words: "its figures taken jointly", "its pure exploitation arm", "… given …". */
function checkWords(what: string): string {
  if (what === 'joint') return 'its figures taken jointly';
  const [arm, given] = what.split('|') as [ArmId, string | undefined];
  const label = findArm(arm).label;
  return given === undefined ? `its ${label} arm` : `its ${label} arm given the arm's discrete figures`;
}

function storyLine(v: Verdict): string {
  const c = v.checks;
  if (c === null)
    return `No reading reproduces the article closely enough to judge its story at ${v.replicates} runs per reading.`;
  const e = c.storyErrors;
  const story =
    `Under its best reading ${withError(e.article, 1)} of simulated publications tell the article's whole ` +
    `story, where a simulated publication's own story is told by a median ${withError(e.medianOwn, 1)}`;
  const s = c.surprise;
  const claim = outlierClaim(v);
  // Too few publications give each batch too few to resolve a small p-value: every batch then sits at its floor
  // and their spread, near zero, is no error. Such an audit gives the value and leaves the claim to the full one.
  const smallest =
    `the smallest p-value of its ${s.checks} predictive checks (${checkWords(s.smallest.what)}, ` +
    `${s.smallest.pValue.toPrecision(2)}), corrected for being the smallest of ${s.checks}, is ` +
    `${s.pValue.toFixed(3)}${claim === 'not checked' ? '' : ` ± ${s.se.toFixed(3)}`}`;
  if (claim === 'not checked')
    return (
      `${story}; whether the article is an outlier this audit does not settle: ${smallest} over ${c.publications} ` +
      `simulated publications, too few to give its error (\`--audit\` checks ${CHECK_RUNS}).`
    );
  if (claim === 'no outlier') return `${story}; and the article is no outlier: ${smallest}.`;
  if (claim === 'not settled')
    return (
      `${story}; whether the article is an outlier is not settled: ${smallest}, within twice its error of ` +
      `${SIGNIFICANT}.`
    );
  const culprit =
    s.culprit === null
      ? ''
      : `, most of all ${figurePhrase(s.culprit.id)} (without it that check gives p = ` +
        `${s.culprit.without.toFixed(2)})`;
  return `${story}; but the article is an outlier: ${smallest}${culprit}.`;
}

/** A figure with its published value in words: "its pure exploitation arm's 2 skills after round 5". */
function figurePhrase(id: FigureId): string {
  const f = findFigure(id);
  const { arm, measure } = figureWords(f.what);
  return `its ${arm} arm's ${f.published} ${measure}`;
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
  const held = v.heldOpen;
  const open = v.open.filter((k) => !v.unidentifiable.includes(k) && !held.includes(k)).map((k) => `--${flagOf(k)}`);
  const pinnedText =
    pinned.length === 0
      ? 'pin down none of the hidden choices'
      : `pin down ${list(pinned)} (each with its posterior interval above ${IDENTIFIED} at every bandwidth)`;
  const openText = open.length === 0 ? '' : ` and leave ${list(open)} open on their evidence`;
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
  const n = v.couldCompete.length;
  const heldText =
    held.length === 0
      ? ';'
      : `; the readings the audit could estimate would pin down ${list(held.map((k) => `--${flagOf(k)}`))} too, but`;
  const compete =
    n === 0
      ? ''
      : `${heldText} ${n} reading${n === 1 ? '' : 's'} the audit cannot estimate (too rarely reproduced, or ` +
        `resting on fewer than ${ESS_FLOOR} effective runs) could still compete, ` +
        `${n === 1 ? 'its bound' : 'their bounds'} within 10⁴ of the best`;
  return `The figures ${pinnedText}${openText}${crossText}${designText}${compete}: ${set}${confidence}.`;
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
  return [libraryLine(byId, reading, v), placementLine(byId, v), storyLine(v), `${last}${quick}`].filter(
    (s) => s !== '',
  );
}

/** Why the test unit stays open when a cross-check disagrees with the kernel: which, and the Bayes factors. */
function crossCheckText(v: Verdict): string {
  const t = v.crossCheck.testUnit;
  if (t === null || (t.agree && t.syntheticAgrees) || !v.open.includes('testUnit') || v.heldOpen.includes('testUnit'))
    return '';
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
