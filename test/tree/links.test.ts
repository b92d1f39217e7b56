/**
 * Links between the repository's pages resolve: a relative Markdown link names a file that exists, and its
 * `#anchor`, if any, names a heading of that page as GitHub slugs it (lower case, punctuation dropped, spaces
 * to hyphens). Links to other sites are not followed (no network here).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../layers/importGraph.js';
import { treeFiles, type TreeFile } from './treeFiles.js';

/** GitHub's anchor for a heading: lower case, characters other than letters, digits, spaces and hyphens dropped. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown page: its headings' (a repeated heading gets -1, -2, … as on GitHub), and `<a id>`s. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1] ?? '');
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (heading === null) continue;
    const base = slug(heading[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a page that lead nowhere: `page:line: target (why)`. */
function brokenLinks(file: TreeFile, read: (path: string) => string | null): string[] {
  const broken: string[] = [];
  let fenced = false;
  file.lines.forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z]+:/i.test(target)) continue; // another site, or mailto:
      const [path = '', anchor] = target.split('#');
      const page = path === '' ? file.path : normalize(join(dirname(file.path), path));
      const text = read(page);
      if (text === null) broken.push(`${file.path}:${i + 1}: ${target} (no such file)`);
      else if (anchor !== undefined && page.endsWith('.md') && !anchorsOf(text).has(anchor))
        broken.push(`${file.path}:${i + 1}: ${target} (no such heading)`);
    }
  });
  return broken;
}

const readPage = (path: string): string | null => {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return path.endsWith('.md') ? readFileSync(full, 'utf8') : '';
};

describe('links between pages', () => {
  it('lead to files and headings that exist', () => {
    expect(treeFiles(/\.md$/).flatMap((file) => brokenLinks(file, readPage))).toEqual([]);
  });

  it('finds a link to a missing page and to a missing heading (the check can fail)', () => {
    const pages: Record<string, string> = {
      'docs/a.md': '# The model\n\n## Hidden choices (every one a flag)\n<a id="calibration"></a>**Calibration**\n',
    };
    const file: TreeFile = {
      path: 'docs/b.md',
      lines: [
        '[ok](a.md#hidden-choices-every-one-a-flag) [top](a.md#the-model) [web](https://example.org/x#y)',
        '[set by hand](a.md#calibration)',
        '[gone](c.md) [wrong](a.md#hidden) `[code](nowhere.md)`',
      ],
    };
    expect(brokenLinks(file, (p) => pages[p] ?? null)).toEqual([
      'docs/b.md:3: c.md (no such file)',
      'docs/b.md:3: a.md#hidden (no such heading)',
    ]);
  });
});
