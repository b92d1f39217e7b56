/**
 * The one store of what a process can run besides the built-in code: the worlds (built-in, then any
 * registered from outside — `registerEnv`, or a module given as `--env FILE` — as Gymnasium's `register`
 * / `make` do), the agent's policies brought by modules (by kind and name), and the module files loaded
 * (by kind, path and content). The runner, the command line, the environment checker and the API all use
 * this one store; worker threads fill their own from the files a configuration names.
 *
 * The built-in worlds and the environment checker live above the agent (envs/): a program hands them to the
 * store (`useWorlds`, in envs/install.ts) before it runs anything, as the command line, both APIs and every
 * worker thread do, so the engine itself imports no world.
 */
import type { EnvSpec } from '../core/world/env.js';
import { msg } from '../core/messages.js';
import { AGENT_PARAMS } from './agentConfig.js';
import { placedParams } from '../core/params/read.js';
import type { PluginOf, PolicyKind, PolicyPlugin } from './plugins/contracts.js';

/**
 * What a file a run depends on provides: a world (`--env FILE`), one of the agent's policies, or a saved skill
 * library (`--library-from FILE.sqlite`, read as data, never imported).
 */
export type ModuleKind = CodeKind | 'library';

/** A module that is code, imported: a world or a policy. */
export type CodeKind = 'env' | PolicyKind;

/**
 * A plugin module a run used: the file (absolute path) and the SHA-256 of its bytes, so a result says which code made
 * it.
 */
export interface ModuleRef {
  readonly kind: ModuleKind;
  readonly path: string;
  readonly sha256: string;
}

/** A module file as loaded: its reference, and what it brought. */
export interface LoadedModule {
  readonly ref: ModuleRef;
  /** An env module's worlds (empty for a policy module). */
  readonly envs: readonly EnvSpec[];
  readonly policy: PolicyPlugin | null;
}

/**
 * The built-in names of each policy kind, from the declarations ('published' stands for the Evolver's and the
 * Retriever's own rules).
 */
export const BUILT_IN_POLICIES = Object.fromEntries(
  placedParams(AGENT_PARAMS).flatMap(({ param }) => (param.kind === 'policy' ? [[param.module, param.values]] : [])),
) as Readonly<Record<PolicyKind, readonly string[]>>;

/** The function each kind must provide. */
const ENTRY: Readonly<Record<PolicyKind, string>> = {
  lifecycle: 'create',
  exploration: 'create',
  extraction: 'create',
  ranking: 'compare',
};

const POLICY_NAME = /^[a-z][a-z0-9-]*$/;

/** What is wrong with `value` as a policy module of `kind`, or null. */
export function policyProblem(kind: PolicyKind, value: unknown): string | null {
  const c = msg.contract;
  if (typeof value !== 'object' || value === null) return c.notObject(`a ${kind} policy`);
  const v = value as Record<string, unknown>;
  if (v.kind !== kind) return c.badKind(v.kind, kind);
  if (typeof v.name !== 'string' || !POLICY_NAME.test(v.name)) return c.badPolicyName(v.name);
  if (BUILT_IN_POLICIES[kind].includes(v.name)) return c.builtInName(v.name, kind);
  if (typeof v[ENTRY[kind]] !== 'function') return c.field(ENTRY[kind], 'a function');
  return null;
}

const fileKey = (kind: ModuleKind, path: string, sha256: string): string => `${kind}\n${path}\n${sha256}`;

/** A check a world failed: its name and what went wrong. */
export interface WorldCheckFailure {
  readonly name: string;
  readonly detail?: string;
}

/** What envs/ gives the store: the worlds this package ships, and the environment checker. */
export interface WorldCatalog {
  /** The built-in worlds, under their versioned ids. */
  readonly builtIns: readonly EnvSpec[];
  /** The first check `spec` fails, each check held to `deadlineSeconds`, or undefined (envs/check/). */
  check(spec: EnvSpec, deadlineSeconds: number): Promise<WorldCheckFailure | undefined>;
}

/**
 * The worlds, policies and module files a process knows: the built-in worlds, and whatever module files and
 * `registerEnv` / `registerPolicy` added. One per process (`moduleStore`), read by the runner, the checker and
 * the API alike.
 */
export class ModuleStore {
  private readonly worlds: EnvSpec[] = [];
  private readonly policies = new Map<string, PolicyPlugin>();
  private readonly files = new Map<string, LoadedModule>();
  private checker: WorldCatalog['check'] | null = null;

  /** A store that knows `builtIns` (none until a program hands them over with `useWorlds`). */
  constructor(private builtIns: readonly EnvSpec[] = []) {}

