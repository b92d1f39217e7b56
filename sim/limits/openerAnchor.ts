/**
 * The exact value a run of an in-task-reasoning Actor without library should match: the opener's
 * expected attempts on the whole lock. Both openers' expectations are the same for every truth (the
 * consistent policy treats all codes alike; the optimal Actor relabels codes at random each task), so
 * the value applies to a fixed truth such as the published 1011. Null where it is not computed quickly,
 * or where the cap could cut a task short (worst case above the cap).
 */
import { openerFor } from '../agent/actors/optimal.js';
import type { ActorKind } from '../agent/actors/policy.js';
import type { ExactValue } from '../core/analytics.js';
import { ConsistentOpener } from '../agent/solver/consistent.js';
import { fraction, ratioText } from '../core/fraction.js';
import { fullSet, OPTIMAL_MAX_BITS } from '../agent/solver/optimal.js';

/** Consistent-opener values are quick to compute up to here; beyond, their cost grows steeply. */
const CONSISTENT_ANCHOR_MAX_BITS = 8;

function asExact(n: bigint, d: bigint): ExactValue {
  const r = fraction(n, d);
  return { exact: ratioText(r), value: Number(r.n) / Number(r.d) };
}

/**
 * The exact expected attempts of the `actor`'s opener on a `bits`-bit lock (the value its runs without a library
 * should match), or null where it is not computed quickly or the cap could cut a task short.
 */
export function openerAnchor(actor: ActorKind, bits: number, cap: number): ExactValue | null {
  if (actor === 'optimal' && bits <= OPTIMAL_MAX_BITS) {
    const v = openerFor(bits).value(fullSet(bits));
    return v.worst <= cap ? asExact(BigInt(v.total), BigInt(v.candidates)) : null;
  }
  if (actor === 'consistent' && bits <= CONSISTENT_ANCHOR_MAX_BITS) {
    const v = new ConsistentOpener(bits).value(fullSet(bits));
    return v.worst <= cap ? asExact(v.expected.n, v.expected.d) : null;
  }
  return null;
}
