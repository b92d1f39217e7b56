/**
 * What estimates of one class share, whatever the bandwidth and the targets: the class runs' continuous values
 * in order, their Gaussian copula, and the same for each of BATCHES batches of the runs (for the batches' error),
 * made once and kept where calibration judges many publications against one class.
 */
import type { ArmId } from '../../arms.js';
import type { FigureId } from '../../figures.js';
import type { FigureValues } from '../../pattern.js';
import { fitCopula, type CopulaFit } from '../copula.js';
import {
  column,
  ordered,
  orderedMembers,
  type Column,
  type Ordered,
  type Ranks,
  type MarginalEstimate,
} from '../marginal.js';
import { continuousFigures } from './armClass.js';

/** Runs of the class below which the continuous figures are not estimated from them. */
export const MIN_CLASS_RUNS = 20;
/** Independent batches of the runs whose spread is the error's second estimate. */
export const BATCHES = 5;

/** What estimates of one class share, whatever the bandwidth and the continuous targets: its runs and copula. */
export interface ClassFit {
  readonly hits: Int32Array;
  /** Per continuous figure, the class runs' values. */
  readonly columns: ReadonlyMap<FigureId, Column>;
  readonly copula: CopulaFit | null;
  /** The class within each batch (made at first use; see `batchFits`). */
  batches?: readonly ClassFit[];
  /**
   * A batch's marginal estimates by figure, window and bandwidth (see `EstimateOptions.marginals`), made as
   * publications read them: the batches' errors are read for every publication the class serves.
   */
  marginals?: MarginalCache;
  /** Per continuous figure, the ranks of the class's runs (undefined where not ranked): its batches count from them. */
  readonly ranks?: readonly (Ranks | undefined)[];
}

/** A figure's marginal estimates at one window and bandwidth: one with errors, or failing that one without. */
interface MarginalSlot {
  full?: MarginalEstimate;
  lean?: MarginalEstimate;
}

/**
 * Marginal estimates made before, by figure, window (its low end: a figure's windows all have one width) and
 * bandwidth — held by number, where a key spelt out would turn two numbers into text on every read.
 */
export class MarginalCache {
  private readonly byFigure = new Map<FigureId, Map<number, Map<number, MarginalSlot>>>();
  private slots = 0;

  /** Windows and bandwidths held. */
  get size(): number {
    return this.slots;
  }

  slot(figure: FigureId, lo: number, bandwidth: number): MarginalSlot {
    let byLo = this.byFigure.get(figure);
    if (byLo === undefined) this.byFigure.set(figure, (byLo = new Map()));
    let byBandwidth = byLo.get(lo);
    if (byBandwidth === undefined) byLo.set(lo, (byBandwidth = new Map()));
    let slot = byBandwidth.get(bandwidth);
    if (slot === undefined) {
      byBandwidth.set(bandwidth, (slot = {}));
      this.slots++;
    }
    return slot;
  }
}

export function fitClass(arm: ArmId, values: FigureValues, hits: Int32Array): ClassFit {
  const raw = continuousFigures(arm).map((f) => gathered(values.get(f.id)!, hits));
  return fitOrdered(arm, hits, raw, raw.map(ordered));
}

const gathered = (v: Float64Array, hits: Int32Array): Float64Array => {
  const xs = new Float64Array(hits.length);
  for (let i = 0; i < hits.length; i++) xs[i] = v[hits[i]!]!;
  return xs;
};

/** A class's fit from its values in order (sorted once for the marginals and the copula's scores alike). */
function fitOrdered(arm: ArmId, hits: Int32Array, raw: readonly Float64Array[], orders: readonly Ordered[]): ClassFit {
  return {
    hits,
    columns: new Map(continuousFigures(arm).map((f, k) => [f.id, column(raw[k]!, orders[k]!.sorted)])),
    copula:
      hits.length >= MIN_CLASS_RUNS
        ? fitCopula(
            raw,
            orders.map((o) => o.sorted),
            orders.map((o) => o.places),
          )
        : null,
    ranks: orders.map((o) => o.ranks),
  };
}

/** The class of each batch: the class's runs with index ≡ b (mod BATCHES), fitted as a class of their own. */
export function batchFits(arm: ArmId, values: FigureValues, fit: ClassFit): readonly ClassFit[] {
  if (fit.batches !== undefined) return fit.batches;
  const { hits } = fit;
  // Each batch's runs' indices among the class's, sorted out in one pass.
  const sizes = new Int32Array(BATCHES);
  for (let j = 0; j < hits.length; j++) sizes[hits[j]! % BATCHES]!++;
  const members = Array.from(sizes, (size) => new Int32Array(size));
  sizes.fill(0);
  for (let j = 0; j < hits.length; j++) {
    const b = hits[j]! % BATCHES;
    members[b]![sizes[b]!++] = j;
  }
  fit.batches = members.map((own) => {
    const batchHits = new Int32Array(own.length);
    for (let i = 0; i < own.length; i++) batchHits[i] = hits[own[i]!]!;
    const raw = continuousFigures(arm).map((f) => gathered(values.get(f.id)!, batchHits));
    const orders = raw.map((xs, k) => {
      const ranks = fit.ranks?.[k];
      return ranks === undefined ? ordered(xs) : orderedMembers(ranks, own);
    });
    return fitOrdered(arm, batchHits, raw, orders);
  });
  return fit.batches;
}

/** Runs of n in batch b. */
export const batchRuns = (n: number, b: number): number => Math.floor((n - b - 1) / BATCHES) + 1;
