/**
 * Flag values that name plugin modules: `--env ./world.mjs`, `--lifecycle ./policy.mjs` and the other
 * policy flags take a built-in name or a path ending in .mjs or .js (an env module with several worlds as
 * FILE#id). Modules are loaded (async) before any configuration is built, into the module store
 * (sim/agent/moduleStore.ts; the loading is in preload.ts); `configFrom` then looks the value up there
 * synchronously. Nothing here reads a file or imports the loader, so the flag reading runs in a browser page too
 * (the explorer), where a value naming a file is refused before it gets here.
 */
import type { EnvSpec } from '../../sim/core/world/env.js';
import {
  moduleStore,
  type CodeKind,
  type LoadedModule,
  type ModuleKind,
  type ModuleRef,
} from '../../sim/agent/moduleStore.js';
import { placedParams } from '../../sim/core/params/read.js';
import { RUN_PARAMS } from '../../sim/experiment/config.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { host } from '../../sim/core/host/host.js';

/** The flags that accept a module file (the world's and the policies'), and the kind of module each takes. */
export const MODULE_FLAGS: Readonly<Record<string, CodeKind>> = Object.fromEntries(
  placedParams(RUN_PARAMS).flatMap(({ param: p }) =>
    p.kind === 'world' ? [[p.flag, 'env']] : p.kind === 'policy' ? [[p.flag, p.module as CodeKind]] : [],
  ),
);

const MODULE_PATH = /\.(mjs|js)(#[^#]+)?$/;
const TYPESCRIPT_PATH = /\.(ts|mts|cts)(#[^#]+)?$/;

/** Whether a flag value names a module file rather than a built-in id or policy. */
/** A module file's absolute path (the host's: these are read only where one is installed). */
const resolve = (file: string): string => host('a module file').resolvePath(file);

export function isModulePath(text: string): boolean {
  return MODULE_PATH.test(text);
}

/**
 * Refuse a TypeScript file where a module is expected, saying what to do: modules are imported as they are
 * (by the worker threads of a sweep too, which load no TypeScript compiler), so they must be JavaScript.
 */
export function refuseTypeScript(flag: string, text: string): void {
  if (TYPESCRIPT_PATH.test(text)) throw new UsageError(msg.typescriptModule(flag, text));
}

/** A module value split into the file and the world chosen from it (FILE#id). */
export function splitValue(text: string): { file: string; select: string | undefined } {
  const hash = text.lastIndexOf('#');
  return hash > 0 && /\.(mjs|js)$/.test(text.slice(0, hash))
    ? { file: text.slice(0, hash), select: text.slice(hash + 1) }
    : { file: text, select: undefined };
}

/** The value with its file made absolute (sweeps store it so, so a merge elsewhere resolves the same file). */
export function absoluteModuleValue(text: string): string {
  if (!isModulePath(text)) return text;
  const { file, select } = splitValue(text);
  return select === undefined ? resolve(file) : `${resolve(file)}#${select}`;
}

/** The module a flag value names, once preloaded (undefined for a built-in name). */
export function moduleOf(flag: string, text: string): LoadedModule | undefined {
  return isModulePath(text) ? moduleStore.module(moduleKindOf(flag), resolve(splitValue(text).file)) : undefined;
}

/** The kind of module a flag names; a flag that names none is a caller's bug. */
function moduleKindOf(flag: string): ModuleKind {
  const kind = MODULE_FLAGS[flag];
  if (kind === undefined) throw new RangeError(`--${flag} does not name a module file`);
  return kind;
}

function loadedFor(flag: string, file: string): LoadedModule {
  const found = moduleStore.module(moduleKindOf(flag), resolve(file));
  // Every command preloads the values it passes to configFrom; reaching this is a bug, not bad input.
  if (found === undefined) throw new Error(`${file}: module not preloaded for --${flag}`);
  return found;
}

/** The world an `--env FILE[#id]` value names, and the module it comes from. */
export function envModule(text: string): { spec: EnvSpec; ref: ModuleRef } {
  const { file, select } = splitValue(text);
  const loaded = loadedFor('env', file);
  const ids = loaded.envs.map((s) => s.id);
  if (select === undefined && loaded.envs.length > 1) throw new UsageError(msg.moduleManyEnvs('env', file, ids));
  const spec = select === undefined ? loaded.envs[0] : loaded.envs.find((s) => s.id === select);
  if (spec === undefined) throw new UsageError(msg.moduleNoSuchEnv('env', file, select ?? '', ids));
  return { spec, ref: loaded.ref };
}

/** The policy name a `--lifecycle FILE` (… `--ranking FILE`) value names, and the module it comes from. */
export function policyModule(flag: string, text: string): { name: string; ref: ModuleRef } {
  const loaded = loadedFor(flag, splitValue(text).file);
  return { name: loaded.policy!.name, ref: loaded.ref };
}
