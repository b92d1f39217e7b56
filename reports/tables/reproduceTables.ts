/**
 * The reproduction's tables — figures, paired differences, audit — as terminal text and as tidy CSV rows.
 * Numbers go to CSV unrounded; the text rounds for reading.
 */
import { HIDDEN_CHOICES, type HiddenChoices } from '../../sim/reproduction/arms.js';
import type { AuditEntry } from '../../sim/reproduction/audit.js';
import { FIGURES, figureWords } from '../../sim/reproduction/figures.js';
import type { PairedDifference } from '../../sim/reproduction/paired.js';
import type { FigureRow } from '../../sim/reproduction/reproduction.js';
import { IDENTIFIED, type Verdict } from '../../sim/reproduction/verdict.js';
import type { LogEstimate } from '../../sim/reproduction/likelihood/reading.js';
import type { Row } from '../csv/csv.js';
import { fmt, fmtInterval, renderTable, withoutColumns } from './table.js';

const published = (r: FigureRow): string => (r.figure.claim === 'atLeast' ? '≥ ' : '') + String(r.figure.published);

/**
 * The rows in words, grouped under their arm (in the order the arms first appear): a heading row per arm,
 * then each of its figures by its measure, indented. The ids are in --json and table.csv.
 */
function inWords(rows: readonly FigureRow[], cells: (r: FigureRow) => string[]): string[][] {
  const arms = [...new Set(rows.map((r) => figureWords(r.figure.what).arm))];
  return arms.flatMap((arm) => [
    [arm],
    ...rows
      .filter((r) => figureWords(r.figure.what).arm === arm)
      .map((r) => [`  ${figureWords(r.figure.what).measure}`, ...cells(r)]),
  ]);
}

/** The columns that compare with the article: left out in another world, which has no published figures. */
const PUBLISHED_COLUMNS = ['published', 'pctile', 'inside'];

/**
 * The figure table: published beside simulated, with the single-run comparison; in another world
 * (`published` false) the simulated figures and the exact values alone.
 */
export function renderFigureTable(rows: readonly FigureRow[], single: boolean, withPublished = true): string {
  const drop = withPublished ? [] : PUBLISHED_COLUMNS;
  if (single) {
    const header = ['figure', 'published', 'this run', 'exact mean'];
    return withoutColumns(
      header,
      inWords(rows, (r) => [
        published(r),
        fmt(r.mean, r.figure.count ? 0 : r.figure.digits),
        r.analytic === null ? '' : r.analytic.value.toFixed(3),
      ]),
      drop,
    );
  }
  const header = ['figure', 'published', 'mean', '95% CI', 'exact', 'single runs 95%', 'pctile', 'inside'];
  return withoutColumns(
    header,
    inWords(rows, (r) => [
      published(r),
      fmt(r.mean, r.figure.digits),
      fmtInterval(r.ci95, r.figure.digits),
      r.analytic === null ? '' : r.analytic.value.toFixed(3),
      fmtInterval(r.singleRun95, r.figure.digits),
      r.placement === null ? '–' : r.placement.percentile.toFixed(1),
      r.placement === null ? '–' : r.placement.consistent ? 'yes' : 'NO',
    ]),
    drop,
  );
}

export function figureCsvRows(rows: readonly FigureRow[]): Row[] {
  return rows.map((r) => ({
    id: r.figure.id,
    arm: r.figure.arm,
    what: r.figure.what,
    published: r.figure.published,
    claim: r.figure.claim,
    n: r.n,
    mean: r.mean,
    se: Number.isNaN(r.se) ? '' : r.se,
    ci95Low: r.ci95?.[0] ?? '',
    ci95High: r.ci95?.[1] ?? '',
    analytic: r.analytic?.value ?? '',
    analyticExact: r.analytic?.exact ?? '',
    singleRun95Low: r.singleRun95?.[0] ?? '',
    singleRun95High: r.singleRun95?.[1] ?? '',
    singleRunPercentile: r.placement?.percentile ?? '',
    consistent: r.placement === null ? '' : r.placement.consistent,
  }));
}

