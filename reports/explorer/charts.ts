/**
 * The explorer's run view drawn with the report's code: the learning curves of hexa report (learningCurveSpec,
 * its bootstrap bands and exact reference lines), the anchors hexa run prints (runAnchors) with the openers'
 * exact values beside them, and — with a second arm — the paired difference per round with its interval.
 */
import { openerAnchor } from '../../sim/limits/openerAnchor.js';
import type { ExactValue } from '../../sim/core/analytics.js';
import { learningCurveSpec } from '../charts/learning.js';
import { REFERENCE_STROKE } from '../charts/conventions.js';
import { CONFIG, type ChartSpec, paletteFor, SCHEMA, type Palette } from '../charts/theme.js';
import { referenceLines, runAnchors } from '../references.js';
import { summarize, type Summary } from '../summary.js';
import { runResultData, type ArmRuns } from './runData.js';

/** Bootstrap resamples of the page's bands: the report's seed, fewer draws so a chunk redraws at once. */
export const PAGE_RESAMPLES = 1000;

/** An exact value the run is read against, in words. */
export interface Anchor {
  readonly what: string;
  readonly value: ExactValue;
}

/** What the run view draws for its arms so far. */
export interface RunCharts {
  readonly replicates: number;
  readonly summary: Summary;
  readonly palette: Palette;
  readonly learning: ChartSpec;
  /** The paired difference A − B per round, with a second arm. */
  readonly difference: ChartSpec | null;
  readonly anchors: readonly Anchor[];
}

/**
 * An arm named by the flags that set it apart (`B: --cadence task --window all`), the protocol's left out (both
 * arms share it); an arm of defaults is the published agent.
 */
export function armLabel(prefix: string, flags: readonly string[]): string {
  return `${prefix}: ${flags.length === 0 ? 'the published agent' : flags.join(' ')}`;
}

/**
 * The exact anchors of the first arm: what hexa run prints (uniform guessing with 0 … top-k positions fixed, or
 * its opener), and the two openers that use in-task feedback on a binary lock — the bounds no library reaches.
 */
export function anchorsOf(arms: readonly ArmRuns[]): Anchor[] {
  const first = arms[0];
  if (first === undefined) return [];
  const data = runResultData([first]);
  const out: Anchor[] = runAnchors(data).map((a) => ({ what: a.what, value: a.value }));
  const bits = first.config.envParams.bits;
  if (first.config.env.startsWith('lock') && typeof bits === 'number')
    for (const actor of ['consistent', 'optimal'] as const) {
      const value = openerAnchor(actor, bits, first.config.cap);
      if (value !== null && !out.some((a) => a.what === `the ${actor} opener`))
        out.push({ what: `the ${actor} opener (in-task feedback, no library)`, value });
    }
  return out;
}

/** The paired difference per round (bootstrap interval), with the zero line: below it, A needs fewer attempts. */
function differenceSpec(summary: Summary, labels: readonly string[]): ChartSpec | null {
  if (summary.paired.length === 0) return null;
  const values = summary.paired.map((p) => ({
    round: p.round,
    mean: p.difference.estimate,
    lo: p.difference.ci95?.[0] ?? p.difference.estimate,
    hi: p.difference.ci95?.[1] ?? p.difference.estimate,
  }));
  const x = { field: 'round', type: 'quantitative', title: 'Round', axis: { tickMinStep: 1, format: 'd' } };
  return {
    $schema: SCHEMA,
    title: {
      text: 'A − B: paired difference in mean attempts',
      subtitle: [
        `Replicate by replicate (${labels[0]} minus ${labels[1]}), same random numbers;`,
        'bars: 95 % bootstrap intervals. Below zero: A needs fewer attempts.',
      ],
    },
    width: 620,
    height: 220,
    config: CONFIG,
    data: { values },
    layer: [
      { mark: { type: 'rule', ...REFERENCE_STROKE }, encoding: { y: { datum: 0 } } },
      {
        mark: { type: 'rule', strokeWidth: 2, color: '#000000' },
        encoding: { x, y: { field: 'lo', type: 'quantitative', title: 'Difference (attempts)' }, y2: { field: 'hi' } },
      },
      {
        mark: { type: 'point', filled: true, size: 60, color: '#000000' },
        encoding: {
          x,
          y: { field: 'mean', type: 'quantitative' },
          tooltip: [
            { field: 'round', title: 'Round' },
            { field: 'mean', title: 'A − B', format: '.3f' },
            { field: 'lo', title: 'from', format: '.3f' },
            { field: 'hi', title: 'to', format: '.3f' },
          ],
        },
      },
    ],
  };
}

/** The charts of the run view for these arms (one, or A and B), over the replicates they share so far. */
export function runCharts(arms: readonly ArmRuns[], labels: readonly string[]): RunCharts {
  const data = runResultData(arms);
  const summary = summarize(data, { seed: 1, resamples: PAGE_RESAMPLES });
  const palette = paletteFor(
    arms.map((a) => a.id),
    Object.fromEntries(arms.map((a, i) => [a.id, labels[i] ?? a.id])),
  );
  return {
    replicates: data.groups[0]?.replicates.length ?? 0,
    summary,
    palette,
    learning: learningCurveSpec(summary.groups, palette, referenceLines(data)),
    difference: arms.length > 1 ? differenceSpec(summary, labels) : null,
    anchors: anchorsOf(arms),
  };
}
