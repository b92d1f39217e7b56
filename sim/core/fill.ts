/**
 * `array.fill(value)` written as a loop. TypedArray's own `fill` is a call into the engine's runtime, which
 * costs more than writing the handful of entries of the small arrays the simulator clears every round (a
 * replicate's constraint, tallies and pending counts); docs/performance.md has the figure.
 */
export function fillAll(array: Int32Array | Uint8Array, value: number): void {
  for (let i = 0; i < array.length; i++) array[i] = value;
}
