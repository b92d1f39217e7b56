/**
 * Which exact anchors apply to a run: uniform guessing over the whole space (the random control), and
 * over pools with k positions fixed by skills, at the run's exploration rate (docs/model.md, exact anchors).
 */
import type { RunConfig } from '../experiment/config.js';
import { uniformGuessing, type GuessingAnchor } from '../core/analytics.js';

/** Uniform guessing over the pool left when `fixed` positions are fixed by skills. */
export interface PoolAnchor {
  /** Positions fixed by the constraint. */
  readonly fixed: number;
  readonly pool: bigint;
  readonly anchor: GuessingAnchor;
}

/** Size of a space of `positions` positions with `arity` values each. */
export function spaceSize(positions: number, arity: number): bigint {
  return BigInt(arity) ** BigInt(positions);
}

/** What the anchors depend on: the cap, and whether and how a library fixes positions. */
export type AnchorSettings = Pick<RunConfig, 'cap'> & {
  readonly agent: Pick<RunConfig['agent'], 'library' | 'topK' | 'explore'>;
};

/**
 * Anchors for k = 0 … topK fixed positions (k = 0 is the random control, where exploration is moot).
 * `positions`/`arity` describe the environment's action space.
 */
export function poolAnchors(config: AnchorSettings, positions: number, arity: number): PoolAnchor[] {
  const space = spaceSize(positions, arity);
  const maxFixed = config.agent.library ? Math.min(config.agent.topK, positions) : 0;
  const out: PoolAnchor[] = [];
  for (let k = 0; k <= maxFixed; k++) {
    const pool = space / BigInt(arity) ** BigInt(k);
    const explore = k === 0 ? 0 : config.agent.explore;
    out.push({ fixed: k, pool, anchor: uniformGuessing({ space, pool, explore, cap: config.cap }) });
  }
  return out;
}
