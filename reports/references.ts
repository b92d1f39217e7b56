/**
 * Exact reference values (docs/model.md, exact anchors): expected attempts when guessing uniformly among all codes, and
 * among
 * the codes left once one or two positions are known. They apply when every group plays the same world with
 * the closed form (one solving code) and the same attempt cap. The charts draw them without exploration;
 * a run's page states them as `hexa run` prints them, at the run's exploration rate, up to its top-k.
 */
import { findEnv, type ModuleRef } from '../sim/agent/moduleStore.js';
import { at } from '../sim/core/at.js';
import { loadModule } from '../sim/agent/plugins/load.js';
import type { EnvParams } from '../sim/core/world/env.js';
import { resolveEnvParams } from '../sim/core/world/params.js';
import { poolAnchors, spaceSize } from '../sim/limits/anchors.js';
import { openerAnchor } from '../sim/limits/openerAnchor.js';
import { uniformGuessing, type ExactValue } from '../sim/core/analytics.js';
import { ReplicateKey } from '../sim/core/rng.js';
import type { ResultFolder } from './resultFolder.js';

/** The world modules a manifest names: `modules` lists, wherever its command put them (a run's config, a sweep). */
function worldModules(manifest: unknown, out: ModuleRef[] = []): ModuleRef[] {
  if (typeof manifest !== 'object' || manifest === null) return out;
  for (const [key, value] of Object.entries(manifest)) {
    if (key === 'modules' && Array.isArray(value)) {
      for (const m of value as Partial<ModuleRef>[])
        if (m?.kind === 'env' && typeof m.path === 'string' && typeof m.sha256 === 'string')
          if (!out.some((o) => o.path === m.path)) out.push({ kind: 'env', path: m.path, sha256: m.sha256 });
    } else worldModules(value, out);
  }
  return out;
}

/**
 * Load the world modules a folder's manifest names, so that a module world's declared exact values
 * (`exactRandomControl`) are the report's as they are `hexa run`'s. One that cannot be loaded — gone, or changed
 * since the run (its SHA-256 differs) — is named in the sentence returned for it: the report then has no exact
 * value for its world, and says why.
 */
export async function loadFolderWorlds(manifest: Readonly<Record<string, unknown>>): Promise<string[]> {
  const warnings: string[] = [];
  for (const ref of worldModules(manifest)) {
    try {
      await loadModule('env', ref.path, 'env', { sha256: ref.sha256 });
    } catch (e) {
      const why = e instanceof Error ? e.message.replace(/^--env: /, '') : String(e);
      warnings.push(`no exact values for the world of ${ref.path}: ${why}`);
    }
  }
  return warnings;
}

export interface ReferenceLine {
  /** Positions fixed by skills (0 = random guessing). */
  readonly fixed: number;
  readonly label: string;
  readonly value: number;
  /** The irreducible fraction (null beyond the exact bound, see MAX_EXACT_BITS). */
  readonly exact: string | null;
}

const KNOWN = ['random guessing', 'one {position} known', 'two {position}s known'];

/** The world every group plays, rebuilt from the folder's columns; null when they differ or it cannot be. */
interface SharedWorld {
  readonly space: bigint;
  readonly positions: number;
  readonly arity: number;
  readonly cap: number;
  /** 'bit' for locks, 'position' otherwise. */
  readonly unit: string;
  readonly feedback: 'matches' | undefined;
}

function sharedWorld(data: Pick<ResultFolder, 'groups'>): SharedWorld | null {
  const first = data.groups[0]?.params;
  if (first?.env === undefined || first.cap === undefined) return null;
  const spec = findEnv(first.env);
  if (!spec?.exactRandomControl) return null;
  const names = ['env', 'cap', ...spec.params.map((p) => p.name)];
  if (!data.groups.every((g) => names.every((n) => g.params[n] === first[n]))) return null;
  const cap = Number(first.cap);
  if (!Number.isInteger(cap) || cap < 1) return null;
  try {
    const given: Record<string, string | number> = {};
    for (const p of spec.params) {
      const text = first[p.name];
      if (text !== undefined) given[p.name] = p.kind === 'string' ? text : Number(text);
    }
    const params: EnvParams = resolveEnvParams(spec, given);
    const { positions, arity } = spec.create(params, new ReplicateKey(0, 0).stream('world')).space;
    const unit = first.env.startsWith('lock') ? 'bit' : 'position';
    return { space: spaceSize(positions, arity), positions, arity, cap, unit, feedback: spec.feedback };
  } catch {
    return null; // parameters this build cannot rebuild: no reference values rather than wrong ones
  }
}

export function referenceLines(data: Pick<ResultFolder, 'groups'>): ReferenceLine[] {
  const world = sharedWorld(data);
  if (world === null) return [];
  const out: ReferenceLine[] = [];
  for (let k = 0; k < KNOWN.length && k < world.positions; k++) {
    const pool = world.space / BigInt(world.arity) ** BigInt(k);
    const e = uniformGuessing({ space: world.space, pool, explore: 0, cap: world.cap }).expectedAttempts;
    out.push({
      fixed: k,
      label: `${at(KNOWN, k, 'known positions').replace('{position}', world.unit)}: ${e.value.toFixed(3)}`,
      value: e.value,
      exact: e.exact,
    });
  }
  return out;
}

/** An exact value a lone run is measured against, in words. */
export interface RunAnchor {
  readonly what: string;
  readonly value: ExactValue;
  /** The random baseline: uniform guessing over the whole space. */
  readonly baseline: boolean;
}

/**
 * The anchors `hexa run` prints for one configuration: for the published (feedback-blind) Actor, uniform
 * guessing with 0 … top-k positions fixed at the run's exploration rate; for an in-task opener without a
 * library on a binary lock, the opener's own exact value.
 */
export function runAnchors(data: Pick<ResultFolder, 'groups'>): RunAnchor[] {
  const world = sharedWorld(data);
  const params = data.groups[0]?.params;
  if (world === null || params === undefined || data.groups.length !== 1) return [];
  const library = params.library !== 'false';
  const actor = params.actor ?? 'published';
  if (actor !== 'published') {
    if (library || world.feedback !== 'matches' || world.arity !== 2) return [];
    if (actor !== 'consistent' && actor !== 'optimal') return [];
    const value = openerAnchor(actor, world.positions, world.cap);
    return value === null ? [] : [{ what: `the ${actor} opener`, value, baseline: false }];
  }
  const settings = {
    cap: world.cap,
    agent: { library, topK: Number(params.topK ?? 0), explore: Number(params.explore ?? 0) },
  };
  // The same anchors as `hexa run` prints for this configuration.
  return poolAnchors(settings, world.positions, world.arity).map((a) => ({
    what:
      a.fixed === 0
        ? 'random guessing'
        : `${a.fixed} ${world.unit}${a.fixed > 1 ? 's' : ''} fixed by ` +
          `skills${settings.agent.explore > 0 ? `, exploring ${settings.agent.explore}` : ''}`,
    value: a.anchor.expectedAttempts,
    baseline: a.fixed === 0,
  }));
}
