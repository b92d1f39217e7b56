/**
 * Builds the explorer's page at `npm run build` (after tsc): esbuild bundles the page's script
 * (scripts/explorer/page/app.ts, engine included) from the sources for a browser, and the page — that script,
 * vega, vega-lite and vega-embed inlined — is written to dist/explorer/, where `hexa explorer` copies it from. esbuild
 * is a development dependency: a clone builds the page (npm ci runs the build), an installed package ships it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { explorerHtml } from '../../reports/explorer/shell.js';
import { PAGE_FILE } from './pageFile.js';

/** The checkout: the first folder above this file with a package.json (dist/ in it, or a test's build elsewhere). */
function checkout(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'scripts', 'explorer'))) return dir;
    if (dirname(dir) === dir) throw new Error("the explorer's sources were not found above the build");
  }
}

const ROOT = checkout();

const ASKED = Symbol('resolved once more');

/**
 * Node's built-ins are refused (the engine and the flag reading must run in a browser as they are), unless the
 * importing package maps one away for browsers (its package.json's `browser` field, as seedrandom does `crypto`),
 * which esbuild's own resolution of the import then finds.
 */
const nodeImports: Plugin = {
  name: 'no-node',
  setup(b) {
    b.onResolve({ filter: /^node:|^(fs|path|os|url|crypto|worker_threads|child_process|vm|module)$/ }, async (args) => {
      if (args.pluginData === ASKED) return undefined;
      const { importer, kind, resolveDir } = args;
      const found = await b.resolve(args.path, { importer, kind, resolveDir, pluginData: ASKED });
      if (!args.path.startsWith('node:') && found.errors.length === 0) return undefined;
      return { errors: [{ text: `${args.importer} imports ${args.path}: the explorer's page runs in a browser` }] };
    });
  },
};

/** The page's script, minified, as one classic script (a page from file:// loads no ES modules). */
export async function bundleApp(minify = true): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'scripts', 'explorer', 'page', 'app.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    plugins: [nodeImports],
  });
  return result.outputFiles[0]!.text;
}

async function main(): Promise<void> {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const html = explorerHtml(version, await bundleApp());
  const out = fileURLToPath(PAGE_FILE);
  mkdirSync(fileURLToPath(new URL('.', PAGE_FILE)), { recursive: true });
  // Written whole, then renamed: a test file beside another building the same page never reads half of it.
  const part = `${out}.${process.pid}.part`;
  writeFileSync(part, html);
  renameSync(part, out);
}

await main();
