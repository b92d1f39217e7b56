/**
 * No line over 120 characters in the tree's code — sources, tests, scripts, configuration and the examples of
 * the docs (docs/examples/ and the JavaScript blocks of docs/*.md) — including the strings and comments the
 * formatter leaves alone. Markdown prose and tables, the program output the docs quote, generated files
 * (schemas/, docs/findings.md, the lockfile) and data (snapshots, fixtures) are not code and keep their width.
 */
import { describe, expect, it } from 'vitest';
import { place, treeFiles, type TreeFile } from './treeFiles.js';

const WIDTH = 120;
const CODE = /\.(ts|mjs|js|cjs|json|jsonc|ya?ml)$/;
const DATA = /(^|\/)(package-lock\.json|__snapshots__\/.*|fixtures\/.*|schemas\/.*)$/;
/** Fences whose blocks are code a reader copies, not output a command printed. */
const CODE_FENCE = /^```(js|javascript|ts|typescript|mjs)\s*$/;

const characters = (line: string): number => [...line].length;

/** The lines of a markdown file inside fenced code blocks of a code language. */
function fencedCode(file: TreeFile): number[] {
  const lines: number[] = [];
  let inCode = false;
  let fenced = false;
  file.lines.forEach((line, i) => {
    if (line.startsWith('```')) {
      if (!fenced) inCode = CODE_FENCE.test(line);
      fenced = !fenced;
      if (!fenced) inCode = false;
    } else if (inCode) lines.push(i);
  });
  return lines;
}

describe('the tree', () => {
  it(`keeps every line of code within ${WIDTH} characters`, () => {
    const code = treeFiles(CODE).filter((f) => !DATA.test(f.path));
    const docs = treeFiles(/^(docs\/.*|README|CONTRIBUTING)\.md$/);
    const long = [
      ...code.flatMap((f) => f.lines.flatMap((line, i) => (characters(line) > WIDTH ? [place(f, i)] : []))),
      ...docs.flatMap((f) => fencedCode(f).flatMap((i) => (characters(f.lines[i] ?? '') > WIDTH ? [place(f, i)] : []))),
    ];
    expect(long).toEqual([]);
  });
});
