/**
 * The audit's tables: its ranking in the terminal, every reading as a tidy CSV row (audit.csv), and the
 * verdict's detail under the ranking. Numbers go to CSV unrounded; the text rounds for reading.
 */
import { ARMS, HIDDEN_CHOICES, type HiddenKey } from '../../sim/reproduction/arms.js';
import type { AuditEntry } from '../../sim/reproduction/audit.js';
import { FIGURES } from '../../sim/reproduction/figures.js';
import {
  BANDWIDTH_SCALES,
  ESS_FLOOR,
  MAIN_SCALE,
  type ArmEstimate,
} from '../../sim/reproduction/likelihood/armEstimate.js';
import { TIE_Z } from '../../sim/reproduction/likelihood/posterior.js';
import { NEIGHBOURS } from '../../sim/reproduction/checks/abcEstimates.js';
import type { LogEstimate } from '../../sim/reproduction/likelihood/reading.js';
import { MARGIN } from '../../sim/reproduction/decision.js';
import { IDENTIFIED, type Verdict } from '../../sim/reproduction/verdict.js';
import { withinThreshold } from '../../sim/reproduction/calibration/confidence.js';
import type { Row } from '../csv/csv.js';
import { describeHidden } from './reproduceTables.js';
import { fmt, renderTable } from './table.js';

/** A log-likelihood with its error. */
export function fmtLog(e: LogEstimate, digits = 2): string {
  return Number.isFinite(e.log) ? `${e.log.toFixed(digits)} ± ${fmt(e.se, digits)}` : '–';
}

/** The Bayes factor of the best reading against this one: "> 10⁴" only when its 95 % interval clears 10⁴. */
export function fmtBayesFactor(logBf: number, se = 0): string {
  if (Number.isNaN(logBf)) return '–';
  if (logBf - TIE_Z * (Number.isFinite(se) ? se : 0) >= MARGIN) return '> 10⁴';
  const bf = Math.exp(logBf);
  if (bf >= 1e4) return bf.toExponential(1);
  return bf < 10 ? bf.toFixed(2) : bf.toFixed(0);
}

const flag = (key: HiddenKey): string => HIDDEN_CHOICES.find((c) => c.key === key)!.flag;
const exploitIndex = ARMS.findIndex((a) => a.id === 'exploit');

/** Why a reading has no estimate: each arm not estimated, with its class count. */
export function notEstimatedText(e: AuditEntry): string {
  return e.likelihood.arms
    .filter((t) => t.estimate.byScale.length === 0)
    .map(({ estimate: a }) =>
      a.status === 'zero'
        ? `${a.arm}: no run reproduces ${a.missing.join(' & ')}`
        : a.status === 'sparse'
          ? `${a.arm}: ${fmt(a.ess, 1)} effective runs (floor ${ESS_FLOOR})`
          : `${a.arm}: ${a.hits} of ${a.n} runs reproduce the discrete figures`,
    )
    .join('; ');
}

export function renderAudit(entries: readonly AuditEntry[], top: number): string {
  const header = [
    'rank',
    ...HIDDEN_CHOICES.map((c) => c.flag),
    'log-likelihood',
    'posterior',
    'BF best:this',
    'tied',
    'exploit ess',
    'inside',
    'pattern',
    'not estimated',
  ];
  const shown = entries.slice(0, top);
  const table = renderTable(
    header,
    shown.map((e) => {
      const main = e.likelihood.byScale[MAIN_SCALE]!;
      return [
        e.rank === null ? '–' : String(e.rank),
        ...HIDDEN_CHOICES.map((c) => e.hidden[c.key]),
        fmtLog(main),
        fmt(e.posterior, 3),
        fmtBayesFactor(e.logBayesFactor, e.logBayesFactorSe),
        e.tiedWithBest ? 'tied' : '',
        fmt(e.likelihood.arms[exploitIndex]?.estimate.ess, 0),
        `${e.inside}/${e.total}`,
        `${fmt(e.patternShare * 100, 1)} %`,
        notEstimatedText(e),
      ];
    }),
  );
  return entries.length > top ? `${table}\n… ${entries.length - top} more in audit.csv` : table;
}

const finiteOr = (x: number | undefined): number | string => (x !== undefined && Number.isFinite(x) ? x : '');
const scaleName = (s: number): string => `×${Number(s.toFixed(3))}`;

