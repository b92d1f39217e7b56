/**
 * What the tree's comments and docs may point to, and what they may not carry. A reader of the repository can
 * open its files, not the research notes or the issue tracker it was built from, so a reference names a file
 * in the repository (usually docs/*.md) or says the thing in place, and a file path in a comment names a file that
 * exists. Measured figures (timings, memory) live in
 * docs/performance.md, where they are dated by the run that measured them; a comment keeps the reason.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../layers/importGraph.js';
import { place, treeFiles, type TreeFile } from './treeFiles.js';

const CODE = /^(sim|envs|reports|scripts|test|docs\/examples)\/.*\.(ts|mjs|js)$|^[^/]*\.(ts|mjs)$/;
const TEXT = /\.(ts|mjs|js|md)$/;

/** References a reader of the repository cannot follow. */
const OUTSIDE = [/SPEC\s*§/, /\bseeds\//, /\bissues?\s+#?\d+/i];

/** The comment part of a line of code: a `//` comment or a line of a block comment. */
function commentOf(line: string): string | null {
  const block = /^\s*(\/\*\*?|\*)(\s|$)/.exec(line);
  if (block) return line;
  const at = line.indexOf('// ');
  return at >= 0 && !line.slice(0, at).includes("'") ? line.slice(at) : null;
}

/** A measured figure: a duration in ns, µs or ms, an approximate figure in seconds or bytes, a speed ratio. */
const MEASURED = [
  /\b\d+(\.\d+)?\s?(ns|µs|ms)\b/,
  /[~≈]\s?\d+(\.\d+)?\s?(s|seconds|minutes|[KMG]i?B)\b/,
  /\d(\.\d+)?\s?×\s(faster|slower)/,
];

/** A file path in a comment: folders and a file name with an extension, e.g. `sim/agent/library.ts`, `../x.md`. */
const FILE_PATH = /(?<![\w./@-])((?:\.\.?\/)*[\w-]+(?:\/[\w.-]+)*\/[\w.-]+\.(?:ts|mjs|js|md|json|cff))\b/g;

/**
 * Whether a path named in `file`'s comments is a file of the repository: read from the root, from the file's
 * folder or one of its ancestors (comments name a neighbour by its path from the folder they share), and a
 * built file (`dist/….js`, or `.js` as TypeScript imports name it) by its source.
 */
function exists(file: TreeFile, path: string): boolean {
  const named = path.startsWith('dist/') ? path.slice('dist/'.length) : path;
  const spellings = [named, named.replace(/\.js$/, '.ts')];
  const folders = [''];
  for (let d = dirname(file.path); d !== '.'; d = dirname(d)) folders.push(d);
  return folders.some((folder) => spellings.some((p) => existsSync(join(ROOT, folder, p))));
}

/** The file paths named in a file's comments that name nothing in the repository. */
function missingPaths(file: TreeFile): string[] {
  return file.lines.flatMap((line, i) => {
    const comment = commentOf(line);
    if (comment === null) return [];
    return [...comment.matchAll(FILE_PATH)].flatMap((m) => {
      const path = m[1] ?? '';
      return exists(file, path) ? [] : [`${place(file, i)} (${path})`];
    });
  });
}

describe('the tree', () => {
  it('refers only to things in the repository', () => {
    const found = treeFiles(TEXT).flatMap((file) =>
      file.lines.flatMap((line, i) => (OUTSIDE.some((r) => r.test(line)) ? [place(file, i)] : [])),
    );
    expect(found).toEqual([]);
  });

  it('names in comments only file paths that exist', () => {
    expect(treeFiles(CODE).flatMap(missingPaths)).toEqual([]);
  });

  it('finds a path in a comment that names no file (the check can fail)', () => {
    const file: TreeFile = {
      path: 'sim/agent/library.ts',
      lines: ['/** See sim/agent/nowhere.ts and history/observer.ts. */', "const s = 'not/a/comment.ts';"],
    };
    expect(missingPaths(file)).toEqual([
      'sim/agent/library.ts:1: /** See sim/agent/nowhere.ts and history/observer.ts. */ (sim/agent/nowhere.ts)',
    ]);
  });

  it('keeps measured figures out of source comments (they go to docs/performance.md)', () => {
    const found = treeFiles(CODE)
      .filter((file) => !file.path.startsWith('test/'))
      .flatMap((file) =>
        file.lines.flatMap((line, i) => {
          const comment = commentOf(line);
          return comment !== null && MEASURED.some((r) => r.test(comment)) ? [place(file, i)] : [];
        }),
      );
    expect(found).toEqual([]);
  });
});
