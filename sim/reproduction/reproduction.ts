/**
 * The published benchmark reproduced: every arm under one set of hidden choices, each published figure's
 * single-run distribution, its mean with a 95 % interval, the exact value where one applies, and where the
 * published (single-run) value falls among single runs.
 */
import { uniformGuessing, type ExactValue } from '../core/analytics.js';
import { spaceSize } from '../limits/anchors.js';
import {
  ARMS,
  armConfig,
  PUBLISHED_WORLD,
  type Arm,
  type ArmId,
  type BenchmarkWorld,
  type HiddenChoices,
} from './arms.js';
import { PUBLISHED_RUN, type Run } from '../experiment/config.js';
import { runExperiment } from '../experiment/experiment.js';
import { FIGURES, figuresOf, type Figure, type FigureId } from './figures.js';
import type { RoundMetrics } from '../core/metrics.js';
import { place, centralRange, type Placement } from '../core/percentile.js';
import { meanInterval, type Interval } from '../core/stats.js';
import type { FigureValues } from './pattern.js';

export interface ArmResult {
  readonly arm: Arm;
  readonly config: Run;
  /** [replicate][round] */
  readonly replicates: RoundMetrics[][];
}

/** Run one arm's replicates. */
export function runArm(
  arm: Arm,
  hidden: HiddenChoices,
  seed: number,
  replicates: number,
  world: BenchmarkWorld = PUBLISHED_WORLD,
): ArmResult {
  const config = armConfig(arm, hidden, seed, replicates, world);
  return { arm, config, replicates: runExperiment(config).replicates };
}

export function runArms(
  hidden: HiddenChoices,
  seed: number,
  replicates: number,
  world: BenchmarkWorld = PUBLISHED_WORLD,
): ArmResult[] {
  return ARMS.map((arm) => runArm(arm, hidden, seed, replicates, world));
}

/** One arm's figures, per replicate. */
export function armFigureValues(
  armId: ArmId,
  replicates: readonly (readonly RoundMetrics[])[],
): Map<FigureId, Float64Array> {
  return collectFigureValues(armId, replicates.length, (r) => replicates[r]!);
}

/**
 * One arm's figures, a column each, filled replicate by replicate (`put`, in any order): a replicate that
 * stopped before `rounds` rounds (see `ReplicateOptions.keepGoing`) gives NaN for every figure.
 */
export class FigureColumns {
  private readonly figures: readonly Figure[];
  private readonly columns: Float64Array[];

  constructor(
    armId: ArmId,
    count: number,
    private readonly rounds = 0,
  ) {
    this.figures = figuresOf(armId);
    this.columns = this.figures.map(() => new Float64Array(count));
  }

  put(replicate: number, played: readonly RoundMetrics[]): void {
    const stopped = played.length < this.rounds;
    for (let i = 0; i < this.figures.length; i++)
      this.columns[i]![replicate] = stopped ? NaN : this.figures[i]!.value(played);
  }

  byFigure(): Map<FigureId, Float64Array> {
    return new Map(this.figures.map((f, i) => [f.id, this.columns[i]!]));
  }
}

/**
 * One arm's figures for `count` replicates, replicate r's rounds from `roundsOf(r)` (asked once each, in order):
 * rounds made on demand need not outlive their replicate.
 */
export function collectFigureValues(
  armId: ArmId,
  count: number,
  roundsOf: (replicate: number) => readonly RoundMetrics[],
  rounds = 0,
): Map<FigureId, Float64Array> {
  const columns = new FigureColumns(armId, count, rounds);
  for (let r = 0; r < count; r++) columns.put(r, roundsOf(r));
  return columns.byFigure();
}

export function figureValues(results: readonly ArmResult[]): Map<FigureId, Float64Array> {
  const out = new Map<FigureId, Float64Array>();
  for (const r of results) for (const [id, v] of armFigureValues(r.arm.id, r.replicates)) out.set(id, v);
  return out;
}

export interface FigureRow {
  readonly figure: Figure;
  /** Replicates where the figure is defined. */
  readonly n: number;
  readonly mean: number;
  readonly se: number;
  readonly ci95: Interval | null;
  /** The exact expectation, where one applies. */
  readonly analytic: ExactValue | null;
  /** Where the published value falls among single runs; null with fewer than two runs. */
  readonly placement: Placement | null;
  /** The central 95 % of single runs; null with fewer than two runs. */
  readonly singleRun95: Interval | null;
}

/**
 * The uniform-guessing expectation of the published protocol (16 codes, cap 20): 11.599…, exactly; or of another space.
 */
export function uniformGuessingValue(
  codes: { readonly positions: number; readonly arity: number } = {
    positions: Number(PUBLISHED_RUN.envParams.bits),
    arity: 2,
  },
): ExactValue {
  const space = spaceSize(codes.positions, codes.arity);
  return uniformGuessing({ space, pool: space, explore: 0, cap: PUBLISHED_RUN.cap }).expectedAttempts;
}

/** The exact value of each figure where one applies under these hidden choices. */
export function analyticFor(figure: Figure, hidden: HiddenChoices, uniform: ExactValue): ExactValue | null {
  if (figure.uniformGuessing === 'always') return uniform;
  if (figure.uniformGuessing === 'roundCadence' && hidden.cadence === 'round') return uniform;
  return null;
}

/** Summarise every figure. `uniform` is the exact uniform-guessing value (see `uniformGuessingValue`). */
export function figureRows(values: FigureValues, hidden: HiddenChoices, uniform: ExactValue | null): FigureRow[] {
  return FIGURES.map((figure) => {
    const all = values.get(figure.id)!;
    const defined = all.filter((v) => !Number.isNaN(v));
    const { mean, se, ci95 } = meanInterval(defined);
    const several = defined.length >= 2;
    return {
      figure,
      n: defined.length,
      mean,
      se,
      ci95,
      analytic: uniform === null ? null : analyticFor(figure, hidden, uniform),
      placement: several ? place(defined, figure.published, figure.claim) : null,
      singleRun95: several ? centralRange(defined) : null,
    };
  });
}