function armColumns(a: ArmEstimate): Row {
  const main = a.byScale[MAIN_SCALE];
  return {
    [`${a.arm}.status`]: a.status,
    [`${a.arm}.runs`]: a.status === 'closed form' ? '' : a.n,
    [`${a.arm}.hits`]: a.status === 'closed form' ? '' : a.hits,
    [`${a.arm}.ess`]: a.status === 'closed form' ? '' : finiteOr(a.ess),
    [`${a.arm}.logProbability`]: finiteOr(main?.log),
    [`${a.arm}.logProbabilitySe`]: main === undefined ? '' : Math.sqrt(main.variance),
    [`${a.arm}.logProbabilityBatchSe`]: finiteOr(
      main?.batchVariance === undefined ? NaN : Math.sqrt(main.batchVariance),
    ),
    [`${a.arm}.logDiscreteShare`]: a.status === 'closed form' ? '' : finiteOr(a.discreteLog),
    [`${a.arm}.logDiscreteShareUpper`]: a.status === 'closed form' ? '' : a.discreteUpper,
    [`${a.arm}.missing`]: a.missing.join(' '),
  };
}

/** audit.csv: one row per reading, best first. `randomControl` is the estimator's check, the same in every row. */
export function auditCsvRows(
  entries: readonly AuditEntry[],
  randomControl: { readonly closedForm: number; readonly estimated: number; readonly logSe: number },
): Row[] {
  return entries.map((e) => {
    const row: Row = { rank: e.rank ?? '' };
    for (const c of HIDDEN_CHOICES) row[c.key] = e.hidden[c.key];
    const l = e.likelihood;
    const main = l.byScale[MAIN_SCALE]!;
    Object.assign(row, {
      estimable: l.estimable,
      logLikelihood: finiteOr(main.log),
      logLikelihoodSe: finiteOr(main.se),
      posterior: finiteOr(e.posterior),
      logBayesFactor: finiteOr(e.logBayesFactor),
      logBayesFactorSe: finiteOr(e.logBayesFactorSe),
      tiedWithBest: e.tiedWithBest,
      notEstimated: l.notEstimated.join(' '),
      logDiscreteShare: finiteOr(l.discreteLog),
    });
    BANDWIDTH_SCALES.forEach((s, k) => {
      row[`logLikelihood${scaleName(s)}`] = finiteOr(l.byScale[k]!.log);
      row[`logLikelihoodSe${scaleName(s)}`] = finiteOr(l.byScale[k]!.se);
    });
    Object.assign(row, {
      replicates: e.replicates,
      inside: e.inside,
      total: e.total,
      expectedInside: e.trueModel.expected,
      allInsideProbability: e.trueModel.all,
      patternShare: e.patternShare,
      exploitPatternShare: e.exploitPatternShare,
      fit: e.fit,
    });
    for (const t of l.arms) {
      Object.assign(row, armColumns(t.estimate));
      if (t.estimate.arm === 'random')
        Object.assign(row, {
          'random.probability': randomControl.closedForm,
          'random.estimatedProbability': randomControl.estimated,
          'random.estimatedProbabilityLogSe': finiteOr(randomControl.logSe),
        });
    }
    for (const f of FIGURES) row[`${f.id}.percentile`] = e.placements.get(f.id)?.percentile ?? '';
    for (const f of FIGURES) row[`${f.id}.inside`] = e.placements.get(f.id)?.consistent ?? '';
    return row;
  });
}

const interval = (lo: number, hi: number, digits = 2): string => `[${fmt(lo, digits)}, ${fmt(hi, digits)}]`;

/** Each reading the confidence set examined: its λ against its threshold. */
function confidenceLine(c: NonNullable<Verdict['confidence']>): string {
  const readings = c.examined.map((e) => {
    const sign = withinThreshold(e.lambda, e.threshold) ? '≤' : '>';
    return `${describeHidden(e.hidden)} ${fmt(e.lambda, 2)} ${sign} ${fmt(e.threshold.value, 2)}`;
  });
  return (
    `90 % confidence set (each reading's λ, nats below the best, against its threshold from ${c.publications} ` +
    `publications simulated under it; readings beyond ${fmt(c.span, 1)} nats not examined): ${readings.join('; ')}.`
  );
}