  /**
   * Know the built-in worlds and check module worlds with the catalog's checker. The same worlds again do
   * nothing (each thread's program hands them over once, a test's setup may again).
   */
  useWorlds(catalog: WorldCatalog): void {
    for (const spec of this.worlds)
      if (catalog.builtIns.some((s) => s.id === spec.id)) throw new Error(msg.envIdTaken(spec.id, false));
    this.builtIns = catalog.builtIns;
    this.checker = (spec, seconds) => catalog.check(spec, seconds);
  }

  /** The first check a module world fails (the environment checker a program handed over), or undefined. */
  async checkWorld(spec: EnvSpec, deadlineSeconds: number): Promise<WorldCheckFailure | undefined> {
    if (this.checker === null) throw new Error(msg.noWorldCatalog());
    return this.checker(spec, deadlineSeconds);
  }

  /** The ids of every known world, built-in ones first. */
  envIds(): string[] {
    return this.allEnvs().map((s) => s.id);
  }

  /** Every known world's spec, built-in ones first. */
  allEnvs(): readonly EnvSpec[] {
    return this.worlds.length === 0 ? this.builtIns : [...this.builtIns, ...this.worlds];
  }

  /** The spec for an id, or undefined (callers report the unknown id). */
  findEnv(id: string): EnvSpec | undefined {
    return this.builtIns.find((s) => s.id === id) ?? this.worlds.find((s) => s.id === id);
  }

  /** Whether `id` is one of the worlds this package ships. */
  isBuiltInEnv(id: string): boolean {
    return this.builtIns.some((s) => s.id === id);
  }

  /**
   * Make a world available under its id. Registering the same spec again does nothing; another spec under a
   * taken id throws, so an id always names one world.
   */
  registerEnv(spec: EnvSpec): void {
    const known = this.findEnv(spec.id);
    if (known === spec) return;
    if (known !== undefined) throw new Error(msg.envIdTaken(spec.id, this.isBuiltInEnv(spec.id)));
    this.worlds.push(spec);
  }

  /** Make a policy available under its name; the same object again does nothing, another one of that name throws. */
  registerPolicy(plugin: PolicyPlugin): void {
    const problem = policyProblem(plugin.kind, plugin);
    if (problem !== null) throw new TypeError(`registerPolicy: ${problem}`);
    const key = `${plugin.kind}/${plugin.name}`;
    const known = this.policies.get(key);
    if (known === plugin) return;
    if (known !== undefined) throw new Error(msg.policyNameTaken(plugin.kind, plugin.name));
    this.policies.set(key, plugin);
  }

  /** The loaded policy of that kind and name; throws if no module brought it. */
  findPolicy<K extends PolicyKind>(kind: K, name: string): PluginOf<K> {
    const plugin = this.policies.get(`${kind}/${name}`);
    if (plugin === undefined) throw new Error(msg.policyNotLoaded(kind, name));
    return plugin as PluginOf<K>;
  }

  /**
   * A module file loaded as `kind`: the one with that content, or (no content given) the last one loaded from the path.
   */
  module(kind: ModuleKind, path: string, sha256?: string): LoadedModule | undefined {
    if (sha256 !== undefined) return this.files.get(fileKey(kind, path, sha256));
    let found: LoadedModule | undefined;
    for (const m of this.files.values()) if (m.ref.kind === kind && m.ref.path === path) found = m;
    return found;
  }

  /** The module file that brought a policy (undefined for one registered from code). */
  policyFile(plugin: PolicyPlugin): ModuleRef | undefined {
    for (const m of this.files.values()) if (m.policy === plugin) return m.ref;
    return undefined;
  }

  /** Keep a loaded module file (its worlds and policy registered by the loader, sim/agent/plugins/load.ts). */
  addModule(module: LoadedModule): void {
    this.files.set(fileKey(module.ref.kind, module.ref.path, module.ref.sha256), module);
  }
}

/** This thread's store. */
export const moduleStore = new ModuleStore();

// The store's methods as functions, for the API and for code that only looks things up.
/** The ids of every known world, built-in ones first. */
export const envIds = (): string[] => moduleStore.envIds();
/** Every known world's spec, built-in ones first. */
export const allEnvs = (): readonly EnvSpec[] => moduleStore.allEnvs();
/** The spec for an id, or undefined. */
export const findEnv = (id: string): EnvSpec | undefined => moduleStore.findEnv(id);
/** Whether `id` is one of the worlds this package ships. */
export const isBuiltInEnv = (id: string): boolean => moduleStore.isBuiltInEnv(id);
/** Make a world available under its id (the same spec again does nothing; another under a taken id throws). */
export const registerEnv = (spec: EnvSpec): void => moduleStore.registerEnv(spec);
/** Make a policy available under its name (the same object again does nothing; another of that name throws). */
export const registerPolicy = (plugin: PolicyPlugin): void => moduleStore.registerPolicy(plugin);
/** The loaded policy of that kind and name; throws if no module brought it. */
export const findPolicy = <K extends PolicyKind>(kind: K, name: string): PluginOf<K> =>
  moduleStore.findPolicy(kind, name);
