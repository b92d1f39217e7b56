/**
 * The report pages in a real browser (Debian's chromium through playwright-core), opened from disk at a
 * phone's 390 px and a laptop's 1300 px — a reproduction, a run, a small sweep and an 88-cell one: no page is
 * wider than the window, the headline is the first thing on the first screen, every chart draws within its
 * column with titled axes, no text in a chart is cut short ("…") or drawn outside it, every axis title (a
 * rotated, wrapped y title too) lies wholly inside what its figure shows, a heat map prints a figure only in a
 * cell that holds it, nothing goes to the network and nothing is logged as an error. With JavaScript off, every
 * chart shows as its inlined SVG. html.test.ts registers these tests on the pages it built,
 * so the pages are built once for both.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, ConsoleMessage, Request, Page as Tab } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFolder, tempDir } from '../fixtures.js';
import { writeComparison } from '../../../reports/compare/comparePage.js';
import { chartId } from '../../../reports/render/embed.js';
import type { Chart } from '../../../reports/charts/theme.js';
import { loadResultFolder } from '../../../reports/resultFolder.js';
import type { Page, PageKind } from './pages.js';
import { sharedChromium } from '../../helpers/chromium.js';

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1300, height: 900 },
] as const;

let root: string;
let pages: Record<PageKind, Page>;
/** Every page opened: the report pages, and a comparison of two runs (`hexa report A B`). */
let opened: Record<PageKind | 'compare', { dir: string; charts: readonly { name: string; kind?: string }[] }>;
let browser: Browser;
/**
 * A tab for each screen, every page loaded in it anew (a query of its own makes each load whole; a report page
 * reads nothing of its URL): a tab made for each page cost the browser about a CPU-second to set up.
 */
const tabs = new Map<string, Tab>();
let loads = 0;

/** The tests, on the pages `built` gives once its caller's beforeAll has built them. */
export function describeInChromium(built: () => Record<PageKind, Page>): void {
  describe('in chromium', () => {
    beforeAll(opening(built), 180_000);
    afterAll(closing);
    pageTests();
  });
}

const opening = (built: () => Record<PageKind, Page>) => async (): Promise<void> => {
  root = tempDir();
  pages = built();
  const compared = join(root, 'compare-report');
  const runs = [runFolder(join(root, 'runA'), 20), runFolder(join(root, 'runB'), 20, { agent: { explore: 0.2 } })];
  const folders = runs.map((dir, i) => ({ source: `fixtures/run${'AB'[i]}`, data: loadResultFolder(dir) }));
  const charts = await writeComparison(folders, compared, { seed: 1, resamples: 200 });
  opened = {
    ...(Object.fromEntries(
      Object.entries(pages).map(([k, p]) => [k, { dir: p.dir, charts: p.report.charts }]),
    ) as Record<PageKind, { dir: string; charts: readonly Chart[] }>),
    compare: { dir: compared, charts: charts.map((name) => ({ name })) },
  };
  browser = await sharedChromium();
};

async function closing(): Promise<void> {
  for (const tab of tabs.values()) await tab.close();
  tabs.clear();
  rmSync(root, { recursive: true, force: true });
  if (widths.length > 0) process.stdout.write(`${widths.join('\n')}\n`);
}

interface Measured {
  readonly pageWidth: number;
  readonly first: { id: string; top: number; bottom: number; text: string };
  readonly charts: {
    /** The chart's element id: chart-N for the Nth of the report's charts (a sweep's page shows its heat map first). */
    id: string;
    rendered?: string;
    client: number;
    drawn: number;
    marks: number;
    axisTitles: string[];
    /** Texts vega cut short, and texts drawn beyond the chart's column. */
    cut: string[];
    outside: string[];
    /** The heat map's printed figures wider than their cell, as "text: its width > the cell's". */
    spilled: string[];
    /** Axis titles not wholly inside what the figure shows (its SVG within its column), with their boxes. */
    titlesOutside: string[];
  }[];
}

