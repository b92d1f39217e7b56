/**
 * The parts of index.html only a reproduction has: the verdict's headline, which opens the page, and the
 * published-against-simulated and audit tables with column names in words and intervals in one column,
 * so they fit the page (every column is still in table.csv and audit.csv).
 */
import type { CsvTable } from '../csv/csvRead.js';
import type { FolderVerdict } from '../resultFolder.js';
import { type Figure, FIGURES } from '../../sim/reproduction/figures.js';
import { DISTANCE_FIGURES } from '../../sim/reproduction/likelihood/predictive.js';
import { fmtBayesFactor } from '../tables/auditTables.js';
import { escapeHtml, table } from './htmlParts.js';
import { HIDDEN_CHOICES } from '../../sim/reproduction/arms.js';

export function headlineSection(verdict: FolderVerdict): string {
  const sentences = verdict.sentences.map((s) => `<p>${escapeHtml(s)}</p>`).join('\n');
  return `<header class="headline" id="headline">
<p class="kicker">hexa-sim · the published 4-bit-lock benchmark, reproduced</p>
<h1>The verdict</h1>
${sentences}
</header>`;
}

/** A column of a CSV table by name ('' where the column or the value is missing). */
function columnOf(t: CsvTable): (row: readonly string[], name: string) => string {
  const index = new Map(t.header.map((h, j) => [h, j]));
  return (row, name) => {
    const j = index.get(name);
    return j === undefined ? '' : (row[j] ?? '');
  };
}

const fixed = (text: string, digits: number): string =>
  text === '' || !Number.isFinite(Number(text)) ? '–' : Number(text).toFixed(digits);
const interval = (lo: string, hi: string, digits: number): string =>
  lo === '' || hi === '' ? '–' : `[${fixed(lo, digits)}, ${fixed(hi, digits)}]`;

/** Decimals for a figure's mean, as `hexa reproduce` prints it (3 for a figure this build does not know). */
const digitsOf = (id: string): number => FIGURES.find((f) => f.id === id)?.digits ?? 3;

export function publishedSection(t: CsvTable, sourceLink: string, skippedFigures: readonly string[]): string {
  const get = columnOf(t);
  const header = [
    'figure',
    'published',
    'simulated mean',
    '95 % CI',
    'exact',
    'single runs: central 95 %',
    'percentile',
    'inside',
  ];
  // The CLI's precision: each figure's own decimals for the mean and both intervals, 3 for exact values.
  const weighed = new Set<string>(DISTANCE_FIGURES.map((f) => f.id));
  const rows = t.rows.map((r) => {
    const digits = digitsOf(get(r, 'id'));
    const mark = weighed.has(get(r, 'id')) ? '' : ' †';
    return [
      `<span class="id">${escapeHtml(get(r, 'id'))}${mark}</span><br><span class="what">${escapeHtml(get(r, 'what'))}` +
        '</span>',
      (get(r, 'claim') === 'atLeast' ? '≥ ' : '') + escapeHtml(get(r, 'published')),
      fixed(get(r, 'mean'), digits),
      interval(get(r, 'ci95Low'), get(r, 'ci95High'), digits),
      get(r, 'analytic') === '' ? '' : fixed(get(r, 'analytic'), 3),
      interval(get(r, 'singleRun95Low'), get(r, 'singleRun95High'), digits),
      fixed(get(r, 'singleRunPercentile'), 1),
      get(r, 'consistent') === 'true' ? 'yes' : get(r, 'consistent') === 'false' ? 'NO' : '–',
    ];
  });
  const note =
    skippedFigures.length > 0
      ? `<p class="note">Not in the single-run chart (arm or measure not recognised): ` +
        `${escapeHtml(skippedFigures.join(', '))}.</p>`
      : '';
  return `<section><h2>Published against simulated</h2>
<p>Each published number is a single run; <em>inside</em> says whether it lies inside the central 95 % of simulated \
single runs, <em>percentile</em> where it falls among them (<a href="#glossary">the words</a>). All columns are in <a \
href="${escapeHtml(sourceLink)}/table.csv">table.csv</a>.</p>
${table(header, rows, (row) => (row.at(-1) === 'NO' ? 'off' : ''))}${note}
<p class="note">${escapeHtml(countNote(t.rows.map((r) => get(r, 'id'))))}</p></section>`;
}

