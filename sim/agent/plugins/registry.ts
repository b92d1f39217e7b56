/**
 * Policy modules loaded in this process, by kind and name, and the shape check a module passes to get in.
 * A run's configuration names a policy; worker threads load the same files before they run it.
 */
import { msg } from '../../core/messages.js';
import { EXPLORATIONS } from '../exploration/config.js';
import { LIFECYCLES } from '../lifecycle/config.js';
import type { PluginOf, PolicyKind, PolicyPlugin } from './contracts.js';

/** The built-in names of each kind ('published' stands for the Evolver's and the Retriever's own rules). */
export const BUILT_IN_POLICIES: Readonly<Record<PolicyKind, readonly string[]>> = {
  lifecycle: LIFECYCLES,
  exploration: EXPLORATIONS,
  extraction: ['published'],
  ranking: ['published'],
};

/** The function each kind must provide. */
const ENTRY: Readonly<Record<PolicyKind, string>> = {
  lifecycle: 'create',
  exploration: 'create',
  extraction: 'create',
  ranking: 'compare',
};

const NAME = /^[a-z][a-z0-9-]*$/;

/** What is wrong with `value` as a policy module of `kind`, or null. */
export function policyProblem(kind: PolicyKind, value: unknown): string | null {
  const c = msg.contract;
  if (typeof value !== 'object' || value === null) return c.notObject(`a ${kind} policy`);
  const v = value as Record<string, unknown>;
  if (v.kind !== kind) return c.badKind(v.kind, kind);
  if (typeof v.name !== 'string' || !NAME.test(v.name)) return c.badPolicyName(v.name);
  if (BUILT_IN_POLICIES[kind].includes(v.name)) return c.builtInName(v.name, kind);
  if (typeof v[ENTRY[kind]] !== 'function') return c.field(ENTRY[kind], 'a function');
  return null;
}

const loaded = new Map<string, PolicyPlugin>();
const keyOf = (kind: PolicyKind, name: string): string => `${kind}/${name}`;

/** Make a policy available under its name; the same object again does nothing, another one of that name throws. */
export function registerPolicy(plugin: PolicyPlugin): void {
  const problem = policyProblem(plugin.kind, plugin);
  if (problem !== null) throw new TypeError(`registerPolicy: ${problem}`);
  const known = loaded.get(keyOf(plugin.kind, plugin.name));
  if (known === plugin) return;
  if (known !== undefined) throw new Error(msg.policyNameTaken(plugin.kind, plugin.name));
  loaded.set(keyOf(plugin.kind, plugin.name), plugin);
}

/** The loaded policy of that kind and name; throws if no module brought it. */
export function findPolicy<K extends PolicyKind>(kind: K, name: string): PluginOf<K> {
  const plugin = loaded.get(keyOf(kind, name));
  if (plugin === undefined) throw new Error(msg.policyNotLoaded(kind, name));
  return plugin as PluginOf<K>;
}

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
