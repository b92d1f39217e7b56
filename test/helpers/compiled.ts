/**
 * A source module as the tests' build compiled it (test/helpers/cli.ts: `tsc` of these very sources, as the CLI
 * and the worker threads the tests start run them), imported by Node itself rather than through vitest's module
 * runner, in a thread readied as a Node program (scripts/program/nodeProgram.ts, compiled too). For the tests
 * whose cost is the simulation they run in their own thread, not what they check of it: there the runner's
 * transformed modules run the same code markedly slower (each imported name read through the runner's
 * bindings, in the hottest loops). The compiled modules are one graph of their own, shared with
 * test/helpers/inProcess.ts: what they return is plain data the sources' functions read alike; a class of the
 * sources and one of the build are not the same class.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtCli } from './cli.js';

/** Node's own `import()`, which vitest's module runner (that runs this file) does not see. */
const nativeImport = createRequire(import.meta.url)('./nativeImport.cjs') as (
  url: string,
) => Promise<Record<string, unknown>>;

/** The compiled build's URL of a source file given from the repository's root (`sim/reproduction/audit.ts`). */
const compiledUrl = (source: string): string =>
  pathToFileURL(join(builtCli(), '..', '..', source.replace(/\.ts$/, '.js'))).href;

/**
 * The compiled build of `source` (a path from the repository's root), typed as the caller names it:
 * `await compiled<typeof import('../../sim/reproduction/audit.js')>('sim/reproduction/audit.ts')`.
 */
export async function compiled<Module>(source: string): Promise<Module> {
  await nativeImport(compiledUrl('scripts/program/nodeProgram.ts'));
  return (await nativeImport(compiledUrl(source))) as Module;
}
