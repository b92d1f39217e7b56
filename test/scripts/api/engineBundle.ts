/**
 * The engine entry (scripts/api/engine.ts) bundled for a browser, as a page would ship it: esbuild, platform
 * browser, one ES module. Node's built-in modules are left out of the bundle and recorded where they are
 * imported (esbuild's metafile), so a test names each one instead of stopping at the first; the text is
 * scanned for what a browser does not have (`process.`, `Buffer`).
 */
import { builtinModules } from 'node:module';
import { build, type Plugin } from 'esbuild';
import { ROOT } from '../../helpers/cli.js';

export const ENGINE_ENTRY = 'scripts/api/engine.ts';

/** What a bundle holds that runs only in Node, as "file -> import" and "text: match" lines. */
export interface EngineBundle {
  readonly text: string;
  /** Source files bundled (repository paths). */
  readonly inputs: readonly string[];
  /** Imports of Node's built-in modules: "importing file -> module". */
  readonly builtIns: readonly string[];
  /** Node's globals in the output: each distinct match. */
  readonly globals: readonly string[];
}

const BUILT_IN = new Set(builtinModules);
const isBuiltIn = (path: string): boolean => path.startsWith('node:') || BUILT_IN.has(path.split('/')[0] ?? path);

const ASKED = Symbol('resolved once more');

/**
 * A Node built-in that a browser build cannot resolve stays an import of the output, so the metafile lists each
 * one with the file importing it. One a package maps away for browsers (its package.json's `browser` field, as
 * seedrandom does `crypto`) resolves as esbuild resolves it for any page.
 */
const keepBuiltIns: Plugin = {
  name: 'keep-node-built-ins',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (!isBuiltIn(args.path) || args.pluginData === ASKED) return undefined;
      const { importer, kind, resolveDir } = args;
      const found = await b.resolve(args.path, { importer, kind, resolveDir, pluginData: ASKED });
      return found.errors.length === 0 ? undefined : { path: args.path, external: true };
    });
  },
};

/** `process.`, `Buffer` and a `node:` specifier, as words of the output (so `ArrayBuffer` is not one). */
const NODE_GLOBALS = /\bprocess\s*\.|\bBuffer\b|["']node:[a-z_/]+["']/g;

/** Bundle `entry` (a repository path), or a module's text given as `contents`, for the browser. */
export async function bundleForBrowser(entry: string | { readonly contents: string }): Promise<EngineBundle> {
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: 'ts' as const } }),
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [keepBuiltIns],
  });
  const text = result.outputFiles[0]?.text ?? '';
  const inputs = Object.keys(result.metafile.inputs);
  const builtIns = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
    input.imports.filter((i) => i.external === true && isBuiltIn(i.path)).map((i) => `${file} -> ${i.path}`),
  );
  const globals = [...new Set([...text.matchAll(NODE_GLOBALS)].map((m) => m[0]))];
  return { text, inputs, builtIns, globals };
}
