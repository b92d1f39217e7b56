/**
 * The explorer's reproduce view: the published table's figures (hexa reproduce's own definitions,
 * sim/reproduction/figures.ts) beside the single simulated runs of each arm under the hidden choices chosen —
 * their mean, their central 95 %, the published value's percentile among them and whether it lies inside — and the
 * report's chart of those distributions. The arms are given as the flags that make them, so the page's workers
 * run them as `hexa run` would (a test holds them to the audit's `armConfig`).
 */
import type { RoundMetrics } from '../../sim/core/metrics.js';
import { centralRange, place } from '../../sim/core/percentile.js';
import { mean } from '../../sim/core/stats.js';
import type { ArmId } from '../../sim/reproduction/arms.js';
import { FIGURES } from '../../sim/reproduction/figures.js';
import { distributionSpec } from '../charts/distribution.js';
import type { ChartSpec } from '../charts/theme.js';
import type { FigureSample } from '../figures.js';

/** Each published arm as the flags that differ from the published agent (routing is fixed per arm). */
export const ARM_FLAGS: Readonly<Record<ArmId, Readonly<Record<string, string>>>> = {
  random: { library: 'false' },
  exploit: {},
  explore: { explore: '0.2', routing: 'shared' },
  separate: { explore: '0.2', routing: 'separate' },
  threshold90: { threshold: '0.9' },
  threshold75: { threshold: '0.75' },
};

/** One row of the table: a published figure beside its single simulated runs. */
export interface FigureRow {
  readonly id: string;
  readonly what: string;
  readonly published: number;
  readonly atLeast: boolean;
  readonly runs: number;
  readonly mean: number;
  /** The central 95 % of single runs. */
  readonly range: readonly [number, number] | null;
  /** The published value's mid-rank percentile among them, and whether it is inside their central 95 %. */
  readonly percentile: number | null;
  readonly inside: boolean | null;
  readonly digits: number;
}

/** The table and the distributions' chart, from each arm's replicates so far. */
export function reproduceFigures(runs: ReadonlyMap<ArmId, readonly (readonly RoundMetrics[])[]>): {
  rows: FigureRow[];
  chart: ChartSpec | null;
} {
  const rows: FigureRow[] = [];
  const samples: FigureSample[] = [];
  for (const figure of FIGURES) {
    const reps = runs.get(figure.arm);
    if (reps === undefined || reps.length === 0) continue;
    const all = Float64Array.from(reps, (rounds) => figure.value(rounds));
    const values = all.filter(Number.isFinite);
    const placed = place(values, figure.published, figure.claim);
    rows.push({
      id: figure.id,
      what: figure.what,
      published: figure.published,
      atLeast: figure.claim === 'atLeast',
      runs: values.length,
      mean: values.length > 0 ? mean(values) : NaN,
      range: centralRange(values),
      percentile: placed?.percentile ?? null,
      inside: placed?.consistent ?? null,
      digits: figure.digits,
    });
    samples.push({
      id: figure.id,
      what: figure.what,
      arm: figure.arm,
      published: figure.published,
      claim: figure.claim,
      discrete: figure.count,
      values,
      undefinedRuns: all.length - values.length,
    });
  }
  return { rows, chart: samples.length > 0 ? distributionSpec(samples) : null };
}
