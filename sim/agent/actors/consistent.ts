/**
 * The consistent Actor: each attempt is uniform among the codes that satisfy the constraint and agree
 * with every (code, feedback) pair seen so far in the task (feedback = positions matched), in the spirit
 * of Reflexion's in-task memory. A consistent Actor never repeats a wrong code.
 *
 * Exact uniform sampling without enumerating the space:
 *  1. the *anchor* is the record whose feedback class (codes in the pool scoring the same against it) is
 *     smallest — its size is a binomial count;
 *  2. propose uniformly from the anchor's class (choose which free positions agree with it, give the
 *     others a different value) and accept if the proposal agrees with every other record; this is exact
 *     rejection sampling, cheap while the consistent codes are a fair share of the class;
 *     (values the constraint bans — HExA "mistakes" — are rejected the same way);
 *  3. after a budget of proposals, scan the anchor's class exhaustively and pick uniformly among its
 *     consistent members (reservoir sampling). The scan also proves emptiness: if no code in the pool is
 *     consistent, the constraint is dropped for the rest of the task (a fall-back); if none at all is
 *     (noisy feedback), the Actor guesses uniformly for the rest of the task.
 * Step 3 is bounded by the largest class, at most CONSISTENT_CLASS_LIMIT codes; spaces with larger
 * classes are refused up front (see `consistentSupport`).
 *
 * All per-task state lives in buffers allocated once; an attempt allocates nothing.
 */
import type { ActionSpace } from '../../core/world/env.js';
import { at } from '../../core/at.js';
import { chooseMasked, type ActionMask } from '../../core/actionMask.js';
import type { Constraint } from '../constraint.js';
import type { Stream } from '../../core/rng.js';
import type { GuessPolicy } from './policy.js';
import { drawUniform } from './uniform.js';

/** Largest feedback class the exhaustive scan may walk. */
export const CONSISTENT_CLASS_LIMIT = 1 << 20;

function logFactorials(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) out[i] = at(out, i - 1, 'log factorials') + Math.log(i);
  return out;
}

/** log of the largest feedback class of an unconstrained space: max_k C(n,k)·(arity−1)^(n−k). */
export function largestClassLog(space: ActionSpace): number {
  const n = space.positions;
  const lf = logFactorials(n);
  const other = Math.log(Math.max(space.arity - 1, 1));
  let best = 0;
  const logOf = (i: number): number => at(lf, i, 'log factorials');
  for (let k = 0; k <= n; k++) best = Math.max(best, logOf(n) - logOf(k) - logOf(n - k) + (n - k) * other);
  return best;
}

/** Largest number of positions a `arity`-valued space may have for the consistent Actor. */
export function consistentMaxPositions(arity: number): number {
  let n = 1;
  while (largestClassLog({ positions: n + 1, arity }) <= Math.log(CONSISTENT_CLASS_LIMIT) + 1e-9) n++;
  return n;
}

export class ConsistentPolicy implements GuessPolicy {
  abandonedConstraint = false;
  readonly remembers = true;
  private readonly n: number;
  private readonly arity: number;
  private records: Int32Array;
  private scores: Int32Array;
  private count = 0;
  /** Feedback fits no code at all (noise): guess uniformly for the rest of the task. */
  private contradicted = false;
  private readonly free: Int32Array;
  private nFree = 0;
  private need: Int32Array;
  private readonly scratch: Int32Array;
  private readonly comb: Int32Array;
  private readonly digits: Int32Array;
  private readonly agrees: Uint8Array;
  private readonly logFact: Float64Array;
  private readonly logOther: number;
  /** The constraint's banned values in force for the current draw (null: none). */
  private bans: ActionMask | null = null;

