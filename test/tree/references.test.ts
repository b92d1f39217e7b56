/**
 * What the tree's comments and docs may point to, and what they may not carry. A reader of the repository can
 * open its files, not the research notes or the issue tracker it was built from, so a reference names a file
 * in the repository (usually docs/*.md) or says the thing in place. Measured figures (timings, memory) live in
 * docs/performance.md, where they are dated by the run that measured them; a comment keeps the reason.
 */
import { describe, expect, it } from 'vitest';
import { place, treeFiles } from './treeFiles.js';

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

describe('the tree', () => {
  it('refers only to things in the repository', () => {
    const found = treeFiles(TEXT).flatMap((file) =>
      file.lines.flatMap((line, i) => (OUTSIDE.some((r) => r.test(line)) ? [place(file, i)] : [])),
    );
    expect(found).toEqual([]);
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
