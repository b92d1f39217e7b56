/**
 * `hexa-sim/engine` in a browser: the bundle (engineBundle.ts) runs in a Web Worker of Chromium, started from
 * a Blob URL in a page opened from a data: URL, and writes for every built-in world the CSV that `hexa run
 * --csv` writes, byte for byte. The worker builds each configuration with the engine's own API (the world's
 * declared defaults, the published protocol), as a page would.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ENVS } from '../../../envs/registry.js';
import { sharedChromium } from '../../helpers/chromium.js';
import { hexaHere } from '../../helpers/inProcess.js';
import { tempDir } from '../sweep/cli.js';
import { bundleForBrowser, ENGINE_ENTRY } from './engineBundle.js';

const WORLDS = BUILT_IN_ENVS.map((s) => s.id);
const SEED = 7;
const REPLICATES = 3;

/** What the worker answers: each world's CSV, or the error it stopped at; and whether it saw Node. */
interface Answer {
  readonly csv?: Record<string, string>;
  readonly error?: string;
  readonly node: boolean;
}

/** A Web Worker, as far as this test talks to one. */
interface PageWorker {
  onmessage: ((event: { readonly data: Answer }) => void) | null;
  onerror: ((event: { readonly message: string }) => void) | null;
  postMessage(message: unknown): void;
}

/** Runs in the page: a worker that imports the engine's bundle (an ES module) and runs every world. */
async function inWorker(args: {
  bundle: string;
  worlds: readonly string[];
  seed: number;
  replicates: number;
}): Promise<Answer> {
  const url = (text: string): string => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  // A classic worker that imports the bundle: a page of no origin (data:) may not start a module worker.
  const driver = `onmessage = async ({ data }) => {
  const node = typeof process !== 'undefined' || typeof Buffer !== 'undefined';
  try {
    const engine = await import(${JSON.stringify(url(args.bundle))});
    const csv = {};
    for (const id of data.worlds) {
      const spec = engine.findEnv(id);
      const envParams = engine.resolveEnvParams(spec, {});
      const run = { ...engine.PUBLISHED_RUN, env: id, envParams, seed: data.seed, replicates: data.replicates };
      const config = engine.normalizeRun(run);
      csv[id] = engine.runCsv(config, engine.runExperiment(config).replicates);
    }
    postMessage({ csv, node });
  } catch (e) {
    postMessage({ error: String((e && e.stack) || e), node });
  }
};`;
  // The page's Worker (the tests' compiler knows Node's globals, not the DOM's).
  const { Worker } = globalThis as unknown as { Worker: new (script: string) => PageWorker };
  const worker = new Worker(url(driver));
  return new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => resolve({ error: `worker: ${e.message}`, node: false });
    worker.postMessage({ worlds: args.worlds, seed: args.seed, replicates: args.replicates });
  });
}

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await sharedChromium();
  dir = tempDir('engine-browser');
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the engine in a browser', () => {
  it("writes every built-in world's CSV in a Web Worker, to the bytes of hexa run --csv", async () => {
    expect(WORLDS.length).toBeGreaterThanOrEqual(6);
    const { text } = await bundleForBrowser(ENGINE_ENTRY);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('data:text/html,<!doctype html><title>engine</title>');
    const answer = await page.evaluate(inWorker, { bundle: text, worlds: WORLDS, seed: SEED, replicates: REPLICATES });
    await page.close();
    expect(answer.error).toBeUndefined();
    expect(answer.node).toBe(false);
    expect(errors).toEqual([]);
    for (const id of WORLDS) {
      const file = join(dir, `${id}.csv`);
      const args = ['run', '--env', id, '--seed', String(SEED), '--replicates', String(REPLICATES), '--csv', file];
      const cli = await hexaHere([...args, '--quiet']);
      expect(cli.status, cli.stderr).toBe(0);
      const bytes = new TextEncoder().encode(answer.csv?.[id]);
      expect(Buffer.from(bytes).equals(readFileSync(file)), `${id}: the browser's CSV differs from the CLI's`).toBe(
        true,
      );
    }
  });
});
