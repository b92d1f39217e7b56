/**
 * Loading the module files that flag values name, before any configuration is built (`configFrom` then finds
 * them in the module store, modules.ts). The loader is imported only when a value names a file, so runs without
 * plugins (and `hexa --help`) never load it; apart from modules.ts so that reading flags never reaches it.
 */
import { moduleStore, type ModuleKind, type ModuleRef } from '../../sim/agent/moduleStore.js';
import { host } from '../../sim/core/host/host.js';
import { isModulePath, MODULE_FLAGS, refuseTypeScript, splitValue } from './modules.js';
import { settingsFromArgv, type RunSettings } from './runOptions.js';

const resolve = (file: string): string => host('a module file').resolvePath(file);

/** One flag's value (or a sweep's comma-separated list of values). */
export interface ModuleValue {
  readonly name: string;
  readonly text: string;
}

/**
 * Load every module the given values name, checking env modules' worlds; values of other flags, and
 * built-in names, are ignored. Throws UsageError naming the flag and the file.
 */
export async function preloadModules(
  values: readonly ModuleValue[],
  sha256Of?: (kind: ModuleKind, path: string) => string | undefined,
  check = true,
): Promise<void> {
  const wanted = values.flatMap(({ name, text }) => {
    const kind = MODULE_FLAGS[name];
    if (kind === undefined) return [];
    const items = text.split(',').map((t) => t.trim());
    for (const t of items) refuseTypeScript(name, t);
    return items.filter(isModulePath).map((t) => ({ flag: name, kind, file: splitValue(t).file }));
  });
  if (wanted.length === 0) return;
  const { loadModule } = await import('../../sim/agent/plugins/load.js');
  for (const { flag, kind, file } of wanted) {
    if (moduleStore.module(kind, resolve(file)) !== undefined) continue;
    const sha256 = sha256Of?.(kind, resolve(file));
    await loadModule(flag, file, kind, { check: check && kind === 'env', ...(sha256 !== undefined ? { sha256 } : {}) });
  }
}

/** Load the modules a result folder recorded, requiring the recorded content (a merge; checked when it ran). */
export async function preloadRefs(refs: readonly ModuleRef[]): Promise<void> {
  await preloadModules(
    refs.map((r) => ({ name: r.kind, text: r.path })),
    (kind, path) => refs.find((r) => r.kind === kind && r.path === path)?.sha256,
    false,
  );
}

/** The run flags of argv as text, with every module file they name loaded (and its worlds checked). */
export async function loadedSettings(argv: Record<string, unknown>): Promise<RunSettings> {
  const settings = settingsFromArgv(argv);
  await preloadModules(Object.entries(settings).map(([name, text]) => ({ name, text })));
  return settings;
}
