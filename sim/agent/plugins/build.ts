/**
 * Policies from loaded modules, built for one replicate: each factory's result is checked once for the
 * members the runner uses, so a wrong module fails naming itself rather than deep inside a run.
 */
import { compareSkills } from '../skill.js';
import type { EvolverRules, ExtractionRule } from '../evolver.js';
import type { ExplorationPolicy } from '../exploration/policy.js';
import type { Lifecycle } from '../lifecycle/lifecycle.js';
import type { SkillOrder } from '../retriever.js';
import { msg } from '../../core/messages.js';
import { findPolicy } from '../moduleStore.js';
import type { LifecyclePluginParts, PolicyKind } from './contracts.js';
import { guardedCompare, guardedExploration, guardedExtraction, guardedLifecycle, policyGuard } from './policyGuard.js';

/**
 * Check that what a plugin's factory returned has the members the runner reads, of the right type — once
 * per replicate, so a wrong module fails with its name rather than deep inside a run.
 */
export function requireMembers<T>(
  kind: PolicyKind,
  name: string,
  made: T,
  members: Readonly<Record<string, 'function' | 'number' | 'boolean'>>,
): T {
  for (const [member, type] of Object.entries(members)) {
    const value = typeof made === 'object' && made !== null ? (made as Record<string, unknown>)[member] : undefined;
    if (typeof value !== type) throw new TypeError(msg.policyMadeBadly(kind, name, member, type));
  }
  return made;
}

export function pluginLifecycle(parts: LifecyclePluginParts): Lifecycle {
  const plugin = findPolicy('lifecycle', parts.config.name);
  const guard = policyGuard('lifecycle', plugin);
  const made = guard.call(guard.mark('create()'), () => plugin.create(parts));
  const members = { evolve: 'function', beforeTask: 'function', afterTask: 'function', retired: 'number' } as const;
  return guardedLifecycle(requireMembers('lifecycle', plugin.name, made, members), guard);
}

export function pluginExploration(name: string, base: number): ExplorationPolicy {
  const plugin = findPolicy('exploration', name);
  const guard = policyGuard('exploration', plugin);
  const made = guard.call(guard.mark('create()'), () => plugin.create(base));
  const members = { rate: 'function', observe: 'function', mayExplore: 'boolean' } as const;
  return guardedExploration(requireMembers('exploration', plugin.name, made, members), guard);
}

/** The extraction rule `rules.extraction` names, or null for the published rule. */
export function extractionFor(rules: EvolverRules, positions: number, arity: number): ExtractionRule | null {
  if (rules.extraction === undefined) return null;
  const plugin = findPolicy('extraction', rules.extraction);
  const guard = policyGuard('extraction', plugin);
  const settings = { threshold: rules.threshold, minEvidence: rules.minEvidence, lcbZ: rules.lcbZ ?? 1.645 };
  const made = guard.call(guard.mark('create()'), () => plugin.create({ ...settings, positions, arity }));
  return guardedExtraction(requireMembers('extraction', plugin.name, made, { extract: 'function' }), guard);
}

/** The Retriever's order: a loaded ranking module's, ties broken by the published order; the published one without. */
export function rankingOrder(name?: string): SkillOrder {
  if (name === undefined) return compareSkills;
  const plugin = findPolicy('ranking', name);
  const compare = guardedCompare((a, b) => plugin.compare(a, b), policyGuard('ranking', plugin));
  return (a, b) => compare(a, b) || compareSkills(a, b);
}