export function renderPaired(diffs: readonly PairedDifference[]): string {
  const header = ['difference (attempts)', 'round', 'mean', '95% CI (paired)', 'se paired', 'se unpaired'];
  return renderTable(
    header,
    diffs.map((d) => [
      `${d.minuend} − ${d.subtrahend}`,
      d.final ? `${d.round} (final)` : String(d.round),
      fmt(d.mean, 3),
      fmtInterval(d.ci95, 3),
      fmt(d.se, 3),
      fmt(d.unpairedSe, 3),
    ]),
  );
}

export function pairedCsvRows(diffs: readonly PairedDifference[]): Row[] {
  return diffs.map((d) => ({
    id: d.id,
    minuend: d.minuend,
    subtrahend: d.subtrahend,
    round: d.round,
    final: d.final,
    mean: d.mean,
    se: Number.isNaN(d.se) ? '' : d.se,
    ci95Low: d.ci95?.[0] ?? '',
    ci95High: d.ci95?.[1] ?? '',
    unpairedSe: Number.isNaN(d.unpairedSe) ? '' : d.unpairedSe,
  }));
}

export const describeHidden = (h: Partial<HiddenChoices>): string =>
  HIDDEN_CHOICES.filter((c) => h[c.key] !== undefined)
    .map((c) => `--${c.flag} ${h[c.key]}`)
    .join(' ');

/** A log-likelihood with its error, or the bound when it is too rare to estimate. */
export function fmtLog(e: LogEstimate, digits = 2): string {
  if (Number.isFinite(e.log)) return `${e.log.toFixed(digits)} ± ${fmt(e.se, digits)}`;
  return e.upper === null ? '–' : `< ${e.upper.toFixed(digits)}`;
}

/** The Bayes factor of the best reading against this one. */
export function fmtBayesFactor(logBf: number): string {
  if (Number.isNaN(logBf)) return '–';
  const bf = Math.exp(logBf);
  if (!Number.isFinite(bf) || bf >= 1e4) return '> 10⁴';
  return bf < 10 ? bf.toFixed(2) : bf.toFixed(0);
}

/** Figures outside the single-run range, at most three named (audit.csv has every percentile). */
function outsideList(e: AuditEntry): string {
  const outside = FIGURES.filter((f) => e.placements.get(f.id)?.consistent !== true).map(
    (f) => `${f.id} (${fmt(e.placements.get(f.id)?.percentile, 1)})`,
  );
  return outside.length <= 3 ? outside.join(', ') : `${outside.slice(0, 3).join(', ')} +${outside.length - 3} more`;
}

export function renderAudit(entries: readonly AuditEntry[], top: number): string {
  const header = [
    'rank',
    ...HIDDEN_CHOICES.map((c) => c.flag),
    'log-likelihood',
    'posterior',
    'BF best:this',
    'tied',
    'exact (unsmoothed)',
    'inside',
    'pattern',
    'runs',
    'figures outside (percentile)',
  ];
  const shown = entries.slice(0, top);
  const table = renderTable(
    header,
    shown.map((e) => [
      String(e.rank),
      ...HIDDEN_CHOICES.map((c) => e.hidden[c.key]),
      fmtLog(e.likelihood.joint),
      fmt(e.posterior, 3),
      fmtBayesFactor(e.logBayesFactor),
      e.tiedWithBest ? 'tied' : '',
      fmtLog(e.likelihood.exact),
      `${e.inside}/${e.total}`,
      `${fmt(e.patternShare * 100, 1)} %`,
      String(e.replicates),
      outsideList(e),
    ]),
  );
  return entries.length > top ? `${table}\n… ${entries.length - top} more in audit.csv` : table;
}

const finiteOr = (x: number): number | string => (Number.isFinite(x) ? x : '');

