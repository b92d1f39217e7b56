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
