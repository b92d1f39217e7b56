/**
 * Exact reference values for the charts (SPEC §3): expected attempts when guessing uniformly among all
 * codes, and among the codes left once one or two positions are known, without exploration. They apply
 * when every group plays the same world with the closed form (one solving code) and the same attempt cap.
 */
import { findEnv } from '../sim/agent/moduleStore.js';
import type { EnvParams } from '../envs/env.js';
import { spaceSize } from '../sim/limits/anchors.js';
import { uniformGuessing } from '../sim/core/analytics.js';
import { ReplicateKey } from '../sim/core/rng.js';
import type { ResultData } from './resultFolder.js';

export interface ReferenceLine {
  /** Positions fixed by skills (0 = random guessing). */
  readonly fixed: number;
  readonly label: string;
  readonly value: number;
  /** The irreducible fraction (null beyond the exact bound, see MAX_EXACT_BITS). */
  readonly exact: string | null;
}

const KNOWN = ['random guessing', 'one {position} known', 'two {position}s known'];

export function referenceLines(data: ResultData): ReferenceLine[] {
  const first = data.groups[0]?.params;
  if (first?.env === undefined || first.cap === undefined) return [];
  const spec = findEnv(first.env);
  if (!spec?.exactRandomControl) return [];
  const names = ['env', 'cap', ...spec.params.map((p) => p.name)];
  if (!data.groups.every((g) => names.every((n) => g.params[n] === first[n]))) return [];
  const cap = Number(first.cap);
  if (!Number.isInteger(cap) || cap < 1) return [];

  let positions: number;
  let arity: number;
  try {
    const given: Record<string, string | number> = {};
    for (const p of spec.params) {
      const text = first[p.name];
      if (text !== undefined) given[p.name] = p.kind === 'string' ? text : Number(text);
    }
    const params: EnvParams = spec.resolve(given);
    const world = spec.create(params, new ReplicateKey(0, 0).stream('world'));
    ({ positions, arity } = world.space);
  } catch {
    return []; // parameters this build cannot rebuild: no reference lines rather than wrong ones
  }
  const space = spaceSize(positions, arity);
  const unit = first.env.startsWith('lock') ? 'bit' : 'position';
  const out: ReferenceLine[] = [];
  for (let k = 0; k < KNOWN.length && k < positions; k++) {
    const pool = space / BigInt(arity) ** BigInt(k);
    const e = uniformGuessing({ space, pool, explore: 0, cap }).expectedAttempts;
    out.push({
      fixed: k,
      label: `${KNOWN[k]!.replace('{position}', unit)}: ${e.value.toFixed(3)}`,
      value: e.value,
      exact: e.exact,
    });
  }
  return out;
}