/** Page-side code as text: it runs in the browser, outside this file's (DOM-less) types. */
const MEASURE = `(() => {
  const first = document.body.firstElementChild;
  const box = first.getBoundingClientRect();
  return {
    pageWidth: document.documentElement.scrollWidth,
    first: { id: first.id, top: box.top, bottom: box.bottom, text: first.textContent },
    charts: [...document.querySelectorAll('.chart')].map((e) => ({
      id: e.id,
      rendered: e.dataset.rendered,
      client: e.clientWidth,
      drawn: e.querySelector('svg')?.getBoundingClientRect().width ?? 0,
      marks: e.querySelectorAll('svg .mark-symbol path, svg .mark-line path, svg .mark-rect path, svg .mark-area ' +
        'path, svg .mark-rule line').length,
      axisTitles: [...e.querySelectorAll('svg .role-axis-title text')].map((t) => t.textContent ?? ''),
      cut: [...e.querySelectorAll('svg text')].map((t) => t.textContent ?? '').filter((t) => t.includes('…')),
      outside: [...e.querySelectorAll('svg text')].filter((t) => {
        const b = t.getBoundingClientRect(); const c = e.getBoundingClientRect();
        return b.width > 0 && (b.left < c.left - 1 || b.right > c.right + 1);
      }).map((t) => t.textContent ?? ''),
      titlesOutside: (() => {
        const c = e.getBoundingClientRect(); const s = e.querySelector('svg')?.getBoundingClientRect() ?? c;
        const left = Math.max(c.left, s.left); const right = Math.min(c.right, s.right);
        const box = (b) => '[' + [b.left, b.right, b.top, b.bottom].map(Math.round).join(', ') + ']';
        return [...e.querySelectorAll('svg .role-axis-title text')].filter((t) => {
          const b = t.getBoundingClientRect();
          return b.width > 0 &&
            (b.left < left - 1 || b.right > right + 1 || b.top < s.top - 1 || b.bottom > s.bottom + 1);
        }).map((t) => t.textContent + ' ' + box(t.getBoundingClientRect()) + ' outside ' +
          box({ left, right, top: s.top, bottom: s.bottom }));
      })(),
      spilled: (() => {
        const cells = [...e.querySelectorAll('svg .mark-rect path')].map((r) => r.getBoundingClientRect())
          .filter((r) => r.width > 0);
        return [...e.querySelectorAll('svg .mark-text text')].filter((t) => getComputedStyle(t).opacity !== '0' &&
          Number(t.getAttribute('opacity') ?? '1') > 0).flatMap((t) => {
          const b = t.getBoundingClientRect();
          const cell = cells.find((r) => r.left <= b.left + b.width / 2 && b.left + b.width / 2 <= r.right &&
            r.top <= b.top + b.height / 2 && b.top + b.height / 2 <= r.bottom);
          return cell !== undefined && b.width > cell.width ? [t.textContent + ': ' + Math.round(b.width) + ' > ' +
            Math.round(cell.width)] : [];
        });
      })(),
    })),
  };
})()`;

const widths: string[] = [];

