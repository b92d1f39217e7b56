/**
 * A simulation's runs joined to further runs of it: refinement (sim/reproduction/refine.ts) extends a simulation
 * with runs simulated after the bank's own, and calibration's reserve (sim/reproduction/calibration/reserve.ts)
 * keeps them where such joins cost no copy.
 */
/** Buffers made by `continuing`: the runs each begins with. */
const prefixes = new WeakMap<ArrayBufferLike, Float64Array>();

/**
 * Room for `more` runs after a copy of `before`, in one buffer: runs kept there are joined to `before` by views
 * (`joinedRuns`), so a reserve of further runs kept this way costs no copy per join, however many read it.
 */
export function continuing(before: Float64Array, more: number): Float64Array {
  const whole = new Float64Array(before.length + more);
  whole.set(before);
  prefixes.set(whole.buffer, before);
  return whole;
}

/** Joins already made: by the runs before, by the buffer and place of the runs after them. */
const joins = new WeakMap<Float64Array, WeakMap<ArrayBufferLike, Map<string, Float64Array>>>();

/**
 * A simulation's runs followed by more of its runs. Publications judged on one bank extend the same bank
 * simulations with the same reserve runs (judge.ts), one publication after another: each join is made once and
 * shared, as no reader writes into a simulation's values (those that sort, sort a copy).
 */
export function joinedRuns(before: Float64Array, more: Float64Array): Float64Array {
  // Runs that already follow `before` in their buffer are joined by a view of it, without a copy.
  if (more.buffer === before.buffer && before.byteOffset + before.byteLength === more.byteOffset)
    return new Float64Array(before.buffer, before.byteOffset, before.length + more.length);
  if (prefixes.get(more.buffer) === before && more.byteOffset === before.byteLength)
    return new Float64Array(more.buffer, 0, before.length + more.length);
  let byBuffer = joins.get(before);
  if (byBuffer === undefined) joins.set(before, (byBuffer = new WeakMap()));
  let byPlace = byBuffer.get(more.buffer);
  if (byPlace === undefined) byBuffer.set(more.buffer, (byPlace = new Map()));
  const place = `${more.byteOffset}:${more.length}`;
  let joined = byPlace.get(place);
  if (joined === undefined) {
    joined = new Float64Array(before.length + more.length);
    joined.set(before);
    joined.set(more, before.length);
    byPlace.set(place, joined);
  }
  return joined;
}