/**
 * How the table's rows meet the verdict's count of figures: the verdict weighs the figures that are values and
 * not functions of others (sim/reproduction/likelihood/predictive.ts), so it counts fewer than the table lists.
 * On the page the rows it leaves out are marked †.
 */
export function countNote(ids: readonly string[]): string {
  const left = leftOut(ids).map((f) =>
    f.impliedBy !== undefined
      ? `${f.id} (it follows from ${f.impliedBy.join(' and ')})`
      : `${f.id} (the article gives only a lower bound)`,
  );
  return left.length === 0
    ? `The verdict weighs all ${ids.length} figures.`
    : `† The verdict's figures are the ${ids.length - left.length} of these ${ids.length} that are published values ` +
        `in their own right; it leaves out ${left.join(' and ')}.`;
}

/** The figures of `ids` the verdict does not weigh: those computed from others, and lower bounds. */
export function leftOut(ids: readonly string[]): Figure[] {
  const weighed = new Set<string>(DISTANCE_FIGURES.map((f) => f.id));
  return ids.flatMap((id) => FIGURES.filter((f) => f.id === id && !weighed.has(id)));
}

/** Audit rows shown before "show all" (audit.csv is ranked, best first). */
const AUDIT_SHOWN = 12;

/** The audit table's columns for the hidden choices: audit.csv's column and the table's heading. */
const CHOICES: readonly [string, string][] = HIDDEN_CHOICES.map((c) => [c.key, c.label]);

const bayesFactor = (logBf: string, se: string): string =>
  logBf === '' ? '–' : fmtBayesFactor(Number(logBf), se === '' ? 0 : Number(se));

/** "exploit", or "exploit +2" for three arms. */
const shortList = (arms: string): string => {
  const all = arms.split(' ').filter((a) => a !== '');
  return all.length <= 1 ? all.join('') : `${all[0]} +${all.length - 1}`;
};

export function auditSection(t: CsvTable, sourceLink: string): string {
  const get = columnOf(t);
  const header = [
    'rank',
    ...CHOICES.map(([, name]) => name),
    'log-likelihood',
    'posterior',
    'Bayes factor, best : this',
    'ess',
    'figures inside (true model)',
    'pattern',
  ];
  const rows = t.rows.map((r) => {
    const log = get(r, 'logLikelihood');
    const likelihood =
      log !== ''
        ? `${fixed(log, 2)} <span class="ci">± ${fixed(get(r, 'logLikelihoodSe'), 2)}</span>`
        : `<span class="ci">– (${escapeHtml(shortList(get(r, 'notEstimated')))})</span>`;
    const pattern = get(r, 'patternShare');
    return [
      escapeHtml(get(r, 'rank') || '–'),
      ...CHOICES.map(([key]) => escapeHtml(get(r, key))),
      likelihood,
      fixed(get(r, 'posterior'), 3),
      bayesFactor(get(r, 'logBayesFactor'), get(r, 'logBayesFactorSe')) +
        (get(r, 'tiedWithBest') === 'true' ? ' (tied)' : ''),
      fixed(get(r, 'exploit.ess'), 0),
      `${escapeHtml(get(r, 'inside'))}/${escapeHtml(get(r, 'total'))} <span ` +
        `class="ci">(${fixed(get(r, 'expectedInside'), 1)})</span>`,
      pattern === '' ? '–' : `${(100 * Number(pattern)).toFixed(1)} %`,
    ];
  });
  const rest =
    rows.length > AUDIT_SHOWN
      ? `<details><summary>all ${rows.length} readings</summary>${table(header, rows)}</details>`
      : '';
  return `<section><h2>Audit of the hidden choices</h2>
<p>Every reading of what the article leaves unsaid, ranked by the joint likelihood of the publication (natural log, ± \
Monte Carlo error), with its posterior under a uniform prior, the Bayes factor of the best reading against it (&gt; \
10⁴ only where its interval clears 10⁴), and whether it is tied with the best within Monte Carlo error. A reading too \
few runs reproduce is not estimated: – and the arm; <em>ess</em> is the effective number of exploitation runs behind \
the estimate. <em>Figures inside</em> counts published figures inside the single-run 95 % range, beside the count a \
true model would show on average. All columns are in <a href="${escapeHtml(sourceLink)}/audit.csv">audit.csv</a>.</p>
${table(header, rows.slice(0, AUDIT_SHOWN))}${rest}</section>`;
}
