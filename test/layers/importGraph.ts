/**
 * The project's import graph, read from the source text: every relative `import … from`, `export … from`
 * and `import('…')` of the source folders. A few lines suffice because the code imports nothing else
 * relatively (no path aliases, no require).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

export const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');

/**
 * Source folders, lowest layer first: a file may import only from its own layer or from lower ones. The world
 * contract is in sim/core/world/; the worlds, their registry and the environment checker (envs/) stand above the
 * engine, which finds worlds in the module store a program fills (envs/install.ts).
 */
export const LAYERS: readonly string[] = [
  'sim/core/',
  'sim/agent/',
  'sim/experiment/',
  'sim/limits/',
  'sim/reproduction/',
  'envs/',
  'reports/',
  // The public surface (`import … from 'hexa-sim'`): above everything a library user may need, below the CLI.
  'scripts/',
];

const SOURCE_ROOTS = ['sim', 'envs', 'reports', 'scripts'];

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = posix.join(dir, e.name);
    return e.isDirectory() ? walk(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

export function sourceFiles(): string[] {
  return SOURCE_ROOTS.flatMap(walk).sort();
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** Relative imports of one file, as repository paths of .ts files. */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = (m[1] ?? m[2])!;
    const target = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts');
    out.push(target);
  }
  return out;
}

export function layerOf(file: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((prefix, i) => {
    if (file.startsWith(prefix) && prefix.length > bestLength) [best, bestLength] = [i, prefix.length];
  });
  return best;
}

export type Graph = ReadonlyMap<string, readonly string[]>;

export function importGraph(): Graph {
  return new Map(sourceFiles().map((f) => [f, importsOf(f)]));
}

/** Every cycle's files (strongly connected components of more than one file, or a file importing itself). */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}

/** Longest import chain, in files (1 = imports nothing of the project). Assumes no cycles. */
export function levels(graph: Graph): number {
  const memo = new Map<string, number>();
  const depth = (v: string): number => {
    const known = memo.get(v);
    if (known !== undefined) return known;
    memo.set(v, 1);
    const d = 1 + Math.max(0, ...(graph.get(v) ?? []).filter((w) => graph.has(w)).map(depth));
    memo.set(v, d);
    return d;
  };
  return Math.max(...[...graph.keys()].map(depth));
}

/**
 * The folders that hold layers, each with its rank: the place of its first layer in `layers`, so a folder
 * is as low as the lowest layer in it (sim/ holds five, envs/ one).
 */
export function folderRanks(layers: readonly string[] = LAYERS): Map<string, number> {
  const ranks = new Map<string, number>();
  layers.forEach((layer, i) => {
    const parts = layer.split('/').filter((p) => p !== '');
    for (let n = 1; n <= parts.length; n++) {
      const folder = `${parts.slice(0, n).join('/')}/`;
      if (!ranks.has(folder)) ranks.set(folder, i);
    }
  });
  return ranks;
}

/**
 * Folders whose layers are not next to each other in `layers` (another folder's layer between two of its own),
 * so that neither folder stands wholly above the other.
 */
export function interleavedFolders(layers: readonly string[] = LAYERS): string[] {
  return [...folderRanks(layers).keys()].filter((folder) => {
    const at = layers.flatMap((layer, i) => (layer.startsWith(folder) ? [i] : []));
    return at.length > 0 && at[at.length - 1]! - at[0]! + 1 !== at.length;
  });
}

/**
 * Imports from a lower folder to a higher one, as "from (folder) -> to (folder)": where the two paths part, the
 * importing file's folder must not rank below the imported file's (sim/ below envs/ below reports/ …), at every
 * depth — a file of sim/agent/ imports nothing of envs/ even where their layers would allow it.
 */
export function upwardFolderImports(graph: Graph, layers: readonly string[] = LAYERS): string[] {
  const ranks = folderRanks(layers);
  return [...graph].flatMap(([f, targets]) =>
    targets.flatMap((t) => {
      const from = f.split('/');
      const to = t.split('/');
      let i = 0;
      while (i < from.length - 1 && i < to.length - 1 && from[i] === to[i]) i++;
      const a = `${from.slice(0, i + 1).join('/')}/`;
      const b = `${to.slice(0, i + 1).join('/')}/`;
      const ra = ranks.get(a);
      const rb = ranks.get(b);
      return ra !== undefined && rb !== undefined && rb > ra ? [`${f} (${a}) -> ${t} (${b})`] : [];
    }),
  );
}

/** Imports from a lower layer to a higher one, as "from (layer) -> to (layer)". */
export function upwardImports(graph: Graph): string[] {
  return [...graph].flatMap(([f, targets]) =>
    targets
      .filter((t) => layerOf(t) > layerOf(f))
      .map((t) => `${f} (${LAYERS[layerOf(f)]}) -> ${t} (${LAYERS[layerOf(t)]})`),
  );
}
