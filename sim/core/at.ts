/**
 * Indexed access that can fail, outside the hot path. With `noUncheckedIndexedAccess` every `list[i]` may be
 * undefined to the compiler; where an index comes from data (a file, a flag, a lookup) and may really be out of
 * range, `at` says which list and which index instead of letting `undefined` travel on. Inside the attempt
 * loop, where the loop bound is the proof, the code keeps `list[i]!` and no call.
 */
export function at<T>(list: ArrayLike<T>, index: number, what: string): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`${what}: no entry ${index} (of ${list.length})`);
  return value;
}

/** The value under `key`, or a RangeError naming the map and the key. */
export function entry<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new RangeError(`${what}: no entry ${String(key)}`);
  return value;
}