  /** `proposals`: rejection tries before the scan (default max(64, class size / 4)); tests pass 0 to force the scan. */
  constructor(
    space: ActionSpace,
    cap: number,
    private readonly proposals?: number,
  ) {
    this.n = space.positions;
    this.arity = space.arity;
    const initial = Math.max(1, Math.min(cap, 256));
    this.records = new Int32Array(initial * this.n);
    this.scores = new Int32Array(initial);
    this.free = new Int32Array(this.n);
    this.need = new Int32Array(initial);
    this.scratch = new Int32Array(this.n);
    this.comb = new Int32Array(this.n);
    this.digits = new Int32Array(this.n);
    this.agrees = new Uint8Array(this.n);
    this.logFact = logFactorials(this.n);
    this.logOther = Math.log(Math.max(this.arity - 1, 1));
  }

  beginTask(): void {
    this.count = 0;
    this.abandonedConstraint = false;
    this.contradicted = false;
  }

  choose(code: Int32Array, guess: Stream, constraint: Constraint | null): void {
    const use = constraint !== null && !this.abandonedConstraint && !this.contradicted ? constraint : null;
    const fixed = use === null ? null : use.values;
    this.bans = use === null ? null : use.activeBans;
    if (this.count === 0 || this.contradicted || this.arity < 2) {
      if (this.bans !== null) chooseMasked(code, guess, fixed, this.arity, this.bans, null);
      else drawUniform(code, guess, fixed, this.arity);
      return;
    }
    if (this.sample(code, guess, fixed)) return;
    if (use !== null) {
      this.abandonedConstraint = true;
      this.bans = null;
      if (this.sample(code, guess, null)) return;
    }
    this.contradicted = true;
    drawUniform(code, guess, null, this.arity);
  }

  observe(code: Int32Array, score: number): void {
    if (this.count === this.scores.length) this.grow();
    this.records.set(code, this.count * this.n);
    this.scores[this.count++] = score;
  }

  /** Records are kept for the whole task; grow (rarely: only past 256 attempts) by doubling. */
  private grow(): void {
    const size = this.scores.length * 2;
    const records = new Int32Array(size * this.n);
    records.set(this.records);
    const scores = new Int32Array(size);
    scores.set(this.scores);
    this.records = records;
    this.scores = scores;
    this.need = new Int32Array(size);
  }

  /** Draw a consistent code in the pool into `code`; false if there is none. */
  private sample(code: Int32Array, guess: Stream, fixed: Int32Array | null): boolean {
    const n = this.n;
    this.nFree = 0;
    for (let p = 0; p < n; p++) if (fixed === null || fixed[p] === -1) this.free[this.nFree++] = p;
    const nFree = this.nFree;

    // Each record's class within the pool: `need` of the free positions must agree with it.
    let anchor = -1;
    let anchorLog = Infinity;
    for (let j = 0; j < this.count; j++) {
      let fixedMatches = 0;
      if (fixed !== null) {
        const base = j * n;
        for (let p = 0; p < n; p++) if (fixed[p] !== -1 && fixed[p] === this.records[base + p]) fixedMatches++;
      }
      const need = this.scores[j]! - fixedMatches;
      if (need < 0 || need > nFree) return false;
      this.need[j] = need;
      const size =
        this.logFact[nFree]! - this.logFact[need]! - this.logFact[nFree - need]! + (nFree - need) * this.logOther;
      if (size < anchorLog) {
        anchorLog = size;
        anchor = j;
      }
    }

    // Rejection from the anchor's class, then an exhaustive scan of it.
    const classSize = Math.exp(anchorLog);
    const budget = this.proposals ?? Math.max(64, Math.floor(classSize / 4));
    for (let t = 0; t < budget; t++) {
      this.propose(code, guess, fixed, anchor);
      if (this.allowed(code) && this.fitsAll(code, anchor)) return true;
    }
    return this.scan(code, guess, fixed, anchor);
  }

