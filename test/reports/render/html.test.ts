import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../reports/render/html.js';
import { finalMean, rankCells } from '../../../reports/ranking.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';
import { tempDir } from '../fixtures.js';
import { describeInChromium } from './inChromium.js';
import { buildPages, type Page, type PageKind } from './pages.js';

let root: string;
let pages: Record<PageKind, Page>;
let html: string;
let report: Page['report'];

beforeAll(async () => {
  root = tempDir();
  pages = await buildPages(root);
  ({ html, report } = pages.reproduce);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The page's body from its first element on. */
const body = (page: Page): string => page.html.slice(page.html.indexOf('<body>') + '<body>'.length).trimStart();
/** The opening header's text, tags dropped. */
const headline = (page: Page): string =>
  body(page)
    .slice(0, body(page).indexOf('</header>'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
/** Rows of the first table after `heading`, as lists of cell texts. */
function tableAfter(page: Page, heading: string): string[][] {
  const from = page.html.indexOf(heading);
  const part = page.html.slice(from, page.html.indexOf('</table>', from));
  return [...part.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((m) =>
    [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((c) =>
      c[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

describe('index.html', () => {
  it('is self-contained: inlined vega, vega-lite and vega-embed, no external source, no eval', () => {
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toContain('unsafe-eval');
    for (const name of ['/* vega */', '/* vega-lite */', '/* vega-embed */']) expect(html).toContain(name);
    expect(html).toContain('"6.4.3"'); // the pinned vega-lite build
  });

  it('opens with the verdict and the learning curves; what was run comes last', () => {
    expect(body(pages.reproduce).startsWith('<header class="headline" id="headline">')).toBe(true);
    const verdict = JSON.parse(readFileSync(join(pages.reproduce.data.dir, 'verdict.json'), 'utf8')) as {
      sentences: string[];
    };
    expect(verdict.sentences.length).toBeGreaterThanOrEqual(3);
    for (const s of verdict.sentences) expect(html).toContain(`<p>${escapeHtml(s)}</p>`);
    const at = (text: string): number => html.indexOf(text);
    expect(at('id="headline"')).toBeLessThan(at('<h2>Learning curves</h2>'));
    expect(at('<h2>Learning curves</h2>')).toBeLessThan(at('<h2>Published against simulated</h2>'));
    expect(at('<h2>Audit of the hidden choices</h2>')).toBeLessThan(at('<h2>What was run</h2>'));
  });

  it('names table columns in words, not as CSV fields', () => {
    for (const raw of [
      '<th>ci95Low</th>',
      '<th>singleRun95High</th>',
      '<th>logLikelihoodSe</th>',
      '<th>exploitPatternShare</th>',
    ])
      expect(html).not.toContain(raw);
    for (const words of [
      '<th>95 % CI</th>',
      '<th>single runs: central 95 %</th>',
      '<th>log-likelihood</th>',
      '<th>posterior</th>',
    ])
      expect(html).toContain(words);
  });

  it('holds the published-vs-simulated table, the summary, the audit and the manifest', () => {
    expect(html).toContain('Published against simulated');
    expect(html).toContain('exploit.final');
    expect(html).toContain('Paired differences, final round');
    expect(html).toContain('Audit of the hidden choices');
    expect(html).toContain('manifest.json</summary>');
    for (const c of report.charts) expect(html).toContain(`href="${c.name}.vl.json"`);
    expect(html).toContain('href="../reproduce/table.csv"');
  });

  it('gives every figure the decimals hexa reproduce prints, and exact values three', () => {
    const rows = tableAfter(pages.reproduce, '<h2>Published against simulated</h2>').slice(1);
    expect(rows).toHaveLength(FIGURES.length);
    for (const [i, f] of FIGURES.entries()) {
      const [, , mean, ci, exact, single] = rows[i]!;
      const decimals = (text: string): number[] => [...text.matchAll(/\d+\.(\d+)/g)].map((m) => m[1]!.length);
      expect(decimals(mean!), f.id).toEqual(f.digits === 0 ? [] : [f.digits]);
      for (const d of [...decimals(ci!), ...decimals(single!)]) expect(d, f.id).toBe(f.digits);
      if (exact !== '') expect(exact, f.id).toMatch(/^\d+\.\d{3}$/);
    }
    expect(rows.find((r) => r[0]!.startsWith('random.round1'))![4]).toBe('11.599');
  });

  it('names arms in words in the summary, ids in the last column', () => {
    const rows = tableAfter(pages.reproduce, '<h2>Summary</h2>');
    expect(rows[0]![0]).toBe('arm');
    expect(rows[0]!.at(-1)).toBe('id');
    expect(rows[1]![0]).toBe('random control (no library)');
    expect(rows[1]!.at(-1)).toBe('random');
    expect(html).not.toContain('random (random control');
  });

  it('inlines every chart’s SVG for a browser without JavaScript, its ids kept apart from the others’', () => {
    for (const page of Object.values(pages)) {
      const fallbacks = [
        ...page.html.matchAll(/<noscript><div class="static">(<svg[\s\S]*?<\/svg>)<\/div><\/noscript>/g),
      ];
      expect(fallbacks).toHaveLength(page.report.charts.length);
      const ids = fallbacks.flatMap((m) => [...m[1]!.matchAll(/\bid="([^"]+)"/g)].map((x) => x[1]!));
      expect(new Set(ids).size).toBe(ids.length);
      for (const m of fallbacks)
        for (const [, ref] of m[1]!.matchAll(/url\(#([^)]+)\)/g)) expect(m[1]).toContain(`id="${ref}"`);
    }
    // The heat map's legend gradient, under its chart's id: Vega numbers gradients per process, so in a worker that
    // drew charts for other files first it is not gradient_0.
    expect(pages.sweep.html).toMatch(/id="chart-\d+-gradient_\d+"/);
  });

  it('escapes text taken from the folder', () => {
    expect(escapeHtml(`<b>"x" & 'y'</b>`)).toBe('&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;');
  });
});

describe('a run’s page', () => {
  it('opens with the final-round mean, its interval and n, the random baseline and the exact anchors', () => {
    const page = pages.run;
    const run = page.report.summary.groups[0]!;
    const mean = finalMean(run);
    const text = headline(page);
    expect(body(page).startsWith('<header class="headline" id="headline">')).toBe(true);
    expect(text).toContain(`Final round: ${mean.estimate.toFixed(3)} attempts per task`);
    expect(text).toContain(`${mean.ci95![0].toFixed(3)}–${mean.ci95![1].toFixed(3)} over n = 20 runs`);
    expect(text).toMatch(/Random baseline 11\.599 \(exact, uniform guessing\)/);
    expect(text).toMatch(/1 bit fixed by skills: 7\.446 · 2 bits fixed by skills: 3\.987/);
    const at = (s: string): number => page.html.indexOf(s);
    expect(at('</header>')).toBeLessThan(at('<h2>Learning curves</h2>'));
    expect(at('<h2>Learning curves</h2>')).toBeLessThan(at('<h2>Refutation rate'));
  });
});

describe('a sweep’s page', () => {
  it('opens with the best cell, its interval and n, the cells tied with it, the baseline and the worst', () => {
    const page = pages.sweep;
    const [world] = rankCells(page.data, page.report.summary);
    const text = headline(page);
    const best = finalMean(world!.best);
    expect(text).toContain(`Best cell: ${best.estimate.toFixed(3)} attempts per task`);
    expect(text).toContain(
      `Best ${best.estimate.toFixed(3)} (95 % CI ${best.ci95![0].toFixed(3)}–${best.ci95![1].toFixed(3)}, n = 6) at `,
    );
    expect(text).toContain(
      world!.tied.length === 0 ? 'Tied with it no other cell' : `Tied with it ${world!.tied.length} cell`,
    );
    expect(text).toContain('Random baseline 11.599 (exact)');
    expect(text).toContain(`Worst ${finalMean(world!.worst).estimate.toFixed(3)} (95 % CI`);
    const at = (s: string): number => page.html.indexOf(s);
    expect(at('</header>')).toBeLessThan(at('<h2>Heat map'));
    expect(at('<h2>Heat map')).toBeLessThan(at('<h2>Refutation rate'));
  });

  it('sorts its summary by the swept values, parameters first, cell id last, numbers as the CLI prints them', () => {
    const [header, ...rows] = tableAfter(pages.sweep, '<h2>Summary</h2>');
    const swept = pages.sweep.data.swept;
    expect(header!.slice(0, swept.length)).toEqual(swept);
    expect(header!.at(-1)).toBe('cell');
    const keys = rows.map((r) => r.slice(0, swept.length).map(Number));
    const sorted = [...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
    expect(keys).toEqual(sorted);
    for (const r of rows) {
      expect(r.at(-1)).toMatch(/^[0-9a-f]{12}$/);
      expect(r[swept.length + 1]).toMatch(/^\d+\.\d{3} \[\d+\.\d{3}, \d+\.\d{3}\]$/); // mean [95 %]
    }
  });
});

// The same pages in chromium (inChromium.ts): registered here so that one build of the pages serves both.
describeInChromium(() => pages);
