/**
 * The explorer's page in Chromium (Debian's, through playwright-core), opened from file:// with a link in its hash:
 * its CSV is the CLI's byte for byte across worlds and policies, on 1 and 4 workers; a control moved by keyboard
 * moves the link, the command and the curve; a bad value in the link shows the CLI's own line; a pasted command
 * comes back as the same command; and the page asks the network for nothing and logs no error. One browser and
 * one tab for the whole file; the page and the CLI are built from the current sources.
 */
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandOf, linkHash, readCommand } from '../../../scripts/explorer/link.js';
import { sharedChromium } from '../../helpers/chromium.js';
import { builtPage } from './builtPage.js';
import { hexaHere } from '../../helpers/inProcess.js';

let browser: Browser;
/**
 * The one tab every link opens in. Each link is a whole load of the page (a new document with its own workers):
 * a query of its own makes the navigation more than a hash edit, and the page reads nothing but the hash. A tab
 * made for each link cost the browser about half a CPU-second to set up.
 */
let tab: Page;
let opened = 0;
let url: string;
/** What the pages did that they must not: requests beyond the file, console errors, uncaught errors. */
const trouble: string[] = [];

beforeAll(async () => {
  url = pathToFileURL(builtPage()).href;
  browser = await sharedChromium();
  tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  tab.on('request', (r) => {
    if (!/^(file|blob|data):/.test(r.url())) trouble.push(`request ${r.url()}`);
  });
  tab.on('console', (m) => {
    if (m.type() === 'error') trouble.push(`console ${m.text()}`);
  });
  tab.on('pageerror', (e) => trouble.push(`pageerror ${e.message}`));
}, 120_000);
afterAll(async () => {
  await tab?.close();
});

async function open(hash: string): Promise<Page> {
  opened++;
  await tab.goto(`${url}?open=${opened}#${hash}`);
  return tab;
}

/** Wait for the run of the current setting to finish (every replicate of every arm drawn). */
async function done(page: Page): Promise<void> {
  await page.waitForSelector('body[data-done="true"]', { timeout: 60_000 });
}

async function downloaded(page: Page, button = '#download-csv'): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return readFileSync((await file.path())!, 'utf8');
}

/** The CLI's CSV for a command line the page shows. */
async function cliCsv(command: string): Promise<string> {
  const args = command.split(' ').slice(2);
  const r = await hexaHere(['run', ...args, '--csv', '-']);
  expect(r.stderr).toBe('');
  return r.stdout;
}

const hashOf = (command: string, workers?: number): string => {
  const { settings, params } = readCommand(command);
  return linkHash({ version: '0.1.0', view: 'run', settings, params, armB: null, ...(workers ? { workers } : {}) });
};

/** Worlds, actors, lifecycles and exploration policies; replicates few, so the file stays quick. */
const CONFIGURATIONS = [
  'hexa run --replicates 30',
  'hexa run --env drift-lock-v1 --replicates 20 --explore 0.2 --routing separate --param flips=2',
  'hexa run --env noisy-lock-v1 --replicates 20 --cadence task --lifecycle evobelief',
  'hexa run --env mastermind-v1 --replicates 8 --actor consistent --no-library --param pegs=3',
  'hexa run --env flaky-tools-v1 --replicates 8 --lifecycle hexa-paper --breaker-failures 3',
  'hexa run --env api-contract-v1 --replicates 8 --exploration refutation',
];