/** An open choice, with how many readings that could compete keep it open where they alone do. */
function openText(v: Verdict, key: HiddenKey): string {
  const n = v.blockedBy[key]?.length ?? 0;
  return v.heldOpen.includes(key)
    ? `${flag(key)} (held open by ${n} reading${n === 1 ? '' : 's'} not estimable that could compete)`
    : flag(key);
}

/** Readings not estimable only for arms whose estimates rest on too few effective runs. */
const sparseCount = (v: Verdict): number =>
  v.notEstimable.filter((e) =>
    e.likelihood.arms.every((t) => t.estimate.byScale.length > 0 || t.estimate.status === 'sparse'),
  ).length;

/** The audit's detail under its table: likelihood, posteriors with intervals and bandwidths, identification, checks. */
export function renderVerdict(v: Verdict): string {
  const b = v.best;
  const main = b.likelihood.byScale[MAIN_SCALE]!;
  const lines = [
    `Best: ${describeHidden(b.hidden)} — log-likelihood ${fmtLog(main)}, posterior ${fmt(b.posterior, 3)} ` +
      `${interval(...v.bestInterval, 3)}; ` +
      `${v.credible.length} reading${v.credible.length === 1 ? '' : 's'} in the 90 % credible set, ` +
      `${v.tied.length - 1} more within Monte Carlo error of the best.`,
    ...(v.confidence === null ? [] : [confidenceLine(v.confidence)]),
    'Posterior of each hidden choice (interval over Monte Carlo error, bandwidths and the bounds of the readings ' +
      'that could compete): ' +
      v.marginals
        .map(
          (m) =>
            `${flag(m.key)} ` +
            `${m.values.map((x) => `${x.value} ${fmt(x.posterior, 2)} ${interval(x.low, x.high)}`).join(' / ')}`,
        )
        .join('; ') +
      '.',
    `Bandwidth ${BANDWIDTH_SCALES.map(scaleName).join(', ')}: ` +
      v.marginals
        .map((m) => {
          const top = m.values.reduce((a, x) => (x.posterior > a.posterior ? x : a));
          return `${flag(m.key)} ${top.value} ${top.byScale.map((p) => fmt(p, 2)).join('/')}`;
        })
        .join('; ') +
      '.',
    `Identified (interval's low end ≥ ${IDENTIFIED} at every bandwidth, no reading that could compete holding ` +
      `another value): ${describeHidden(v.identified) || 'none'}.` +
      (v.open.length > 0 ? ` Open: ${v.open.map((k) => openText(v, k)).join(', ')}.` : ''),
    'Identical runs between readings differing in one choice (over the credible set): ' +
      v.sameRuns.map((s) => `${flag(s.key)} ${fmt((100 * s.identical) / s.runs, 2)} %`).join(', ') +
      (v.unidentifiable.length > 0 ? ` — not identifiable by design: ${v.unidentifiable.map(flag).join(', ')}.` : '.'),
    `Not estimable at ${v.replicates} runs: ${v.notEstimable.length} readings (${sparseCount(v)} of them for ` +
      `fewer than ${ESS_FLOOR} effective runs)` +
      (v.couldCompete.length > 0
        ? `, ${v.couldCompete.length} of which could compete (${v.couldCompete
            .slice(0, 3)
            .map((e) => describeHidden(e.hidden))
            .join('; ')}${v.couldCompete.length > 3 ? ' …' : ''}).`
        : ', none of which could compete.'),
    'Prior sensitivity: ' +
      v.priorSensitivity
        .map(
          (p) =>
            `${p.prior} — best posterior ${fmt(p.bestPosterior, 2)}, identified ` +
            `${describeHidden(p.identified) || 'none'}`,
        )
        .join('; ') +
      '.',
    `The estimator on the simulated random control: ${v.randomControl.estimated.toExponential(3)} (log se ` +
      `${fmt(v.randomControl.logSe, 3)}) ` +
      `against the closed form ${v.randomControl.closedForm.toExponential(3)}: ratio ` +
      `${fmt(v.randomControl.estimated / v.randomControl.closedForm, 3)}.`,
    `Figures inside the single-run 95 % range: ${b.inside}/${b.total}; were the best reading true, ` +
      `${fmt(b.trueModel.expected, 1)} on average and all ${b.total} with probability ${fmt(b.trueModel.all, 2)}.`,
  ];
  const x = v.crossCheck;
  if (x.rows.length > 0)
    lines.push(
      `Cross-checks of the exploitation arm by rejection ABC (from its ${NEIGHBOURS} nearest runs) and by a ` +
        'synthetic likelihood (normal, bootstrap error): ' +
        x.rows
          .slice(0, 4)
          .map(
            (r) =>
              `${describeHidden(r.entry.hidden)}: ABC ${fmtLog(r.abc)}, synthetic ` +
              `${r.synthetic === null ? 'n/a' : fmtLog(r.synthetic)} (main ${fmtLog(r.main)})`,
          )
          .join('; ') +
        `; the tied best ${x.orderAgrees ? 'stay' : 'do not all stay'} above the rest by ABC, ` +
        `${x.syntheticOrderAgrees ? 'stay' : 'do not all stay'} by the synthetic likelihood` +
        (x.testUnit === null
          ? '.'
          : `; test-unit log Bayes factor ${fmtLog(x.testUnit.main)} against ${fmtLog(x.testUnit.abc)} by ABC ` +
            `(${x.testUnit.agree ? 'agree' : 'DISAGREE'}) and ` +
            `${x.testUnit.synthetic === null ? 'n/a' : fmtLog(x.testUnit.synthetic)} by the synthetic likelihood ` +
            `(${x.testUnit.syntheticAgrees ? 'agree' : 'DISAGREE'}) within their 95 % interval.`),
    );
  const c = v.checks;
  if (c !== null) {
    const p = c.predictive;
    const worst = (w: (typeof p.joint)['worst']): string =>
      w === null ? '' : `, most out of line ${w.id} (z = ${fmt(w.z, 2)})`;
    lines.push(
      `Predictive check (Mahalanobis, ${p.joint.figures.length} figures): p = ${fmt(p.joint.pValue, 3)} ` +
        `jointly${worst(p.joint.worst)}; ` +
        `per arm ${p.arms.map((a) => `${a.arm} ${fmt(a.pValue, 3)}`).join(', ')}.`,
      ...p.conditional.map(
        (k) =>
          `Given ${k.given.join(', ')} (${k.runs} runs): p = ` +
          `${fmt(k.distance?.pValue, 3)}${worst(k.distance?.worst ?? null)}; ` +
          k.figures
            .map((f) => `${f.id} ${f.published}: p ${fmt(f.pValue, 3)} (${fmt(100 * f.below, 1)} % of runs below)`)
            .join(', ') +
          '.',
      ),
      `Most extreme figure: ${c.extremeness.most.id} (two-sided tail ${fmt(c.extremeness.most.tail, 3)}); ` +
        `${fmt(100 * c.mostExtreme.value, 1)} ± ${fmt(100 * c.mostExtreme.se, 1)} % of ${c.publications} simulated ` +
        `publications have one as extreme among their ${c.extremeness.figures}.`,
      `Story: ${fmt(100 * c.storyErrors.article.value, 2)} ± ${fmt(100 * c.storyErrors.article.se, 2)} % of ` +
        `simulated publications tell the article's; a publication's own story is told by a median ` +
        `${fmt(100 * c.storyErrors.medianOwn.value, 2)} ± ${fmt(100 * c.storyErrors.medianOwn.se, 2)} %, and ` +
        `${fmt(100 * c.storyErrors.asRare.value, 1)} ± ${fmt(100 * c.storyErrors.asRare.se, 1)} % of publications ` +
        'tell one as rare.',
      `Surprise (min-p over ${c.surprise.checks} checks, ${c.surprise.publications} simulated publications): the ` +
        `smallest p-value, ${c.surprise.smallest.what} ${fmt(c.surprise.smallest.pValue, 4)}, corrected to ` +
        `${fmt(c.surprise.pValue, 4)} ± ${fmt(c.surprise.se, 4)}` +
        (c.surprise.culprit === null
          ? ''
          : `; without ${c.surprise.culprit.id} that check gives ${fmt(c.surprise.culprit.without, 3)} ` +
            `(${fmt(100 * c.surprise.culprit.tail, 1)} % of its runs as far out)`) +
        '.',
    );
  }
  return lines.join('\n');
}
