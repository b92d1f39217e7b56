import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../reports/render/html.js';
import { buildReport, type BuiltReport } from '../../../reports/report.js';
import { loadResultFolder } from '../../../reports/resultFolder.js';
import { reproduceFolder, tempDir } from '../fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
let root: string;
let report: BuiltReport;
let html: string;
let reportDir: string;

beforeAll(async () => {
  root = tempDir();
  const data = loadResultFolder(await reproduceFolder(join(root, 'reproduce'), 12, true));
  reportDir = join(root, 'report');
  report = await buildReport(data, {
    seed: 1,
    resamples: 200,
    axes: null,
    source: 'fixtures/reproduce',
    outDir: reportDir,
  });
  mkdirSync(reportDir);
  for (const [name, content] of report.files) writeFileSync(join(reportDir, name), content);
  html = report.files.get('index.html') as string;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
    const body = html.slice(html.indexOf('<body>') + '<body>'.length).trimStart();
    expect(body.startsWith('<header class="headline" id="headline">')).toBe(true);
    const verdict = JSON.parse(readFileSync(join(root, 'reproduce', 'verdict.json'), 'utf8')) as {
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

  it('escapes text taken from the folder', () => {
    expect(escapeHtml(`<b>"x" & 'y'</b>`)).toBe('&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;');
  });
});

describe('index.html in a real browser (Debian chromium through playwright-core)', () => {
  it('renders every chart from disk with no console error and no network request', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium`).toBe(
      true,
    );
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('request', (r) => requests.push(r.url()));
      const url = pathToFileURL(join(reportDir, 'index.html')).href;
      await page.goto(url);
      // Page-side code as text: it runs in the browser, outside this file's (DOM-less) types.
      await page.waitForFunction(
        "[...document.querySelectorAll('.chart')].every((e) => e.dataset.rendered !== undefined)",
        null,
        { timeout: 30_000 },
      );
      const charts = (await page.evaluate(`[...document.querySelectorAll('.chart')].map((e) => ({
        rendered: e.dataset.rendered,
        marks: e.querySelectorAll('svg .mark-symbol path, svg .mark-line path, svg .mark-rect path, svg .mark-area path, svg .mark-rule line').length,
        axisTitles: [...e.querySelectorAll('svg .role-axis-title text')].map((t) => t.textContent ?? ''),
        axisLabels: e.querySelectorAll('svg .role-axis-label text').length,
      }))`)) as { rendered?: string; marks: number; axisTitles: string[]; axisLabels: number }[];
      expect(charts).toHaveLength(report.charts.length);
      for (const c of charts) {
        expect(c.rendered).toBe('true');
        expect(c.marks).toBeGreaterThan(0);
        expect(c.axisTitles.filter((t) => t.length > 3).length).toBeGreaterThan(0);
        expect(c.axisLabels).toBeGreaterThan(0);
      }
      expect(charts[0]!.axisTitles).toContain('Mean attempts per task');
      // The headline is the first thing on the page, and at 1300 px nothing is wider than the page.
      const first = (await page.evaluate(
        '(() => { const e = document.body.firstElementChild; return { id: e.id, top: e.getBoundingClientRect().top, text: e.textContent }; })()',
      )) as { id: string; top: number; text: string };
      expect(first.id).toBe('headline');
      expect(first.text).toContain('The verdict');
      const chartTop = (await page.evaluate("document.querySelector('.chart').getBoundingClientRect().top")) as number;
      expect(first.top).toBeLessThan(chartTop);
      await page.setViewportSize({ width: 1300, height: 900 });
      const widths = (await page.evaluate(
        "[...document.querySelectorAll('.table')].map((e) => [e.scrollWidth, e.clientWidth])",
      )) as [number, number][];
      expect(widths.length).toBeGreaterThanOrEqual(3);
      for (const [scroll, client] of widths) expect(scroll).toBeLessThanOrEqual(client);
      expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(1300);
      expect(problems).toEqual([]);
      expect(requests).toEqual([url]); // the page itself, nothing else

      // Kept after the test, in its own folder (parallel runs never share it), for a person to look at.
      const shot = join(mkdtempSync(join(tmpdir(), 'hexa-report-browser-')), 'screenshot.png');
      await page.screenshot({ path: shot, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(10_000);
    } finally {
      await browser.close();
    }
  });
});