describe('the explorer page, opened from file://', () => {
  it('is one file within its budget', () => {
    expect(statSync(new URL(url)).size).toBeLessThan(1.5 * 1024 * 1024);
  });

  it.each(CONFIGURATIONS)(
    'downloads the CLI’s CSV, byte for byte: %s',
    async (command) => {
      const page = await open(hashOf(command));
      await done(page);
      expect(await page.inputValue('#run-command')).toBe(command);
      expect(await downloaded(page)).toBe(await cliCsv(command));
    },
    90_000,
  );

  it('gives the same bytes on 1 and 4 workers, and the second arm’s CSV is its command’s', async () => {
    const command = 'hexa run --seed 5 --replicates 24';
    const csvs: string[] = [];
    for (const workers of [1, 4]) {
      const page = await open(`${hashOf(command, workers)}&b.explore=0.2&b.routing=separate`);
      await done(page);
      csvs.push(await downloaded(page));
      const commands = (await page.inputValue('#run-command')).split('\n');
      expect(commands).toEqual([command, `${command} --explore 0.2 --routing separate`]);
      expect(await downloaded(page, '#download-csv-b')).toBe(await cliCsv(commands[1]!));
      expect(await page.textContent('#run-difference-text')).toMatch(/^Round 5: A − B = -?\d+\.\d{3} attempts, 95 %/);
    }
    expect(csvs[1]).toBe(csvs[0]);
    expect(csvs[0]).toBe(await cliCsv(command));
  }, 90_000);

  it('moves the hash, the command and the curve when a control is moved by keyboard', async () => {
    const page = await open('replicates=20');
    await done(page);
    const before = await page.innerHTML('#run-curve svg');
    await page.focus('#f-explore');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction("location.hash.includes('explore')");
    await done(page);
    expect(await page.evaluate('location.hash')).toBe('#v=0.1.0&replicates=20&explore=0.01');
    expect(await page.inputValue('#run-command')).toBe('hexa run --replicates 20 --explore 0.01');
    expect(await page.innerHTML('#run-curve svg')).not.toBe(before);
    expect(await downloaded(page)).toBe(await cliCsv('hexa run --replicates 20 --explore 0.01'));
  }, 90_000);

  it('shows the CLI’s own line for a bad value in the link, and runs nothing', async () => {
    for (const [hash, args] of [
      ['explore=1.5', ['--explore', '1.5']],
      ['env=lock-v2', ['--env', 'lock-v2']],
      ['replicates=20&threshold=0', ['--threshold', '0']],
    ] as const) {
      const page = await open(hash);
      const cli = await hexaHere(['run', ...args, '--replicates', '1']);
      expect(cli.status).toBe(2);
      await expect.poll(() => page.textContent('#run-error')).toBe(cli.stderr.trim());
      expect(await page.getAttribute('body', 'data-done')).toBeNull();
    }
  }, 60_000);

  it('takes a pasted command: command → hash → command', async () => {
    const page = await open('replicates=10');
    await done(page);
    const command =
      'hexa run --env drift-lock-v1 --seed 9 --replicates 10 --threshold 0.75 --cadence task --param every=30';
    await page.fill('#paste-command', command);
    await page.press('#paste-command', 'Enter');
    await done(page);
    const hash = await page.evaluate('location.hash');
    expect(hash).toBe(`#${hashOf(command)}`);
    expect(await page.inputValue('#run-command')).toBe(command);
    const { settings, params } = readCommand(command);
    expect(commandOf(settings, params)).toBe(command);
  }, 90_000);

  it('draws a sweep’s heat map with the best cell and its ties marked, and its hexa sweep command', async () => {
    const page = await open('view=sweep&replicates=12&threshold=0.75,0.9&explore=0,0.2');
    await page.waitForSelector('body[data-sweep-done="true"]', { timeout: 60_000 });
    expect(await page.inputValue('#sweep-command')).toBe(
      'hexa sweep --replicates 12 --threshold 0.75,0.9 --explore 0,0.2',
    );
    expect(await page.locator('#sweep-heatmap svg .mark-rect path').count()).toBeGreaterThanOrEqual(4);
    expect(await page.textContent('#sweep-best')).toMatch(/^Fewest attempts: threshold 0\.75, explore 0 \(/);
    // The run view takes the grid's first values.
    await page.click('#tab-run');
    await done(page);
    expect(await page.inputValue('#run-command')).toBe('hexa run --replicates 12 --threshold 0.75 --explore 0');
  }, 90_000);

  it('sets the published figures beside single runs, and a preset of the audit sets the hidden choices', async () => {
    const page = await open('view=reproduce&replicates=20');
    const reproduced = (): Promise<unknown> =>
      page.waitForSelector('body[data-reproduce-done="true"]', { timeout: 60_000 });
    await reproduced();
    expect(await page.locator('table.figures tbody tr').count()).toBe(19);
    expect(await page.inputValue('#reproduce-command')).toBe('hexa reproduce --replicates 20');
    await page.click('text=credible #1');
    await page.waitForFunction("location.hash.includes('explore-unit=task')");
    await reproduced();
    expect(await page.inputValue('#reproduce-command')).toMatch(
      /^hexa reproduce --replicates 20 .*--explore-unit task/,
    );
  }, 90_000);

  it('asked the network for nothing and logged no error', () => {
    expect(trouble).toEqual([]);
  });
});
