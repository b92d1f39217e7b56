/** Which Actor policies a world supports, and building them. */
import type { ActionSpace, EnvSpec } from '../../core/world/env.js';
import type { ActionMask } from '../../core/actionMask.js';
import { OPTIMAL_MAX_BITS } from '../solver/optimal.js';
import { ConsistentPolicy, consistentMaxPositions, CONSISTENT_CLASS_LIMIT, largestClassLog } from './consistent.js';
import { OptimalPolicy } from './optimal.js';
import type { ActorKind, GuessPolicy } from './policy.js';
import { PublishedPolicy } from './published.js';

export { ACTOR_KINDS, type ActorKind, type GuessPolicy } from './policy.js';

/** Why `kind` cannot play in this world, or null if it can. */
export function actorSupport(
  kind: ActorKind,
  spec: Pick<EnvSpec, 'id' | 'feedback'>,
  space: ActionSpace,
): string | null {
  if (kind === 'published') return null;
  if (spec.feedback !== 'matches')
    return `'${kind}' reasons over position-match feedback, which ${spec.id} does not declare`;
  if (kind === 'consistent' && largestClassLog(space) > Math.log(CONSISTENT_CLASS_LIMIT) + 1e-9) {
    return (
      `'consistent' samples exactly only while a feedback class has at most ${CONSISTENT_CLASS_LIMIT} codes: ` +
      `up to ${consistentMaxPositions(space.arity)} positions with ${space.arity} values (${spec.id} has ` +
      `${space.positions})`
    );
  }
  if (kind === 'optimal' && (space.arity !== 2 || space.positions > OPTIMAL_MAX_BITS)) {
    return (
      `'optimal' is solved exactly only for binary locks up to ${OPTIMAL_MAX_BITS} bits (${spec.id} has ` +
      `${space.positions} positions with ${space.arity} values)`
    );
  }
  return null;
}

/** The guess policy; `disabled` are values the published policy must never choose (circuit-broken tools). */
export function actorFor(
  kind: ActorKind,
  spec: Pick<EnvSpec, 'id' | 'feedback'>,
  space: ActionSpace,
  cap: number,
  disabled: ActionMask | null = null,
): GuessPolicy {
  const why = actorSupport(kind, spec, space);
  if (why !== null) throw new RangeError(`actor ${why}`);
  switch (kind) {
    case 'published':
      return new PublishedPolicy(space.arity, disabled);
    case 'consistent':
      return new ConsistentPolicy(space, cap);
    case 'optimal':
      return new OptimalPolicy(space.positions);
  }
}
