/**
 * Debian's chromium through playwright-core, for the tests that need a real browser (no browser is ever
 * downloaded): headless, without the sandbox a container lacks, the GPU, or any traffic of its own.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** Launch it, or fail naming the package to install. */
export async function launchChromium(): Promise<Browser> {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y --no-install-recommends chromium`).toBe(
    true,
  );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

let shared: Browser | undefined;

/**
 * The browser of this test process: launched by the first test file that asks, and kept for the files that the
 * same worker runs after it (they share one module graph, vitest.config.ts), where each file launched one of its
 * own — a browser's start-up each time. Playwright ends it with the process. A file closes the tabs it opened.
 */
export async function sharedChromium(): Promise<Browser> {
  if (shared === undefined || !shared.isConnected()) shared = await launchChromium();
  return shared;
}