  /** A uniform member of the anchor's class. */
  private propose(code: Int32Array, guess: Stream, fixed: Int32Array | null, anchor: number): void {
    const n = this.n;
    const base = anchor * n;
    const free = this.free;
    const nFree = this.nFree;
    const need = this.need[anchor]!;
    if (fixed !== null) for (let p = 0; p < n; p++) if (fixed[p] !== -1) code[p] = fixed[p]!;
    // Partial Fisher–Yates: the first `need` entries of `free` become a uniform subset.
    for (let i = 0; i < need; i++) {
      const j = i + Math.floor(guess.quick() * (nFree - i));
      const p = free[j]!;
      free[j] = free[i]!;
      free[i] = p;
      code[p] = this.records[base + p]!;
    }
    for (let i = need; i < nFree; i++) {
      const p = free[i]!;
      const avoid = this.records[base + p]!;
      if (this.arity === 2) code[p] = 1 - avoid;
      else {
        const v = Math.floor(guess.quick() * (this.arity - 1));
        code[p] = v >= avoid ? v + 1 : v;
      }
    }
  }

  /** Whether `code` avoids every banned value at its free positions. */
  private allowed(code: Int32Array): boolean {
    const bans = this.bans;
    if (bans === null) return true;
    for (let i = 0; i < this.nFree; i++) {
      const p = this.free[i]!;
      if (bans.blocked[p * this.arity + code[p]!] === 1) return false;
    }
    return true;
  }

  /** Whether `code` scores as recorded against every record but `skip`. */
  private fitsAll(code: Int32Array, skip: number): boolean {
    const n = this.n;
    for (let j = this.count - 1; j >= 0; j--) {
      if (j === skip) continue;
      const base = j * n;
      const want = this.scores[j]!;
      let s = 0;
      for (let p = 0; p < n; p++) if (code[p] === this.records[base + p]) s++;
      if (s !== want) return false;
    }
    return true;
  }

  /** Walk the anchor's class; keep a uniform consistent member (reservoir). False if none. */
  private scan(code: Int32Array, guess: Stream, fixed: Int32Array | null, anchor: number): boolean {
    const n = this.n;
    const base = anchor * n;
    const x = this.scratch;
    const free = this.free;
    const nFree = this.nFree;
    const need = this.need[anchor]!;
    const comb = this.comb;
    const digits = this.digits;
    const agrees = this.agrees;
    const others = this.arity - 1;
    if (fixed !== null) for (let p = 0; p < n; p++) if (fixed[p] !== -1) x[p] = fixed[p]!;
    // Proposals shuffle `free`; restore position order so the walk (and the draw) is reproducible.
    let m = 0;
    for (let p = 0; p < n; p++) if (fixed === null || fixed[p] === -1) free[m++] = p;
    for (let i = 0; i < need; i++) comb[i] = i;
    let found = 0;
    for (;;) {
      agrees.fill(0);
      for (let i = 0; i < need; i++) agrees[free[comb[i]!]!] = 1;
      for (let i = 0; i < nFree; i++) {
        const p = free[i]!;
        digits[p] = 0;
        x[p] = agrees[p] === 1 ? this.records[base + p]! : this.otherValue(this.records[base + p]!, 0);
      }
      // Every assignment of the disagreeing positions (one when binary).
      for (;;) {
        if (this.allowed(x) && this.fitsAll(x, anchor)) {
          found++;
          if (guess.quick() * found < 1) code.set(x);
        }
        let i = 0;
        for (; i < nFree; i++) {
          const p = free[i]!;
          if (agrees[p] === 1) continue;
          if (digits[p]! + 1 < others) {
            digits[p]!++;
            x[p] = this.otherValue(this.records[base + p]!, digits[p]!);
            break;
          }
          digits[p] = 0;
          x[p] = this.otherValue(this.records[base + p]!, 0);
        }
        if (i === nFree) break;
      }
      // Next combination of `need` agreeing positions out of nFree.
      let i = need - 1;
      while (i >= 0 && comb[i] === nFree - need + i) i--;
      if (i < 0) break;
      comb[i]!++;
      for (let j = i + 1; j < need; j++) comb[j] = comb[j - 1]! + 1;
    }
    return found > 0;
  }

  /** The d-th value (0-based) different from `avoid`. */
  private otherValue(avoid: number, d: number): number {
    return d >= avoid ? d + 1 : d;
  }
}
