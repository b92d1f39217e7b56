/**
 * Setup of the test files that share a module graph (vitest.config.ts, project `shared`): a file that leaves a
 * world registered in a module store of the process — the sources' (a module world loaded in-process,
 * `registerEnv`) or the compiled CLI's that hexaHere runs (test/helpers/inProcess.ts) — fails itself, naming the
 * worlds, instead of changing what the files after it in the same worker see (a walk over every known world, or
 * `hexa envs`, would meet them there, in whichever file the scheduler happened to put next).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect } from 'vitest';
import { envIds, isBuiltInEnv } from '../../sim/agent/moduleStore.js';
import { builtCli } from './cli.js';

/** Node's own import() (test/helpers/nativeImport.cjs): the compiled CLI's modules as hexaHere loads them. */
const nativeImport = createRequire(import.meta.url)('./nativeImport.cjs') as (
  url: string,
) => Promise<Record<string, unknown>>;

const SAY = 'this file registers worlds in the process: list it in ISOLATED (vitest.config.ts)';

/**
 * The worlds registered in each store beyond the built-in ones: the sources', and the compiled CLI's (its store
 * alone, cheap to load; the first hexaHere call of a worker hands it the built-in worlds, which are no leak).
 */
async function known(): Promise<{ sources: string[]; compiled: string[] }> {
  const store = await nativeImport(pathToFileURL(join(builtCli(), '..', '..', 'sim/agent/moduleStore.js')).href);
  const builtIn = store.isBuiltInEnv as (id: string) => boolean;
  return {
    sources: envIds().filter((id) => !isBuiltInEnv(id)),
    compiled: (store.envIds as () => string[])().filter((id) => !builtIn(id)),
  };
}

const before = await known();

afterAll(async () => {
  expect(await known(), SAY).toEqual(before);
});
