/**
 * Cutting work into tasks for the pool, and joining the results. The work is a list of *units* (a sweep's
 * cells, the audit's simulations), each a run of replicates 0 … n − 1 whose values depend only on the
 * replicate's number. A unit longer than a task should be is cut into parts of consecutive replicates, so a
 * few long units still keep every thread busy to the end; short units are grouped, so the cost of handing a
 * task over is spread over several. Joined in replicate order, the parts give exactly the whole unit's values,
 * so nothing a command writes depends on how its work was cut.
 */

/** Replicates [from, to) of one unit: part `part` of its `parts` (0 of 1 when whole). */
export interface Piece {
  readonly unit: number;
  readonly from: number;
  readonly to: number;
  readonly part: number;
  readonly parts: number;
}

export interface SplitOptions {
  /** Tasks to aim at per thread: enough that the last ones to finish are short. */
  readonly tasksPerThread: number;
  /**
   * The units at the end of the list worth this many tasks per thread are cut four times finer, so the work
   * ends with each thread finishing short pieces (default 0: none).
   */
  readonly fineTail?: number;
  /** Most whole units in one task (default 1: none grouped). */
  readonly maxUnitsPerTask?: number;
}

/** Where part i of `parts` of a unit of `replicates` starts (part `parts` would start at `replicates`). */
export const partStart = (i: number, parts: number, replicates: number): number => Math.floor((i * replicates) / parts);

/**
 * The tasks for `threads` threads, each one part of a unit or a group of whole units, units in order and
 * each unit's parts in order. `replicatesOf(u)` is unit u's replicate count, for u in 0 … units − 1; with one
 * thread no unit is cut. Lazy, so a sweep of millions of cells never holds its tasks.
 */
export function* splitReplicates(
  units: number,
  replicatesOf: (unit: number) => number,
  threads: number,
  options: SplitOptions,
): Generator<Piece[]> {
  let total = 0;
  for (let u = 0; u < units; u++) total += replicatesOf(u);
  const size = Math.max(1, Math.ceil(total / (Math.max(1, threads) * options.tasksPerThread)));
  const fine = Math.max(1, Math.ceil(size / 4));
  const tail = (options.fineTail ?? 0) * threads * size;
  const maxGroup = Math.max(1, options.maxUnitsPerTask ?? 1);
  let group: Piece[] = [];
  let grouped = 0;
  // Replicates from each unit on to the end of the list.
  let after = total;
  for (let unit = 0; unit < units; unit++) {
    const replicates = replicatesOf(unit);
    after -= replicates;
    const piece = after < tail ? fine : size;
    if (threads > 1 && replicates > piece) {
      if (group.length > 0) yield group;
      group = [];
      grouped = 0;
      const parts = Math.ceil(replicates / piece);
      for (let part = 0; part < parts; part++) {
        const from = partStart(part, parts, replicates);
        yield [{ unit, from, to: partStart(part + 1, parts, replicates), part, parts }];
      }
      continue;
    }
    if (group.length > 0 && (group.length >= maxGroup || grouped + replicates > size)) {
      yield group;
      group = [];
      grouped = 0;
    }
    group.push({ unit, from: 0, to: replicates, part: 0, parts: 1 });
    grouped += replicates;
  }
  if (group.length > 0) yield group;
}

/**
 * Parts joined as they come in, in any order: `add` returns a unit's results in part order once its last part
 * is in (at once for a whole unit), so work on it can start while other units still run.
 */
export class PartJoiner<R> {
  private readonly partial = new Map<number, { readonly results: (R | undefined)[]; left: number }>();

  add(piece: Piece, result: R): R[] | null {
    if (piece.parts === 1) return [result];
    let unit = this.partial.get(piece.unit);
    if (unit === undefined)
      this.partial.set(piece.unit, (unit = { results: new Array<R | undefined>(piece.parts), left: piece.parts }));
    if (unit.results[piece.part] !== undefined) throw new Error(`part ${piece.part} of unit ${piece.unit} came twice`);
    unit.results[piece.part] = result;
    if (--unit.left > 0) return null;
    this.partial.delete(piece.unit);
    return unit.results as R[];
  }

  /** Units with some parts in and some missing. */
  get open(): number {
    return this.partial.size;
  }
}
