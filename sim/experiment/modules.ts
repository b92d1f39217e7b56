/**
 * Loading plugin modules: an ES module file whose default export is an EnvSpec (or a list of them), or a
 * policy of the agent (sim/agent/plugins/contracts.ts). Each file is read once, hashed (SHA-256 of its
 * bytes) and imported under a URL carrying that hash, so the code that runs is the code that was hashed;
 * its contents are checked against the contract, worlds also against the environment checker, and then
 * registered under their ids and names in the module store (sim/agent/moduleStore.ts), which keeps the
 * loaded file too. Every failure is one UsageError naming the flag and the file.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EnvSpec } from '../../envs/env.js';
import { envSpecProblem } from '../../envs/define.js';
import { guardSpec } from '../../envs/check/runtime.js';
import { shownPath } from '../core/guard/hookGuard.js';
import { stepTimeoutSeconds } from '../core/guard/deadline.js';
import type { PolicyPlugin } from '../agent/plugins/contracts.js';
import { moduleStore, policyProblem, type CodeKind, type LoadedModule, type ModuleRef } from '../agent/moduleStore.js';
import { msg, UsageError } from '../core/messages.js';
import { loadErrorText } from './loadError.js';

export type { LoadedModule } from '../agent/moduleStore.js';

/** How `loadModule` treats a module file. */
export interface LoadOptions {
  /** Run the environment checker on an env module's worlds (before a run starts; not again in workers). */
  readonly check?: boolean;
  /** The hash the file must still have (a resume, a merge, a worker of a running sweep). */
  readonly sha256?: string;
}

const firstLine = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

function readModule(flag: string, path: string): { full: string; sha256: string } {
  const full = resolve(path);
  let bytes: Buffer;
  try {
    if (!statSync(full).isFile()) throw new UsageError(msg.moduleMissing(flag, path));
    bytes = readFileSync(full);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(msg.moduleMissing(flag, path));
  }
  return { full, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** A module file's default export, unchecked, with its reference (for the checker, which reports what is wrong). */
export async function importModule(
  flag: string,
  path: string,
  kind: CodeKind,
): Promise<{ ref: ModuleRef; exported: unknown }> {
  const { full, sha256 } = readModule(flag, path);
  return { ref: { kind, path: full, sha256 }, exported: await importDefault(flag, path, full, sha256) };
}

async function importDefault(flag: string, path: string, full: string, sha256: string): Promise<unknown> {
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(`${pathToFileURL(full).href}?sha256=${sha256}`)) as Record<string, unknown>;
  } catch (e) {
    throw new UsageError(msg.moduleUnloadable(flag, path, loadErrorText(e, full, path)));
  }
  if (namespace.default === undefined) throw new UsageError(msg.moduleNoDefault(flag, path));
  return namespace.default;
}

async function worldsOf(flag: string, path: string, exported: unknown, check: boolean): Promise<EnvSpec[]> {
  const list = Array.isArray(exported) ? (exported as unknown[]) : [exported];
  if (list.length === 0)
    throw new UsageError(msg.moduleNotContract(flag, path, 'an EnvSpec or a list of them', msg.contract.emptyList()));
  for (const item of list) {
    const problem = envSpecProblem(item);
    if (problem !== null)
      throw new UsageError(msg.moduleNotContract(flag, path, 'an EnvSpec or a list of them', problem));
  }
  const specs = list as EnvSpec[];
  if (check) {
    const { checkEnv, firstFailure } = await import('../../envs/check/checker.js');
    for (const spec of specs) {
      const failed = firstFailure(checkEnv(spec, { deadlineSeconds: stepTimeoutSeconds() }));
      if (failed !== undefined)
        throw new UsageError(msg.moduleBrokenWorld(flag, path, spec.id, failed.name, failed.detail ?? ''));
    }
  }
  // Registered guarded: the run holds each world to its contract at every step (envs/check/runtime.ts).
  const guarded = specs.map((spec) => guardSpec(spec, shownPath(resolve(path))));
  for (const spec of guarded) {
    try {
      moduleStore.registerEnv(spec);
    } catch (e) {
      throw new UsageError(msg.moduleRejected(flag, path, firstLine(e)));
    }
  }
  return guarded;
}

function policyOf(flag: string, path: string, kind: Exclude<CodeKind, 'env'>, exported: unknown): PolicyPlugin {
  const problem = policyProblem(kind, exported);
  if (problem !== null) throw new UsageError(msg.moduleNotContract(flag, path, `a ${kind} policy`, problem));
  const plugin = exported as PolicyPlugin;
  try {
    moduleStore.registerPolicy(plugin);
  } catch (e) {
    throw new UsageError(msg.moduleRejected(flag, path, firstLine(e)));
  }
  return plugin;
}

/** Load, check and register the module at `path` as `kind` (once per file and content in a process). */
export async function loadModule(
  flag: string,
  path: string,
  kind: CodeKind,
  options: LoadOptions = {},
): Promise<LoadedModule> {
  const { full, sha256 } = readModule(flag, path);
  if (options.sha256 !== undefined && options.sha256 !== sha256)
    throw new UsageError(msg.moduleChanged(flag, path, options.sha256, sha256));
  const known = moduleStore.module(kind, full, sha256);
  if (known !== undefined) return known;
  const exported = await importDefault(flag, path, full, sha256);
  const ref: ModuleRef = { kind, path: full, sha256 };
  const module: LoadedModule =
    kind === 'env'
      ? { ref, envs: await worldsOf(flag, path, exported, options.check === true), policy: null }
      : { ref, envs: [], policy: policyOf(flag, path, kind, exported) };
  moduleStore.addModule(module);
  return module;
}

/** Make sure the modules a configuration names are loaded, with the content it was made with (workers, merge). */
export async function ensureModules(refs: readonly ModuleRef[] | undefined): Promise<LoadedModule[]> {
  const out: LoadedModule[] = [];
  for (const ref of refs ?? []) {
    // A saved library is data: the replicate reads it when it starts (libraryDb/savedLibrary.ts), checking its hash.
    if (ref.kind === 'library') continue;
    out.push(await loadModule(ref.kind, ref.path, ref.kind, { sha256: ref.sha256 }));
  }
  return out;
}
