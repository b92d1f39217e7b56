/**
 * Plugin modules, loaded, checked and guarded in one place: an ES module file whose default export is an EnvSpec
 * (or a list of them), or a policy of the agent (contracts.ts). A file is read and run (moduleFile.ts, the one
 * place its code first runs), its default export checked against the contract — worlds also against the
 * environment checker (envs/check/) — and what it brings registered under its ids and names in the module store
 * (sim/agent/moduleStore.ts), which keeps the loaded file too. Worlds are registered guarded (worldGuard.ts); a
 * policy is guarded where a run builds it (build.ts, policyGuard.ts), so one registered from code is held to the
 * same guards. Every failure is one UsageError naming the flag and the file.
 */
import type { EnvSpec } from '../../core/world/env.js';
import { at } from '../../core/at.js';
import { envSpecProblem } from '../../core/world/define.js';
import { stepTimeoutSeconds } from '../../core/guard/deadline.js';
import { asPlugin, trespassText } from '../../core/guard/sandbox.js';
import { msg, UsageError } from '../../core/messages.js';
import { moduleStore, policyProblem, type CodeKind, type LoadedModule, type ModuleRef } from '../moduleStore.js';
import type { PolicyPlugin } from './contracts.js';
import { shownPath } from './hookGuard.js';
import { readModuleFile, runModuleFile, type ModuleFile } from './moduleFile.js';
import { guardSpec } from './worldGuard.js';

export type { LoadedModule } from '../moduleStore.js';

/** How `loadModule` treats a module file. */
export interface LoadOptions {
  /** Run the environment checker on an env module's worlds (before a run starts; not again in workers). */
  readonly check?: boolean;
  /** The hash the file must still have (a resume, a merge, a worker of a running sweep). */
  readonly sha256?: string;
}

const firstLine = (e: unknown): string => at((e instanceof Error ? e.message : String(e)).split('\n'), 0, 'lines');

/** A module file's default export, unchecked, with its reference (for the checker, which reports what is wrong). */
export async function importModule(
  flag: string,
  path: string,
  kind: CodeKind,
): Promise<{ ref: ModuleRef; exported: unknown }> {
  const file = readModuleFile(flag, path);
  return { ref: { kind, path: file.full, sha256: file.sha256 }, exported: await runModuleFile(file) };
}

async function worldsOf(file: ModuleFile, exported: unknown, check: boolean): Promise<EnvSpec[]> {
  const { flag, path } = file;
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
    for (const spec of specs) {
      // Its code runs here, held as at its load (sandbox.ts): what it prints, its exits, the built-ins it changes.
      const [failed, trespass] = await asPlugin(shownPath(file.full), () =>
        moduleStore.checkWorld(spec, stepTimeoutSeconds()),
      );
      if (failed !== undefined)
        throw new UsageError(msg.moduleBrokenWorld(flag, path, spec.id, failed.name, failed.detail ?? ''));
      if (trespass !== null) throw new UsageError(msg.moduleTrespassed(flag, path, spec.id, trespassText(trespass)));
    }
  }
  // Registered guarded: the run holds each world to its contract at every step (worldGuard.ts).
  const guarded = specs.map((spec) => guardSpec(spec, shownPath(file.full)));
  for (const spec of guarded) {
    try {
      moduleStore.registerEnv(spec);
    } catch (e) {
      throw new UsageError(msg.moduleRejected(flag, path, firstLine(e)));
    }
  }
  return guarded;
}

function policyOf(file: ModuleFile, kind: Exclude<CodeKind, 'env'>, exported: unknown): PolicyPlugin {
  const { flag, path } = file;
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
  const file = readModuleFile(flag, path);
  const { full, sha256 } = file;
  if (options.sha256 !== undefined && options.sha256 !== sha256)
    throw new UsageError(msg.moduleChanged(flag, path, options.sha256, sha256));
  const known = moduleStore.module(kind, full, sha256);
  if (known !== undefined) return known;
  const exported = await runModuleFile(file);
  const ref: ModuleRef = { kind, path: full, sha256 };
  const module: LoadedModule =
    kind === 'env'
      ? { ref, envs: await worldsOf(file, exported, options.check === true), policy: null }
      : { ref, envs: [], policy: policyOf(file, kind, exported) };
  moduleStore.addModule(module);
  return module;
}

/** Make sure the modules a configuration names are loaded, with the content it was made with (workers, merge). */
export async function ensureModules(refs: readonly ModuleRef[] | undefined): Promise<LoadedModule[]> {
  const out: LoadedModule[] = [];
  for (const ref of refs ?? []) {
    // A saved library is data: the replicate reads it when it starts, checking its hash
    // (sim/experiment/libraryDb/savedLibrary.ts).
    if (ref.kind === 'library') continue;
    out.push(await loadModule(ref.kind, ref.path, ref.kind, { sha256: ref.sha256 }));
  }
  return out;
}
