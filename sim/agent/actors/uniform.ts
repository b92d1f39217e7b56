/**
 * Uniform draws among the codes satisfying a constraint, without enumerating them: each free position is
 * drawn directly. Each call consumes the same draws whatever the constraint (one 32-bit word per 32 binary
 * positions, one draw per position otherwise), so arms stay aligned on common random numbers.
 */
import type { Stream } from '../../core/rng.js';

/** Fill `code` uniformly among codes that hold `fixed[p]` wherever it is not −1 (all codes if null). */
export function drawUniform(code: Int32Array, guess: Stream, fixed: Int32Array | null, arity: number): void {
  const n = code.length;
  if (arity === 2) {
    let word = 0;
    for (let p = 0; p < n; p++) {
      if ((p & 31) === 0) word = guess.int32();
      const v = fixed === null ? -1 : fixed[p]!;
      code[p] = v === -1 ? (word >>> (p & 31)) & 1 : v;
    }
  } else {
    for (let p = 0; p < n; p++) {
      const draw = Math.floor(guess.quick() * arity);
      const v = fixed === null ? -1 : fixed[p]!;
      code[p] = v === -1 ? draw : v;
    }
  }
}