export function auditCsvRows(entries: readonly AuditEntry[]): Row[] {
  return entries.map((e) => {
    const row: Row = { rank: e.rank };
    for (const c of HIDDEN_CHOICES) row[c.key] = e.hidden[c.key];
    const { joint, exact, smoothed } = e.likelihood;
    Object.assign(row, {
      logLikelihood: finiteOr(joint.log),
      logLikelihoodSe: finiteOr(joint.se),
      logLikelihoodUpper: joint.upper ?? '',
      posterior: finiteOr(e.posterior),
      logBayesFactor: finiteOr(e.logBayesFactor),
      logBayesFactorSe: finiteOr(e.logBayesFactorSe),
      tiedWithBest: e.tiedWithBest,
      exactLogLikelihood: finiteOr(exact.log),
      exactLogLikelihoodSe: finiteOr(exact.se),
      exactLogLikelihoodUpper: exact.upper ?? '',
      smoothedLogLikelihood: finiteOr(smoothed.log),
      smoothedLogLikelihoodSe: finiteOr(smoothed.se),
      smoothedLogLikelihoodUpper: smoothed.upper ?? '',
      tooRare: e.likelihood.tooRare.join(' '),
      replicates: e.replicates,
      inside: e.inside,
      total: e.total,
      expectedInside: e.trueModel.expected,
      allInsideProbability: e.trueModel.all,
      patternShare: e.patternShare,
      exploitPatternShare: e.exploitPatternShare,
      fit: e.fit,
    });
    for (const t of e.likelihood.arms) {
      const a = t.estimate;
      Object.assign(row, {
        [`${a.arm}.basis`]: t.basis,
        [`${a.arm}.hits`]: a.exactWeights === null ? '' : a.hits,
        [`${a.arm}.probability`]: a.exact.p,
        [`${a.arm}.probabilitySe`]: a.exact.se,
        [`${a.arm}.probabilityUpper`]: a.exact.upper ?? '',
        [`${a.arm}.smoothedProbability`]: a.smoothed.p,
        [`${a.arm}.smoothedProbabilitySe`]: a.smoothed.se,
      });
    }
    for (const f of FIGURES) row[`${f.id}.percentile`] = e.placements.get(f.id)?.percentile ?? '';
    for (const f of FIGURES) row[`${f.id}.inside`] = e.placements.get(f.id)?.consistent ?? '';
    return row;
  });
}

/** The arms whose likelihood is kernel-smoothed in the best reading (too rare to count). */
function smoothedArms(v: Verdict): string[] {
  return v.best.likelihood.arms.filter((t) => t.basis === 'smoothed').map((t) => t.estimate.arm);
}

/**
 * The audit's detail under its table: the best reading's likelihood, each choice's posterior, the predictive check,
 * figures inside.
 */
export function renderVerdict(v: Verdict): string {
  const b = v.best;
  const smoothed = smoothedArms(v);
  const lines = [
    `Best: ${describeHidden(b.hidden)} — log-likelihood ${fmtLog(b.likelihood.joint)}` +
      (smoothed.length > 0 ? ` (kernel-smoothed for ${smoothed.join(', ')}: too rare to count)` : '') +
      `, posterior ${fmt(b.posterior, 3)}; ` +
      (v.tied.length > 1
        ? `${v.tied.length - 1} more within Monte Carlo error of it.`
        : 'no other reading within Monte Carlo error of it.'),
    'Posterior of each hidden choice: ' +
      v.marginals
        .map(
          (m) =>
            `${HIDDEN_CHOICES.find((c) => c.key === m.key)!.flag} ` +
            `${m.values.map((x) => `${x.value} ${fmt(x.posterior, 2)}`).join(' / ')}`,
        )
        .join('; ') +
      '.',
    `Identified by the figures (posterior ≥ ${IDENTIFIED}): ${describeHidden(v.identified) || 'none'}.` +
      (v.open.length > 0
        ? ` Open: ${v.open.map((k) => HIDDEN_CHOICES.find((c) => c.key === k)!.flag).join(', ')}.`
        : ''),
    `Figures inside the single-run 95 % range: ${b.inside}/${b.total}; were the best reading true, ` +
      `${fmt(b.trueModel.expected, 1)} on average and all ${b.total} with probability ${fmt(b.trueModel.all, 2)}.`,
  ];
  if (v.check !== null) {
    const c = v.check;
    const top = c.contributions
      .slice(0, 3)
      .map((x) => `${x.id} (z = ${fmt(x.z, 2)}, ${fmt(x.share * 100, 0)} %)`)
      .join(', ');
    lines.push(
      `Predictive check: the article's distance (sum of squared z-scores over ${c.figures} figures) is ` +
        `${fmt(c.distance, 2)}, ` +
        `the median simulated publication's ${fmt(c.medianDistance, 2)}; ${fmt(c.pValue * 100, 1)} % of ` +
        `${c.replicates} simulated publications are farther. Largest parts: ${top}.`,
    );
  }
  return lines.join('\n');
}