function pageTests(): void {
  describe.each(['reproduce', 'run', 'sweep', 'large', 'compare'] as const)('the %s page in chromium', (kind) => {
    it.each(SCREENS)(
      'at $width px ($name): fits, opens with its headline, draws every chart, logs no error',
      async (screen) => {
        const page = opened[kind];
        let tab = tabs.get(screen.name);
        if (tab === undefined) {
          tab = await browser.newPage({ viewport: { width: screen.width, height: screen.height } });
          tabs.set(screen.name, tab);
        }
        const problems: string[] = [];
        const requests: string[] = [];
        const logged = (m: ConsoleMessage): void => {
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
        };
        const thrown = (e: Error): void => void problems.push(`page error: ${e.message}`);
        const asked = (r: Request): void => void requests.push(r.url());
        tab.on('console', logged);
        tab.on('pageerror', thrown);
        tab.on('request', asked);
        const url = `${pathToFileURL(join(page.dir, 'index.html')).href}?load=${++loads}`;
        try {
          await tab.goto(url);
          await tab.waitForFunction(
            "[...document.querySelectorAll('.chart')].every((e) => e.dataset.rendered !== undefined)",
            null,
            { timeout: 60_000 },
          );
          const m = (await tab.evaluate(MEASURE)) as Measured;
          widths.push(`${kind} at ${screen.width} px: page ${m.pageWidth} px wide`);
          expect(m.pageWidth).toBeLessThanOrEqual(screen.width);
          expect(m.first.id).toBe('headline');
          expect(m.first.top).toBeGreaterThanOrEqual(0);
          expect(m.first.top).toBeLessThan(screen.height / 4);
          const opening = { reproduce: 'The verdict', run: 'Final round:', compare: 'Final round: A − B' }[
            kind as string
          ];
          expect(m.first.text).toContain(opening ?? 'Best');
          expect(m.charts).toHaveLength(page.charts.length);
          const byId = new Map(page.charts.map((chart, i) => [chartId(i), chart]));
          expect(m.charts.map((c) => c.id).sort()).toEqual([...byId.keys()].sort());
          for (const c of m.charts) {
            const chart = byId.get(c.id)!;
            const name = `${kind}: ${chart.name}`;
            expect(c.rendered, name).toBe('true');
            expect(c.marks, name).toBeGreaterThan(0);
            expect(c.drawn, name).toBeGreaterThan(0);
            expect(c.drawn, name).toBeLessThanOrEqual(c.client + 1);
            expect(c.axisTitles.filter((t) => t.length > 3).length, name).toBeGreaterThan(0);
            expect(c.cut, name).toEqual([]);
            expect(c.outside, name).toEqual([]);
            expect(c.titlesOutside, name).toEqual([]);
            if (chart.kind === 'heatmap') expect(c.spilled, name).toEqual([]);
          }
          expect(problems).toEqual([]);
          expect(requests).toEqual([url]); // the page itself, nothing else

          // Kept after the test, in its own folder (parallel runs never share it), for a person to look at.
          const shot = join(mkdtempSync(join(tmpdir(), `hexa-report-${kind}-${screen.width}-`)), 'screenshot.png');
          await tab.screenshot({ path: shot, fullPage: true });
          expect(statSync(shot).size).toBeGreaterThan(10_000);
        } finally {
          tab.off('console', logged);
          tab.off('pageerror', thrown);
          tab.off('request', asked);
        }
      },
    );
  });

  describe('on resizing the window', () => {
    it('redraws the charts to the new width: a laptop window narrowed to a phone’s still fits', async () => {
      const tab = await browser.newPage({ viewport: { width: 1300, height: 900 } });
      try {
        await tab.goto(pathToFileURL(join(pages.sweep.dir, 'index.html')).href);
        // Polled from here: the page's CSP forbids the eval that waitForFunction's own polling needs here.
        const settled = async (): Promise<void> => {
          const test =
            "[...document.querySelectorAll('.chart')].every((e) => e.dataset.width === String(e.clientWidth))";
          for (let waited = 0; !(await tab.evaluate(test)); waited += 200) {
            if (waited > 60_000) throw new Error('the charts were not redrawn within a minute');
            await new Promise((r) => setTimeout(r, 200));
          }
        };
        await settled();
        await tab.setViewportSize({ width: 390, height: 844 });
        await new Promise((r) => setTimeout(r, 300)); // past the page's 150 ms debounce
        await settled();
        const m = (await tab.evaluate(MEASURE)) as Measured;
        expect(m.pageWidth).toBeLessThanOrEqual(390);
        for (const c of m.charts) expect(c.drawn).toBeLessThanOrEqual(c.client + 1);
      } finally {
        await tab.close();
      }
    });
  });

  describe('with JavaScript off', () => {
    it.each(['reproduce', 'run', 'sweep'] as const)(
      'the %s page shows every chart as its SVG, within a phone’s width',
      async (kind) => {
        const page = pages[kind];
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
        try {
          const tab = await context.newPage();
          await tab.goto(pathToFileURL(join(page.dir, 'index.html')).href);
          const shown = (await tab.evaluate(
            "[...document.querySelectorAll('.static svg')].map((s) => { const b = s.getBoundingClientRect(); return " +
              '[b.width, b.height]; })',
          )) as [number, number][];
          expect(shown).toHaveLength(page.report.charts.length);
          for (const [w, h] of shown) {
            expect(w).toBeGreaterThan(100);
            expect(w).toBeLessThanOrEqual(390);
            expect(h).toBeGreaterThan(50);
          }
          expect((await tab.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
        } finally {
          await context.close();
        }
      },
    );
  });
}
