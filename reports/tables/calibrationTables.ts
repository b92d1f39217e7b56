/** The calibration's table: per true reading, how the audit's decision fared on its simulated publications. */
import { HIDDEN_CHOICES } from '../../sim/reproduction/arms.js';
import {
  COVERAGE_GOAL,
  meetsGoals,
  WRONG_GOAL,
  type Calibration,
} from '../../sim/reproduction/calibration/calibrate.js';
import { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
import type { Row } from '../csv/csv.js';
import { fmt, renderTable } from './table.js';

/** The truth as its changes to the code's defaults ("defaults" for none). */
function truthName(h: Calibration['truths'][number]['hidden']): string {
  const changed = HIDDEN_CHOICES.filter((c) => h[c.key] !== PUBLISHED_AGENT[c.key]).map(
    (c) => `--${c.flag} ${h[c.key]}`,
  );
  return changed.length === 0 ? "the code's defaults" : changed.join(' ');
}

const pct = (x: number): string => `${fmt(100 * x, 1)} %`;

/** The standard error of a coverage near 0.9 with a fresh threshold (both samples' binomial error). */
const freshSe = (c: Calibration): number =>
  Math.sqrt(0.09 * (1 / (c.truths[0]?.publications ?? 1) + 1 / Math.max(1, c.thresholdPublications)));

/** Power: the choices identified at the truth's value in some publication, with how often. */
const power = (t: Calibration['truths'][number]): string =>
  HIDDEN_CHOICES.filter((k) => (t.identified[k.key] ?? 0) > 0)
    .map((k) => `${k.flag} ${fmt(100 * t.identified[k.key]!, 0)} %`)
    .join(', ') || 'none';

export function renderCalibration(c: Calibration): string {
  const header = [
    'true reading',
    'publications',
    'wrong identifications',
    'identified at the truth (power)',
    '90 % confidence set covers',
    'randomized',
    'threshold (nats)',
    '90 % credible set covers',
    'truth estimable',
    'refined',
    'goals',
  ];
  const table = renderTable(
    header,
    c.truths.map((t) => [
      truthName(t.hidden),
      String(t.publications),
      pct(t.wrongIdentifications),
      power(t),
      pct(t.confidenceCoverage90),
      pct(t.randomizedCoverage90),
      fmt(t.threshold, 2),
      pct(t.credibleCoverage90),
      pct(t.truthEstimable),
      pct(t.refined),
      meetsGoals(t) ? 'met' : 'MISSED',
    ]),
  );
  return (
    `${table}\nEach truth's publications judged in ${c.banks} batches, each on a bank of its own (${c.replicates} ` +
    `runs per arm and reading, refined as the article's), by the article's decision with its cross-check. ` +
    `Goals: wrong identifications ≤ ${pct(WRONG_GOAL)}; the printed 90 % confidence set (each truth against its ` +
    `threshold from ${c.thresholdPublications} fresh publications judged on the audit's bank) covering the truth ` +
    `in at least ${pct(COVERAGE_GOAL[0])} of publications, and the randomized set, whose level is exact, in ` +
    `${pct(COVERAGE_GOAL[0])}–${pct(COVERAGE_GOAL[1])} (se about ${pct(freshSe(c))}).`
  );
}

export function calibrationCsvRows(c: Calibration): Row[] {
  return c.truths.map((t) => {
    const row: Row = {};
    for (const k of HIDDEN_CHOICES) row[k.key] = t.hidden[k.key];
    Object.assign(row, {
      publications: t.publications,
      banks: c.banks,
      wrongIdentifications: t.wrongIdentifications,
      confidenceCoverage90: t.confidenceCoverage90,
      randomizedCoverage90: t.randomizedCoverage90,
      threshold: t.threshold,
      credibleCoverage90: t.credibleCoverage90,
      meetsGoals: meetsGoals(t),
      truthEstimable: t.truthEstimable,
      refined: t.refined,
      vetoed: t.vetoed,
    });
    for (const k of HIDDEN_CHOICES) row[`identified.${k.key}`] = t.identified[k.key] ?? 0;
    return row;
  });
}
