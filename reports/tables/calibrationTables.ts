/** The calibration's table: per true reading, how the audit's decision fared on its simulated publications. */
import { HIDDEN_CHOICES } from '../../sim/reproduction/arms.js';
import {
  COVERAGE_GOAL,
  meetsGoals,
  WRONG_GOAL,
  type Calibration,
} from '../../sim/reproduction/calibration/calibrate.js';
import { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
import { THRESHOLD_PUBLICATIONS } from '../../sim/reproduction/calibration/confidence.js';
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
  Math.sqrt(0.09 * (1 / (c.truths[0]?.publications ?? 1) + 1 / THRESHOLD_PUBLICATIONS));

export function renderCalibration(c: Calibration): string {
  const header = [
    'true reading',
    'publications',
    'wrong identifications',
    '90 % confidence set covers',
    'with a fresh threshold',
    'its threshold (nats)',
    '90 % credible set covers',
    'goals',
    'identified (share of publications)',
  ];
  const table = renderTable(
    header,
    c.truths.map((t) => [
      truthName(t.hidden),
      String(t.publications),
      pct(t.wrongIdentifications),
      pct(t.coverage90),
      t.freshCoverage90 === null ? '–' : pct(t.freshCoverage90),
      fmt(t.threshold, 2),
      pct(t.credibleCoverage90),
      meetsGoals(t) ? 'met' : 'MISSED',
      HIDDEN_CHOICES.filter((k) => (t.identified[k.key] ?? 0) > 0)
        .map((k) => `${k.flag} ${fmt(100 * t.identified[k.key]!, 0)} %`)
        .join(', '),
    ]),
  );
  return (
    `${table}\nGoals: wrong identifications ≤ ${pct(WRONG_GOAL)}, the 90 % confidence set covering the truth in ` +
    `${pct(COVERAGE_GOAL[0])}–${pct(COVERAGE_GOAL[1])} of publications, each judged against the truth's ` +
    `threshold from the others (with a fresh threshold: from ${THRESHOLD_PUBLICATIONS} publications of ` +
    `its own, as the article's set takes them; se about ${pct(freshSe(c))}) (bank: ${c.replicates} runs ` +
    `per arm and reading).`
  );
}

export function calibrationCsvRows(c: Calibration): Row[] {
  return c.truths.map((t) => {
    const row: Row = {};
    for (const k of HIDDEN_CHOICES) row[k.key] = t.hidden[k.key];
    Object.assign(row, {
      publications: t.publications,
      wrongIdentifications: t.wrongIdentifications,
      coverage90: t.coverage90,
      freshCoverage90: t.freshCoverage90,
      threshold: t.threshold,
      credibleCoverage90: t.credibleCoverage90,
      meetsGoals: meetsGoals(t),
      truthEstimable: t.truthEstimable,
    });
    for (const k of HIDDEN_CHOICES) row[`identified.${k.key}`] = t.identified[k.key] ?? 0;
    return row;
  });
}
