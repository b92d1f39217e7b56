/**
 * Values the Actor must not choose: a HExA "mistake" (avoid value v at position p) or a tool the circuit
 * breaker has disabled. A free position draws uniformly among its allowed values with the same one draw
 * it would take unmasked, so masked and unmasked arms stay aligned on common random numbers.
 */
export class ActionMask {
  /** blocked[p × arity + v] = 1 when value v is not allowed at position p. */
  readonly blocked: Uint8Array;
  /** Blocked values per position. */
  readonly count: Int32Array;
  /** Blocked (position, value) pairs in all. */
  total = 0;

  constructor(
    positions: number,
    readonly arity: number,
  ) {
    this.blocked = new Uint8Array(positions * arity);
    this.count = new Int32Array(positions);
  }

  block(position: number, value: number): void {
    const i = position * this.arity + value;
    if (this.blocked[i] === 1) return;
    this.blocked[i] = 1;
    this.count[position]!++;
    this.total++;
  }

  unblock(position: number, value: number): void {
    const i = position * this.arity + value;
    if (this.blocked[i] === 0) return;
    this.blocked[i] = 0;
    this.count[position]!--;
    this.total--;
  }

  clear(): void {
    if (this.total === 0) return;
    this.blocked.fill(0);
    this.count.fill(0);
    this.total = 0;
  }
}

/**
 * The value at a free position from one uniform draw `u` in [0, 1), avoiding values blocked by either
 * mask (null: none). If every value is blocked the masks are ignored there (a fall-back, as for an
 * unsatisfiable constraint).
 */
export function allowedValue(
  u: number,
  position: number,
  arity: number,
  a: ActionMask | null,
  b: ActionMask | null,
): number {
  const base = position * arity;
  let allowed = arity;
  if (a !== null || b !== null) {
    allowed = 0;
    for (let v = 0; v < arity; v++) if (!isBlocked(a, b, base + v)) allowed++;
  }
  if (allowed === arity || allowed === 0) return Math.floor(u * arity);
  let k = Math.floor(u * allowed);
  for (let v = 0; v < arity; v++) {
    if (isBlocked(a, b, base + v)) continue;
    if (k-- === 0) return v;
  }
  return arity - 1;
}

function isBlocked(a: ActionMask | null, b: ActionMask | null, i: number): boolean {
  return (a !== null && a.blocked[i] === 1) || (b !== null && b.blocked[i] === 1);
}

/** The draws a masked choice takes (the Actor's streams satisfy it). */
export interface DrawSource {
  quick(): number;
  int32(): number;
}

/**
 * Fill `code` like the Actor's unmasked choice — same draws, in the same order — but never with a
 * blocked value: `soft` (the constraint's bans) applies to free positions; `hard` (disabled tools) also
 * overrides a fixed value, freeing that position.
 */
export function chooseMasked(
  code: Int32Array,
  guess: DrawSource,
  fixed: Int32Array | null,
  arity: number,
  soft: ActionMask | null,
  hard: ActionMask | null,
): void {
  const n = code.length;
  if (arity === 2) {
    let word = 0;
    for (let p = 0; p < n; p++) {
      if ((p & 31) === 0) word = guess.int32();
      let v = fixed === null ? -1 : fixed[p]!;
      if (v !== -1 && hard !== null && hard.blocked[p * 2 + v] === 1) v = -1;
      if (v === -1) {
        v = (word >>> (p & 31)) & 1;
        if (isBlocked(soft, hard, p * 2 + v) && !isBlocked(soft, hard, p * 2 + 1 - v)) v = 1 - v;
      }
      code[p] = v;
    }
    return;
  }
  for (let p = 0; p < n; p++) {
    const u = guess.quick();
    let v = fixed === null ? -1 : fixed[p]!;
    if (v !== -1 && hard !== null && hard.blocked[p * arity + v] === 1) v = -1;
    code[p] = v === -1 ? allowedValue(u, p, arity, soft, hard) : v;
  }
}
